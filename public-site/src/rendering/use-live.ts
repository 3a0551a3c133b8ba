import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False in HTML drawn on a server and while React hydrates it, true once the page is live. A button
 * drawn by the server (an event page's Register Now) works only once the page has hydrated: a tap
 * before that would do nothing, so such a button says it is not ready (disabled) until then.
 */
export function useLive(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
