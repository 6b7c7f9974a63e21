import { defaultLanguage, isLanguage, type Language, type MenuItem, RoleId } from '@helio/contracts';

/**
 * The browser session of SPEC.md §3, kept in local storage under these exact keys so that a
 * session survives reloads and other tabs see it.
 */
export const SessionKey = {
  token: 'TOKEN',
  userId: 'loginUserId',
  userName: 'loginName',
  roleId: 'roleId',
  language: 'curLang',
  menuList: 'menuList',
} as const;

/** The part of `Storage` the session needs, so tests can pass a plain object. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

export interface Session {
  token: string;
  userId: number;
  userName: string;
  roleId: RoleId;
  menuList: MenuItem[];
}

/** What the login call answers, as far as the session keeps it. */
export interface SessionStart {
  token: string;
  user_id: number;
  user_name: string;
  role_id: RoleId;
  menu_list: MenuItem[];
}

export function readToken(storage: KeyValueStorage): string | null {
  return storage.getItem(SessionKey.token) || null;
}

/** The route guard's rule (SPEC.md §2): both a token and a user id must be stored. */
export function hasSession(storage: KeyValueStorage): boolean {
  return Boolean(storage.getItem(SessionKey.token)) && Boolean(storage.getItem(SessionKey.userId));
}

export function readSession(storage: KeyValueStorage): Session | null {
  const token = storage.getItem(SessionKey.token);
  const userId = Number(storage.getItem(SessionKey.userId));
  if (!token || !Number.isInteger(userId) || userId <= 0) return null;
  return {
    token,
    userId,
    userName: storage.getItem(SessionKey.userName) ?? '',
    // An unknown role gets the narrower end-user view; the server enforces roles anyway.
    roleId:
      Number(storage.getItem(SessionKey.roleId)) === RoleId.installer ? RoleId.installer : RoleId.endUser,
    menuList: parseMenuList(storage.getItem(SessionKey.menuList)),
  };
}

export function saveSession(storage: KeyValueStorage, start: SessionStart): void {
  storage.setItem(SessionKey.token, start.token);
  storage.setItem(SessionKey.userId, String(start.user_id));
  storage.setItem(SessionKey.userName, start.user_name);
  storage.setItem(SessionKey.roleId, String(start.role_id));
  storage.setItem(SessionKey.menuList, JSON.stringify(start.menu_list));
}

/** After editing one's own info: the top bar shows the new name (SPEC.md §7, bg/user/edit). */
export function saveUserName(storage: KeyValueStorage, userName: string): void {
  storage.setItem(SessionKey.userName, userName);
}

/** Sign-out rule of SPEC.md §2: everything stored goes, except the chosen language. */
export function clearSession(storage: KeyValueStorage): void {
  const language = storage.getItem(SessionKey.language);
  storage.clear();
  if (language !== null) storage.setItem(SessionKey.language, language);
}

export function readLanguage(storage: KeyValueStorage): Language {
  const stored = storage.getItem(SessionKey.language);
  return isLanguage(stored) ? stored : defaultLanguage;
}

export function saveLanguage(storage: KeyValueStorage, language: Language): void {
  storage.setItem(SessionKey.language, language);
}

/** A damaged or hand-edited menu list yields an empty menu rather than a crash. */
export function parseMenuList(raw: string | null): MenuItem[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is MenuItem =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as MenuItem).menu_id === 'string' &&
        typeof (item as MenuItem).path === 'string',
    );
  } catch {
    return [];
  }
}
