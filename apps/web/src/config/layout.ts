/** SPEC.md §9: below this width the layout is mobile and the sidebar becomes a drawer. */
export const MOBILE_BREAKPOINT_PX = 992;
/** SPEC.md §2, §9. */
export const SIDEBAR_WIDTH_PX = 176;
/** Width of the collapsed desktop sidebar: icons only. */
export const SIDEBAR_COLLAPSED_WIDTH_PX = 64;
/** Cookie keeping the desktop sidebar open ('1') or collapsed ('0') (SPEC.md §3). */
export const SIDEBAR_COOKIE = 'sidebarStatus';
