// `npm start`: installs what is missing, builds the web app and starts the whole portal on one
// port: API, web app and the embedded database, with the demo account (DEMO=0 turns it off).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWeb, ensureDependencies, root } from './lib/setup.mjs';

ensureDependencies();
buildWeb();

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { DEMO: '1', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
