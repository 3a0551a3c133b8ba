/** Router state of a link to /login: the page to come back to once signed in. */
export interface LoginReturnState {
  from?: string;
}

/**
 * The page to open after signing in: a path of this site from the router state of the link that led
 * to /login, or undefined (the login page then goes home). Never another origin (no `//host`, no
 * `scheme:`), and never back to the account pages that only make sense signed out.
 */
export function returnPath(state: unknown): string | undefined {
  const from = (state as LoginReturnState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return undefined;
  if (/^\/(login|register|logout|verify-otp)(?:[/?#]|$)/.test(from)) return undefined;
  return from;
}
