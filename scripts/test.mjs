// `npm test`: every test on a fresh machine. Installs the packages, Debian's Chromium and
// Mosquitto when missing, then runs all vitest projects (contracts, db, server, web, e2e). Extra
// arguments go to vitest, e.g. `npm test -- --project server`.
import { chromiumPath, ensureChromium, ensureDependencies, ensureMosquitto, execBin } from './lib/setup.mjs';

const args = process.argv.slice(2);
ensureDependencies();
const wantsBrowser = !args.includes('--project') || args.some((a) => a === 'e2e' || a === '--project=e2e');
if (wantsBrowser) ensureChromium();
const wantsServer =
  !args.includes('--project') || args.some((a) => a === 'server' || a === '--project=server');
// the production device link is tested against a real Mosquitto the tests start
if (wantsServer) ensureMosquitto();
execBin('vitest', ['run', ...args], { ...process.env, CHROMIUM_PATH: chromiumPath });
