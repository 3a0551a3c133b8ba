import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { translator } from '@/i18n/translator';
import { createApolloCache } from './apollo-cache';
import { clearAuthToken, getAuthToken } from '@/lib/auth-token';
import { goToPage } from '@/lib/reload';

/** Pages that only make sense signed in: an expired session there goes to /login. */
const protectedPaths: readonly string[] = [paths.profile.path, paths.settings.path, paths.myEvents.path];

const authLink = new SetContextLink((prevContext) => {
  const token = getAuthToken();
  if (!token) return {};
  return { headers: { ...prevContext.headers, authorization: `Bearer ${token}` }, sentToken: token };
});

/**
 * The API writes what it can (event titles, descriptions, places, messages) in the request's
 * Accept-Language: the reader's choice on this site, not the browser's own list. Read per request,
 * so a request after a language switch asks in the new language.
 */
const languageLink = new SetContextLink((prevContext) => ({
  headers: { ...prevContext.headers, 'accept-language': translator.language },
}));

/**
 * A signed-in call answered UNAUTHENTICATED means the stored session is no longer valid (expired,
 * signed out elsewhere, account rejected): forget it, and leave protected pages for /login.
 */
const sessionLink = new ErrorLink(({ error, operation }) => {
  const sent = operation.getContext().sentToken as string | undefined;
  if (!sent || !CombinedGraphQLErrors.is(error)) return;
  if (!error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) return;
  // A sign-in attempt with a wrong password is also UNAUTHENTICATED; only drop the token that failed.
  if (getAuthToken() !== sent) return;
  if (operation.operationName === 'LoginWithPassword') return;
  clearAuthToken();
  if (protectedPaths.includes(window.location.pathname)) goToPage(paths.login.getHref());
});

const httpLink = new HttpLink({ uri: env.graphqlUrl });

/** The one Apollo client of the public site. */
export const apolloClient = new ApolloClient({
  link: ApolloLink.from([languageLink, authLink, sessionLink, httpLink]),
  cache: createApolloCache(),
});
