// Browser storage key fixed by SPEC section 3.
export const AUTH_TOKEN_KEY = 'authToken';

export function getAuthToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function clearAuthToken() {
  try {
    window.localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // nothing to clear
  }
}
