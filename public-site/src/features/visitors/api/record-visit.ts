import type { ApolloClient } from '@apollo/client';
import { RecordVisitDocument } from '@/gql/graphql';

// One visit per page load: a module-level promise survives re-renders, route changes and
// React StrictMode's double effects. A full reload starts a fresh module, hence a new visit.
let visit: Promise<number | null> | null = null;

export function recordVisitOnce(client: ApolloClient): Promise<number | null> {
  if (!visit) {
    visit = client
      .mutate({ mutation: RecordVisitDocument })
      .then((result) => result.data?.recordVisit.visitorCount ?? null)
      .catch((error: unknown) => {
        // Visitor counter failures are logged only.
        console.warn('recordVisit failed', error);
        return null;
      });
  }
  return visit;
}

/** For tests: forget the visit of this "page load". */
export function resetVisitForTests() {
  visit = null;
}
