import type { MenuItem } from '@helio/contracts';

/** Screens reached from another menu entry's screen highlight that entry. */
const parentScreens: Record<string, string> = {
  '/station-detail': '/dashboard',
};

/** The path of the sidebar entry to highlight for a route: the longest entry path the route lies under. */
export function selectedMenuPath(menuList: readonly MenuItem[], pathname: string): string | undefined {
  const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  const parent = Object.entries(parentScreens).find(([prefix]) => under(pathname, prefix));
  const route = parent ? parent[1] : pathname;
  return menuList
    .map((item) => item.path)
    .filter((path) => under(route, path))
    .sort((a, b) => b.length - a.length)[0];
}
