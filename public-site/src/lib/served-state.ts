import type { ApolloCache } from '@apollo/client';
import { APOLLO_STATE_ELEMENT_ID } from './apollo-state';

/**
 * Puts the data a page was rendered with on the server (scripts/serve-site.mjs: an event page, as
 * JSON in <script type="application/json" id="apollo-state">) into the Apollo cache, so that the page
 * hydrates with it: the first render shows what the server drew, and its query is not sent again.
 * Only for a page that is hydrated (signed out, in the language it was served in): the state is the
 * signed-out view in that language. The element is removed in any case. Returns whether a state was restored.
 */
export function restoreServedState(cache: ApolloCache, { hydrating }: { hydrating: boolean }, doc: Document = document): boolean {
  const element = doc.getElementById(APOLLO_STATE_ELEMENT_ID);
  if (!element) return false;
  element.remove();
  if (!hydrating) return false;
  try {
    cache.restore(JSON.parse(element.textContent ?? ''));
    return true;
  } catch (error) {
    // Never a reason not to start: the page then fetches its data, as a prerendered page does.
    console.warn('the page\u2019s data could not be read; fetching it again', error);
    return false;
  }
}
