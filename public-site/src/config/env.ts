// The only module that reads import.meta.env.
export interface Env {
  /** GraphQL endpoint; same origin by default. */
  graphqlUrl: string;
  isDev: boolean;
  /** Origin of the admin portal (VITE_ADMIN_ORIGIN); unset: this host on port 3001. */
  adminOrigin?: string;
}

export const env: Env = {
  graphqlUrl: import.meta.env.VITE_GRAPHQL_URL || '/graphql',
  isDev: import.meta.env.DEV,
  adminOrigin: import.meta.env.VITE_ADMIN_ORIGIN || undefined,
};

/** The admin dashboard's address: `${VITE_ADMIN_ORIGIN}/admin`, or this host on port 3001. */
export function adminDashboardUrl(config: Pick<Env, 'adminOrigin'> = env): string {
  const origin = config.adminOrigin?.replace(/\/+$/, '') || `${window.location.protocol}//${window.location.hostname}:3001`;
  return `${origin}/admin`;
}
