// Shared by the start, test and bench scripts. Node built-ins only: these run before any install.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mustRun(command, args, what) {
  const status = run(command, args);
  if (status !== 0) {
    console.error(`\n✖ ${what} failed (exit ${status}).`);
    process.exit(status);
  }
}

/** Installs the workspace's packages when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // `npm install`, not `npm ci`: this machine's registry has no other-platform builds of the
  // optional native packages (biome, rolldown …), so the lock file cannot list them and `npm ci`
  // refuses it. With the lock file present, `npm install` installs exactly what it pins.
  console.log('▸ Installing dependencies…');
  mustRun('npm', ['install', '--no-audit', '--no-fund'], 'npm install');
}

/** Builds the web app into apps/web/dist. */
export function buildWeb() {
  console.log('▸ Building the web app…');
  const status = run('npm', ['run', 'build', '--silent', '-w', '@helio/web'], {
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (status !== 0) {
    console.error('\n✖ The web build failed.');
    process.exit(status);
  }
}

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser). Installs it with apt-get
 * when missing and running as root; otherwise says what to do.
 */
export function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `✖ Chromium is missing at ${chromiumPath}. Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log("▸ Installing Debian's chromium for the browser tests…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env }) !== 0) {
    run('apt-get', ['update'], { env });
    mustRun('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], 'Installing chromium');
  }
}

export const mosquittoPath = process.env.MOSQUITTO_PATH || '/usr/sbin/mosquitto';
export const mosquittoControlPath = process.env.MOSQUITTO_CTRL_PATH || '/usr/bin/mosquitto_ctrl';

/**
 * The production device-link tests run a real Mosquitto (with its dynamic-security plugin, which
 * ships in Debian's mosquitto package) and mosquitto_ctrl (from mosquitto-clients). Installs both
 * with apt-get when missing and running as root; otherwise says what to do.
 */
export function ensureMosquitto() {
  if (existsSync(mosquittoPath) && existsSync(mosquittoControlPath)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `✖ Mosquitto is missing (${mosquittoPath}, ${mosquittoControlPath}). Install Debian's packages (sudo apt-get install -y mosquitto mosquitto-clients) or set MOSQUITTO_PATH and MOSQUITTO_CTRL_PATH.`,
    );
    process.exit(1);
  }
  console.log("▸ Installing Debian's mosquitto and mosquitto-clients for the device-link tests…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const packages = ['mosquitto', 'mosquitto-clients'];
  if (run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env }) !== 0) {
    run('apt-get', ['update'], { env });
    mustRun('apt-get', ['install', '-y', '--no-install-recommends', ...packages], 'Installing mosquitto');
  }
}

/** Runs a binary from node_modules/.bin and exits with its status. */
export function execBin(name, args, env = process.env) {
  process.exit(run(path.join(root, 'node_modules/.bin', name), args, { env }));
}
