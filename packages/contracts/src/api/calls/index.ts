import type { CallDef } from '../call.ts';
import * as auth from './auth.ts';
import * as common from './common.ts';
import * as user from './user.ts';

export { auth, common, user };

/** Every call of the API, by domain; the server's route test walks this list. */
export const allCalls: CallDef[] = [
  auth.login,
  auth.logout,
  common.getWebVer,
  common.currency,
  common.timezone,
  common.areainfo,
  user.register,
  user.registerUser,
  user.addInstallerUser,
  user.edit,
  user.info,
  user.changePwd,
  user.getInstallerLower,
  user.deleteUserInstaller,
  user.sendEmailCode,
  user.forgetpwd,
];
