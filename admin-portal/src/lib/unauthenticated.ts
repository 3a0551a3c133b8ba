import { clearSession } from './session';

type Handler = () => void;

const defaultHandler: Handler = () => {
  if (window.location.pathname !== '/admin/login') window.location.assign('/admin/login');
};
let handler: Handler = defaultHandler;

/** The router installs a client-side navigation here; the default reloads on the login page. */
export function setUnauthenticatedHandler(next: Handler | null) {
  handler = next ?? defaultHandler;
}

/** The API said the token is missing, expired or revoked: drop the session and sign in again. */
export function handleUnauthenticated() {
  clearSession();
  handler();
}
