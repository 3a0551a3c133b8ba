import type { Env } from '../config/env';

export const env: Env = {
  graphqlUrl: '/graphql',
  isDev: false,
};
