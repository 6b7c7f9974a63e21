import { useSyncExternalStore } from 'react';
import {
  clearSession,
  readSession,
  type Session,
  SessionKey,
  type SessionStart,
  saveSession,
  saveUserName,
} from './session.ts';

/**
 * The signed-in user for React. The session lives in local storage (SPEC.md §3); this store tells
 * components when it changes, in this tab or in another one.
 */
const listeners = new Set<() => void>();
let snapshot: { raw: string; session: Session | null } = { raw: '', session: null };

function rawSession(): string {
  return [SessionKey.token, SessionKey.userId, SessionKey.userName, SessionKey.roleId, SessionKey.menuList]
    .map((key) => localStorage.getItem(key) ?? '')
    .join('\u0001');
}

export function getSession(): Session | null {
  const raw = rawSession();
  if (raw !== snapshot.raw) snapshot = { raw, session: readSession(localStorage) };
  return snapshot.session;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes local storage under our feet.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Tells subscribers that local storage changed (the API client clears it on 1000). */
export function notifySessionChanged(): void {
  for (const listener of listeners) listener();
}

export function startSession(start: SessionStart): void {
  saveSession(localStorage, start);
  notifySessionChanged();
}

/** Keeps the signed-in user's new name after they edited their own info. */
export function renameSessionUser(userName: string): void {
  saveUserName(localStorage, userName);
  notifySessionChanged();
}

export function endSession(): void {
  clearSession(localStorage);
  notifySessionChanged();
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession);
}
