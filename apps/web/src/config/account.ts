/** SPEC.md §4, §9: after a password change the user is signed out after 2 seconds. */
export const SIGN_OUT_AFTER_PASSWORD_CHANGE_MS = 2000;
