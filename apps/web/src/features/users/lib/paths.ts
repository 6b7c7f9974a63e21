/** User management (SPEC.md §2), installers only. */
export const USER_LIST_PATH = '/myUser/myUser';
