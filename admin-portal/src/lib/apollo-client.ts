import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { env } from '@/config/env';
import { getAdminToken } from './session';
import { handleUnauthenticated } from './unauthenticated';

const authLink = new SetContextLink((prevContext) => {
  const token = getAdminToken();
  if (!token) return {};
  return { headers: { ...prevContext.headers, authorization: `Bearer ${token}` } };
});

/** UNAUTHENTICATED from any operation except the sign-in itself ends the session. */
export const unauthenticatedLink = new ErrorLink(({ error, operation }) => {
  if (operation.operationName === 'AdminLogin') return;
  const unauthenticated =
    (CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) ||
    (ServerError.is(error) && error.statusCode === 401);
  if (unauthenticated) handleUnauthenticated();
});

export function createCache() {
  return new InMemoryCache({
    typePolicies: {
      SocialLinks: { keyFields: false },
      CategoryCount: { keyFields: false },
      DashboardStats: { keyFields: [] },
      UserRef: { keyFields: false },
    },
  });
}

/** The one Apollo client of the admin portal. */
export const apolloClient = new ApolloClient({
  link: ApolloLink.from([unauthenticatedLink, authLink, new HttpLink({ uri: env.graphqlUrl })]),
  cache: createCache(),
});
