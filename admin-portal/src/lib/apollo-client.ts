import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type FieldMergeFunction, type Reference } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { env } from '@/config/env';
import { ADMIN_CONTENT_LANGUAGE } from './content-languages';
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

/**
 * `translations` rows have no id (one per language). The events list asks for the Hindi title only and
 * the form for every field: merge the rows by language, so neither answer erases the other's fields.
 */
const mergeTranslationsByLang: FieldMergeFunction<readonly Reference[], readonly Reference[]> = (existing, incoming, { readField, mergeObjects }) =>
  incoming.map((row) => {
    const same = existing?.find((old) => readField('lang', old) === readField('lang', row));
    return same ? mergeObjects(same, row) : row;
  });

export function createCache() {
  return new InMemoryCache({
    typePolicies: {
      Event: { fields: { translations: { merge: mergeTranslationsByLang } } },
      TeamMember: { fields: { translations: { merge: mergeTranslationsByLang } } },
      SocialLinks: { keyFields: false },
      CategoryCount: { keyFields: false },
      DashboardStats: { keyFields: [] },
      UserRef: { keyFields: false },
    },
  });
}

/**
 * Every request asks for English text: the admin portal is English, and without it the API would follow
 * the browser's Accept-Language, so an admin whose browser prefers Hindi would see the lists in Hindi.
 * The forms read every language from `translations` instead.
 */
function createHttpLink() {
  return new HttpLink({ uri: env.graphqlUrl, headers: { 'Accept-Language': ADMIN_CONTENT_LANGUAGE } });
}

/** The one Apollo client of the admin portal. */
export const apolloClient = new ApolloClient({
  link: ApolloLink.from([unauthenticatedLink, authLink, createHttpLink()]),
  cache: createCache(),
});
