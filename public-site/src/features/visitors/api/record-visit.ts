import { env } from '@/config/env';

// One visit per page load: a module-level promise survives re-renders, route changes and
// React StrictMode's double effects. A full reload starts a fresh module, hence a new visit.
let visit: Promise<number | null> | null = null;

/** The REST adapter beside the GraphQL endpoint (same origin by default): /api/increment-visitor. */
export function incrementVisitorUrl(graphqlUrl = env.graphqlUrl, base = window.location.href): string {
  return new URL('api/increment-visitor', new URL(graphqlUrl, base)).href;
}

/**
 * Counts this visit (POST /api/increment-visitor, as the footer does on every load) and gives the new
 * count. A plain request, not Apollo: the footer is on every page, and the data layer loads only when
 * a page needs it. Failures are logged only.
 */
export function recordVisitOnce(): Promise<number | null> {
  visit ??= fetch(incrementVisitorUrl(), { method: 'POST', headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { visitorCount?: unknown };
      return typeof body.visitorCount === 'number' ? body.visitorCount : null;
    })
    .catch((error: unknown) => {
      console.warn('recordVisit failed', error);
      return null;
    });
  return visit;
}

/** For tests: forget the visit of this "page load". */
export function resetVisitForTests() {
  visit = null;
}
