import { InMemoryCache } from '@apollo/client';

/**
 * The site's Apollo cache: the browser's (rendering/apollo-client.ts) and the one the site server (site-server/)
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
