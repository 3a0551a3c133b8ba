import type { Env } from '../config/env';

export const env: Env = {
  graphqlUrl: '/graphql',
  apiUrl: '/api',
  publicOrigin: 'http://localhost:3000',
  isDev: false,
};
