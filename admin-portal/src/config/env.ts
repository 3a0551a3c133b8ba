// The only module that reads import.meta.env.
export interface Env {
  /** GraphQL endpoint; same origin by default. */
  graphqlUrl: string;
  /** Base of the REST adapter (uploads, CSV exports); same origin by default. */
  apiUrl: string;
  /** Origin of the public site (for the 'User login here' link). */
  publicOrigin: string;
  isDev: boolean;
}

function defaultPublicOrigin(): string {
  if (typeof window === 'undefined') return 'http://localhost:3000';
  return `${window.location.protocol}//${window.location.hostname}:3000`;
}

export const env: Env = {
  graphqlUrl: import.meta.env.VITE_GRAPHQL_URL || '/graphql',
  apiUrl: import.meta.env.VITE_API_URL || '/api',
  publicOrigin: import.meta.env.VITE_PUBLIC_ORIGIN || defaultPublicOrigin(),
  isDev: import.meta.env.DEV,
};
