import type { ApolloClient } from '@apollo/client';

/**
 * After a language switch, what the API wrote in the old language (event titles, descriptions,
 * places) is fetched again in the new one; apollo-client.ts sends the language with every request.
 * refetchQueries keeps the shown data on screen until the new answers arrive (resetStore would
 * empty the cache first, and the page would flash its loading state). Results of pages not on
 * screen are then dropped, so that opening one later fetches it in the new language instead of
 * showing the old one from the cache. Loaded only when the reader switches (not in the initial
 * JavaScript).
 */
export async function refetchInLanguage(client: ApolloClient) {
  await client.refetchQueries({ include: 'active' });
  const shown = [...client.getObservableQueries('active')]
    .map((query) => ({ query: query.query, variables: query.variables, data: query.getCurrentResult().data }))
    .filter((entry) => entry.data);
  // One batch: the shown queries read the same data before and after it, so nothing re-renders.
  client.cache.batch({
    update(cache) {
      for (const id of Object.keys(cache.extract() as Record<string, unknown>)) cache.evict({ id });
      for (const entry of shown) cache.writeQuery(entry);
    },
  });
  client.cache.gc();
}
