import type { AccountItem } from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import { buildAccountTree, expandableIds, roleLabel } from '../src/features/users/lib/accounts.ts';

function account(
  user_id: number,
  installer_id: number | null,
  extra: Partial<AccountItem> = {},
): AccountItem {
  return {
    user_id,
    user_name: `user${user_id}`,
    email: `user${user_id}@example.com`,
    role_id: 2,
    installer_level: null,
    installer_id,
    installer_name: installer_id === null ? null : `user${installer_id}`,
    created_at: '2024-05-01T08:00:00.000Z',
    user_count: 0,
    station_count: 0,
    ...extra,
  };
}

/** The tree as nested ids, for readable expectations. */
type Shape = number | [number, Shape[]];
function shape(nodes: ReturnType<typeof buildAccountTree>): Shape[] {
  return nodes.map((node) => (node.children ? [node.user_id, shape(node.children)] : node.user_id));
}

describe('the account tree', () => {
  it('nests accounts under their installers and keeps the order of the list', () => {
    const list = [
      account(10, null, { role_id: 1, installer_level: 2 }),
      account(20, null),
      account(11, 10, { role_id: 1, installer_level: 3 }),
      account(12, 10),
      account(13, 11),
    ];
    expect(shape(buildAccountTree(list))).toEqual([[10, [[11, [13]], 12]], 20]);
  });

  it('nests children listed before their installer too', () => {
    expect(shape(buildAccountTree([account(13, 11), account(11, 10), account(10, null)]))).toEqual([
      [10, [[11, [13]]]],
    ]);
  });

  it('keeps at the top an account whose installer is not in the list (the caller, another page)', () => {
    expect(shape(buildAccountTree([account(30, 99), account(31, 30)]))).toEqual([[30, [31]]]);
  });

  it('does not change the list it was given', () => {
    const list = [account(10, null), account(11, 10)];
    buildAccountTree(list);
    expect(list.every((item) => !('children' in item))).toBe(true);
  });

  it('survives ids that loop or repeat, losing no account', () => {
    const tree = buildAccountTree([account(1, 2), account(2, 1), account(3, 3), account(1, 2)]);
    const ids: number[] = [];
    const walk = (nodes: typeof tree) => {
      for (const node of nodes) {
        ids.push(node.user_id);
        walk(node.children ?? []);
      }
    };
    walk(tree);
    expect(ids.sort()).toEqual([1, 2, 3]);
  });

  it('lists the accounts that can expand, at any depth', () => {
    const tree = buildAccountTree([account(10, null), account(11, 10), account(12, 11), account(20, null)]);
    expect(expandableIds(tree)).toEqual([10, 11]);
  });
});

describe('the role column', () => {
  it('names installers with their level and end users as such', () => {
    expect(roleLabel({ role_id: 1, installer_level: 2 })).toEqual({
      key: 'users.roleInstallerLevel',
      level: 2,
    });
    expect(roleLabel({ role_id: 1, installer_level: null })).toEqual({ key: 'users.roleInstaller' });
    expect(roleLabel({ role_id: 2, installer_level: null })).toEqual({ key: 'users.roleEndUser' });
  });
});
