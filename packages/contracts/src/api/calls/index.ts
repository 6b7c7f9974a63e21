import type { CallDef } from '../call.ts';
import * as auth from './auth.ts';
import * as common from './common.ts';

export { auth, common };

/** Every call of the API, by domain; the server's route test walks this list. */
export const allCalls: CallDef[] = [
  auth.login,
  auth.logout,
  common.getWebVer,
  common.currency,
  common.timezone,
  common.areainfo,
];
