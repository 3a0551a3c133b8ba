import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { env } from '@/config/env';
import { getAuthToken } from './auth-token';

const authLink = new SetContextLink((prevContext) => {
  const token = getAuthToken();
  if (!token) return {};
  return { headers: { ...prevContext.headers, authorization: `Bearer ${token}` } };
});

const httpLink = new HttpLink({ uri: env.graphqlUrl });

/** The one Apollo client of the public site. */
export const apolloClient = new ApolloClient({
  link: ApolloLink.from([authLink, httpLink]),
  cache: new InMemoryCache({
    typePolicies: {
      // Team members and events are normalised by id (the default); day counts have no id.
      DayCount: { keyFields: false },
      SocialLinks: { keyFields: false },
    },
  }),
});
