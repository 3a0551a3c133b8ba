// The admin session in browser storage, under the keys the older portal used (adminToken, adminInfo).
export const ADMIN_TOKEN_KEY = 'adminToken';
export const ADMIN_INFO_KEY = 'adminInfo';

export interface AdminInfo {
  id: string;
  name: string;
  email: string;
  category: string;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getAdminToken(): string | null {
  return storage()?.getItem(ADMIN_TOKEN_KEY) ?? null;
}

export function getAdminInfo(): AdminInfo | null {
  const raw = storage()?.getItem(ADMIN_INFO_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as AdminInfo;
  } catch {
    return null;
  }
}

export function saveSession(token: string, info: AdminInfo) {
  const s = storage();
  s?.setItem(ADMIN_TOKEN_KEY, token);
  s?.setItem(ADMIN_INFO_KEY, JSON.stringify(info));
}

export function saveAdminInfo(info: AdminInfo) {
  storage()?.setItem(ADMIN_INFO_KEY, JSON.stringify(info));
}

export function clearSession() {
  const s = storage();
  s?.removeItem(ADMIN_TOKEN_KEY);
  s?.removeItem(ADMIN_INFO_KEY);
}

/** Categories that may use the admin portal. Accepts the GraphQL enum or the lower-case reading. */
export function isAdminCategory(category: string | null | undefined): boolean {
  const c = (category ?? '').toUpperCase();
  return c === 'ADMIN' || c === 'SUPERADMIN';
}
