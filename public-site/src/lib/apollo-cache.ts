import { InMemoryCache } from '@apollo/client';

/**
 * The site's Apollo cache: the browser's (lib/apollo-client.ts) and the one scripts/serve-site.mjs
 * fills on the server (entry-server.tsx), so that what the server extracts is restored as it was written.
 */
export function createApolloCache() {
  return new InMemoryCache({
    typePolicies: {
      // Team members, events and users are normalised by id (the default); day counts have no id.
      DayCount: { keyFields: false },
      SocialLinks: { keyFields: false },
    },
  });
}

/**
 * The id of the <script type="application/json"> in which scripts/serve-site.mjs sends the Apollo cache
 * a page was rendered with (main.tsx restores it before hydrating).
 */
export const APOLLO_STATE_ELEMENT_ID = 'apollo-state';
