/** Router state of a link to /login: the page to come back to once signed in. */
export interface LoginReturnState {
  from?: string;
}

/** The query parameter carrying the page to come back to, when the way to /login was a plain GET (no script). */
export const RETURN_PARAM = 'from';

/** A path of this site to go back to, or undefined. */
function sitePath(from: unknown): string | undefined {
  // Never another origin (no `//host`, no `scheme:`, no `\`); no whitespace or control characters either,
  // which a URL parser drops (`/\t/host` would become `//host`).
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return undefined;
  if (/[\s\u0000-\u001f\u007f]/.test(from)) return undefined;
  // Never back to the account pages that only make sense signed out.
  if (/^\/(login|register|logout|verify-otp)(?:[/?#]|$)/.test(from)) return undefined;
  return from;
}

/**
 * The page to open after signing in: a path of this site from the router state of the link that led to
 * /login, else from its `?from=` (Register Now's form without script, see GetForm), or undefined (the
 * login page then goes home).
 */
export function returnPath(state: unknown, search = ''): string | undefined {
  return sitePath((state as LoginReturnState | null)?.from) ?? sitePath(new URLSearchParams(search).get(RETURN_PARAM));
}

/** The `?from=` of /login or /register to pass on to the other (empty when there is none worth keeping). */
export function returnSearch(search: string): string {
  const from = returnPath(null, search);
  return from ? `?${new URLSearchParams({ [RETURN_PARAM]: from })}` : '';
}
