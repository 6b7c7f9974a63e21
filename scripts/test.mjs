// `npm test`: every test on a fresh machine. Installs the packages and Debian's Chromium when
// missing, then runs all vitest projects (contracts, db, server, web, e2e). Extra arguments go to
// vitest, e.g. `npm test -- --project server`.
import { chromiumPath, ensureChromium, ensureDependencies, execBin } from './lib/setup.mjs';

const args = process.argv.slice(2);
ensureDependencies();
const wantsBrowser = !args.includes('--project') || args.some((a) => a === 'e2e' || a === '--project=e2e');
if (wantsBrowser) ensureChromium();
execBin('vitest', ['run', ...args], { ...process.env, CHROMIUM_PATH: chromiumPath });
