// The only module that reads import.meta.env.
export interface Env {
  /** GraphQL endpoint; same origin by default. */
  graphqlUrl: string;
  isDev: boolean;
}

export const env: Env = {
  graphqlUrl: import.meta.env.VITE_GRAPHQL_URL || '/graphql',
  isDev: import.meta.env.DEV,
};
