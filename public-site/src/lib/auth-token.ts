import { useSyncExternalStore } from 'react';

// Browser storage keys, the ones the older site used (authToken, token).
/** The user session: every signed-in call sends it as `Authorization: Bearer <authToken>`. */
export const AUTH_TOKEN_KEY = 'authToken';
/**
 * Written by the registration dialog after its code is verified. The dialog also stores the
 * same token under authToken so the new user is signed in; logout removes both.
 */
export const REGISTRATION_TOKEN_KEY = 'token';

const listeners = new Set<() => void>();
function notify() {
  for (const listener of listeners) listener();
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getAuthToken(): string | null {
  return read(AUTH_TOKEN_KEY);
}

/** Signs the user in on this browser (login, sign-up, teacher login). */
export function setAuthToken(token: string) {
  try {
    window.localStorage.setItem(AUTH_TOKEN_KEY, token);
  } catch {
    // storage unavailable (private mode): the session cannot be kept
  }
  notify();
}

/** The registration dialog's token: stored under `token` (as the older site did) and under `authToken` (signed in). */
export function storeRegistrationToken(token: string) {
  try {
    window.localStorage.setItem(REGISTRATION_TOKEN_KEY, token);
  } catch {
    // see setAuthToken
  }
  setAuthToken(token);
}

/** Signs out: removes authToken and the registration dialog's copy under `token`. */
export function clearAuthToken() {
  try {
    window.localStorage.removeItem(AUTH_TOKEN_KEY);
    window.localStorage.removeItem(REGISTRATION_TOKEN_KEY);
  } catch {
    // nothing to clear
  }
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === AUTH_TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored user token, re-rendering when this or another tab signs in or out. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, getAuthToken, () => null);
}
