// `npm run bench:web`: what the login page and the signed-in layout cost a browser.
// Prints the gzipped size of every JavaScript and CSS file each loads (budget: ≤ 250 KB of gzipped
// JavaScript before login) and the time to a usable login page in Chromium on localhost (median of
// cold loads, each in a fresh browser context with an empty cache).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, chromiumPath, ensureChromium, ensureDependencies, root } from './lib/setup.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const JS_BUDGET_KB = 250;

ensureDependencies();
ensureChromium();
buildWeb();
const { chromium } = await import('playwright-core');

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'helio-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO: '1',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;

async function waitForHealth() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

const dist = path.join(root, 'apps/web/dist');
function gzippedBytes(url) {
  const file = path.join(dist, new URL(url).pathname);
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

function kind(url) {
  if (url.endsWith('.js')) return 'js';
  if (url.endsWith('.css')) return 'css';
  return null;
}

function summarise(urls) {
  const files = [...urls].map((url) => ({ url, kind: kind(url), bytes: gzippedBytes(url) }));
  const total = (k) => files.filter((f) => f.kind === k).reduce((sum, f) => sum + f.bytes, 0);
  return { files, js: total('js'), css: total('css') };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  await waitForHealth();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const times = [];
  let loginAssets;
  let layoutAssets;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const loaded = new Set();
    page.on('response', (response) => {
      if (kind(response.url()) && response.url().startsWith(base)) loaded.add(response.url());
    });
    await page.goto(`${base}/login`);
    await page.getByTestId('login-submit').waitFor({ state: 'visible' });
    times.push(await page.evaluate(() => performance.now()));
    if (run === 0) {
      await page.waitForLoadState('networkidle');
      loginAssets = new Set(loaded);
      await page.getByTestId('login-username').fill('demo');
      await page.getByTestId('login-password').fill('demo123');
      await page.getByTestId('login-submit').click();
      await page.getByTestId('app-layout').waitFor({ state: 'visible' });
      await page.waitForLoadState('networkidle');
      layoutAssets = new Set([...loaded].filter((url) => !loginAssets.has(url)));
    }
    await context.close();
  }
  await browser.close();

  const login = summarise(loginAssets);
  const layout = summarise(layoutAssets);
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log('\nLogin page (before sign-in):');
  for (const f of login.files)
    console.log(`  ${f.kind.padEnd(4)} ${kb(f.bytes).padStart(10)}  ${new URL(f.url).pathname}`);
  console.log(
    `  total JavaScript ${kb(login.js)} gzipped (budget ${JS_BUDGET_KB} KB), CSS ${kb(login.css)} gzipped`,
  );
  console.log('\nSigned-in layout (loaded in addition):');
  for (const f of layout.files)
    console.log(`  ${f.kind.padEnd(4)} ${kb(f.bytes).padStart(10)}  ${new URL(f.url).pathname}`);
  console.log(`  total JavaScript ${kb(layout.js)} gzipped, CSS ${kb(layout.css)} gzipped`);
  console.log(
    `\nTime to a usable login page (submit button visible), ${RUNS} cold loads: median ${median.toFixed(0)} ms, min ${times[0].toFixed(0)} ms, max ${times[times.length - 1].toFixed(0)} ms`,
  );
  console.log(
    login.js / 1024 <= JS_BUDGET_KB ? 'Within the JavaScript budget.' : 'OVER the JavaScript budget.',
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
