import type { Env } from '../config/env';

export function adminDashboardUrl(config: Pick<Env, 'adminOrigin'> = env): string {
  const origin = config.adminOrigin?.replace(/\/+$/, '') || `${window.location.protocol}//${window.location.hostname}:3001`;
  return `${origin}/admin`;
}

export const env: Env = {
  graphqlUrl: '/graphql',
  isDev: false,
};
