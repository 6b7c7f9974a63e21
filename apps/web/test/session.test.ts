import { describe, expect, it } from 'vitest';
import {
  clearSession,
  hasSession,
  parseMenuList,
  readLanguage,
  readSession,
  readToken,
  SessionKey,
  saveLanguage,
  saveSession,
} from '../src/lib/session.ts';
import { FakeStorage } from './fake-storage.ts';

const loginAnswer = {
  token: 'tok',
  user_id: 5,
  user_name: 'demo',
  role_id: 1 as const,
  menu_list: [
    { menu_id: 'dashboard', path: '/dashboard' },
    { menu_id: 'myUser', path: '/myUser/myUser' },
  ],
};

describe('session storage', () => {
  it('stores the login answer under the keys of SPEC.md §3', () => {
    const storage = new FakeStorage();
    saveSession(storage, loginAnswer);
    expect(storage.snapshot()).toEqual({
      TOKEN: 'tok',
      loginUserId: '5',
      loginName: 'demo',
      roleId: '1',
      menuList: JSON.stringify(loginAnswer.menu_list),
    });
  });

  it('reads back what it stored', () => {
    const storage = new FakeStorage();
    saveSession(storage, loginAnswer);
    expect(readSession(storage)).toEqual({
      token: 'tok',
      userId: 5,
      userName: 'demo',
      roleId: 1,
      menuList: loginAnswer.menu_list,
    });
    expect(readToken(storage)).toBe('tok');
  });

  it('needs both TOKEN and loginUserId', () => {
    expect(hasSession(new FakeStorage({ TOKEN: 'tok', loginUserId: '5' }))).toBe(true);
    expect(hasSession(new FakeStorage({ TOKEN: 'tok' }))).toBe(false);
    expect(hasSession(new FakeStorage({ loginUserId: '5' }))).toBe(false);
    expect(hasSession(new FakeStorage({ TOKEN: '', loginUserId: '5' }))).toBe(false);
    expect(readSession(new FakeStorage({ TOKEN: 'tok', loginUserId: 'abc' }))).toBeNull();
    expect(readToken(new FakeStorage({ TOKEN: '' }))).toBeNull();
  });

  it('gives an unknown role the end-user view', () => {
    const storage = new FakeStorage({ TOKEN: 'tok', loginUserId: '9', roleId: '7' });
    expect(readSession(storage)?.roleId).toBe(2);
  });

  it('clears everything but the chosen language', () => {
    const storage = new FakeStorage({ curLang: 'cs', other: 'x' });
    saveSession(storage, loginAnswer);
    clearSession(storage);
    expect(storage.snapshot()).toEqual({ curLang: 'cs' });

    const noLanguage = new FakeStorage({ TOKEN: 'tok' });
    clearSession(noLanguage);
    expect(noLanguage.snapshot()).toEqual({});
  });

  it('reads the language, English by default and for anything unknown', () => {
    expect(readLanguage(new FakeStorage())).toBe('en');
    expect(readLanguage(new FakeStorage({ curLang: 'zh-CN' }))).toBe('zh-CN');
    expect(readLanguage(new FakeStorage({ curLang: 'de' }))).toBe('en');
    const storage = new FakeStorage();
    saveLanguage(storage, 'it');
    expect(storage.getItem(SessionKey.language)).toBe('it');
  });

  it('survives a damaged menu list', () => {
    expect(parseMenuList(null)).toEqual([]);
    expect(parseMenuList('not json')).toEqual([]);
    expect(parseMenuList('{"menu_id":"dashboard"}')).toEqual([]);
    expect(parseMenuList('[{"menu_id":"dashboard","path":"/dashboard"},{"menu_id":3},null]')).toEqual([
      { menu_id: 'dashboard', path: '/dashboard' },
    ]);
  });
});
