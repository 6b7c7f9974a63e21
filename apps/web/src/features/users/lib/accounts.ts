import { type AccountItem, RoleId } from '@helio/contracts';

/** An account of the tree view with the accounts directly under it. */
export type AccountNode = AccountItem & { children?: AccountNode[] };

/**
 * Nests a flat list of accounts under their installers (`installer_id`) for the tree view, keeping
 * the list's order at every level. An account whose installer is not in the list (the caller, or an
 * account on another page) stays at the top, as does any account that would close a loop.
 */
export function buildAccountTree(list: readonly AccountItem[]): AccountNode[] {
  const nodes = new Map<number, AccountNode>();
  for (const item of list) if (!nodes.has(item.user_id)) nodes.set(item.user_id, { ...item });

  const parentOf = new Map<number, number>();
  const underItself = (child: number, parent: number): boolean => {
    for (let at: number | undefined = parent; at !== undefined; at = parentOf.get(at)) {
      if (at === child) return true;
    }
    return false;
  };

  const roots: AccountNode[] = [];
  const placed = new Set<number>();
  for (const item of list) {
    if (placed.has(item.user_id)) continue;
    placed.add(item.user_id);
    const node = nodes.get(item.user_id)!;
    const parent = item.installer_id === null ? undefined : nodes.get(item.installer_id);
    if (parent && !underItself(item.user_id, parent.user_id)) {
      parentOf.set(item.user_id, parent.user_id);
      parent.children = [...(parent.children ?? []), node];
    } else {
      roots.push(node);
    }
  }
  return roots;
}

/** Ids of the tree's accounts that have accounts under them: the rows that can expand. */
export function expandableIds(tree: readonly AccountNode[]): number[] {
  const ids: number[] = [];
  const walk = (nodes: readonly AccountNode[]) => {
    for (const node of nodes) {
      if (node.children?.length) {
        ids.push(node.user_id);
        walk(node.children);
      }
    }
  };
  walk(tree);
  return ids;
}

/** The role column: "Installer L2" or "End user", as a translation key and its values. */
export function roleLabel(account: Pick<AccountItem, 'role_id' | 'installer_level'>): {
  key: 'users.roleInstallerLevel' | 'users.roleInstaller' | 'users.roleEndUser';
  level?: number;
} {
  if (account.role_id !== RoleId.installer) return { key: 'users.roleEndUser' };
  return account.installer_level === null
    ? { key: 'users.roleInstaller' }
    : { key: 'users.roleInstallerLevel', level: account.installer_level };
}
