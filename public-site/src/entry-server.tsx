// Build-time prerendering (scripts/prerender.mjs): the HTML of a signed-out page in English or Hindi,
// its data still loading, so that a phone paints the page in the reader's language before the
// JavaScript has arrived; main.tsx hydrates it.
// A form sent before (or without) the page's script: handleForm runs the route's form action (the route
// table's `form`) and render(url, lang, { pageData }) draws the page at its next step (see
// docs/architecture.md, "A form that works before script").
// Per request, only for an event page (scripts/serve-site.mjs, npm start): loadPageData asks the API for
// the page's data as the page itself does (same query, signed out, in the page's language) and
// render(url, lang, { pageData }) draws the page with it; the page then hydrates from that data
// (main.tsx, lib/served-page.tsx) instead of fetching it again.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink } from '@apollo/client';
import { paths } from '@/config/paths';
import { EventDocument, type EventDetailFieldsFragment } from '@/gql/graphql';
import { createApolloCache } from '@/lib/apollo-cache';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@/lib/served-page';
import { initI18nSync, type Language } from '@/i18n';
// Bundled here (the browser loads it as a chunk of its own): every page is rendered in both languages.
import hi from '@/i18n/locales/hi.json';
import { AppProvider } from '@/app/provider';
import { AppRoutes, appRoutes, preloadPage, type AppRoute } from '@/app/router';
import { loginForm, signupForm, type FormAction } from '@/features/accounts/server/account-forms';
import { preloadDataParts } from '@/app/data-part';
import { nextMidnightInIndia } from '@/lib/format';

/** The route patterns to prerender (marked in the route table), each with a URL that renders it. */
export const prerenderedRoutes = appRoutes
  .filter((route) => route.prerender)
  .map(({ path }) => ({ pattern: path, url: path.replace(/:\w+/g, 'any') }));

/**
 * Until when the pages are true: they show today's month, day and year (calendar, footer), so until
 * the next midnight in India.
 */
export const prerenderValidUntil = (now: Date) => nextMidnightInIndia(now);

/** The id of the element in which scripts/serve-site.mjs sends the data of a page it rendered. */
export const pageDataElementId = PAGE_DATA_ELEMENT_ID;

export interface RenderOptions {
  /** The data to draw the page with (loadPageData's); without it the page's data is loading. */
  pageData?: PageData;
}

export async function render(url: string, lang: Language = 'en', { pageData }: RenderOptions = {}): Promise<string> {
  // Loaded first, so the page renders synchronously in place of the route's loading fallback.
  await preloadPage(new URL(url, 'http://prerender').pathname);
  // The page's data parts (and any other defined so far) render whole too: the browser hydrates them later.
  await preloadDataParts();
  // The translator is global: from here to the end of renderToString nothing waits, so that another
  // render (the site server renders pages in both languages) cannot change the language in between.
  initI18nSync(lang, lang === 'hi' ? hi : undefined);
  // No network: every query stays loading, as on the client's first render; a page drawn with its
  // data reads it from the served page instead (as the browser does while hydrating it).
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: createApolloCache(), ssrMode: true });
  // renderToString, not react-dom/static's prerender: a large completed Suspense boundary is
  // "outlined" there, behind an inline script that the CSP forbids. The tree mirrors <App />
  // (same components, StaticRouter for BrowserRouter) so that hydration and useId match.
  const html = renderToString(
    <StrictMode>
      <AppProvider client={client} served={pageData ? { language: lang, data: pageData, key: 'default' } : null}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );
  client.stop();
  // "<!--$!-->" marks a boundary that suspended and was left to the client.
  if (/<script|<!--\$!-->/i.test(html)) throw new Error(`prerender of ${url} suspended; nothing may suspend once its page is loaded`);
  return html;
}

/** What the link preview of an event page shows (scripts/serve-site.mjs writes its Open Graph tags). */
export type PageEvent = Pick<EventDetailFieldsFragment, 'title' | 'description' | 'date' | 'location' | 'imageUrl' | 'imageSrcSet'>;

/** What loadPageData gives the site server: the page's data, and what its link preview shows. */
export interface LoadedPage {
  /** The answers of the page's queries: for render() and, as JSON, for the client. Nothing personal: asked signed out. */
  pageData: PageData;
  event: PageEvent;
}

export interface LoadOptions {
  /** The API's GraphQL endpoint (absolute). */
  graphqlUrl: string;
  /** Gives up on the API after this long (the page is then served without data). */
  timeoutMs?: number;
}

/**
 * The data of the page at `url` in `lang`, from the API, for render(): only event pages have some
 * (null for every other page and for an unknown event); throws when the API fails. The request is
 * the page's own (useEvent's query, in `lang` as the browser's Accept-Language) without credentials,
 * so it holds only what every signed-out reader sees.
 */
export async function loadPageData(url: string, lang: Language, { graphqlUrl, timeoutMs = 1500 }: LoadOptions): Promise<LoadedPage | null> {
  const match = matchRoutes(appRoutes, new URL(url, 'http://server').pathname)?.at(-1);
  if (match?.route.path !== paths.event.path || !match.params.id) return null;
  const id = match.params.id;
  const client = new ApolloClient({
    link: new HttpLink({
      uri: graphqlUrl,
      headers: { 'accept-language': lang },
      fetch: (input, init) => {
        const timeout = AbortSignal.timeout(timeoutMs);
        return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
      },
    }),
    cache: createApolloCache(),
  });
  try {
    const { data } = await client.query({ query: EventDocument, variables: { id }, fetchPolicy: 'network-only' });
    if (!data?.event) return null;
    const { title, description, date, location, imageUrl, imageSrcSet } = data.event;
    return { pageData: { event: data.event }, event: { title, description, date, location, imageUrl, imageSrcSet } };
  } catch (error) {
    if (CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'NOT_FOUND' || e.extensions?.code === 'BAD_USER_INPUT')) return null;
    throw error;
  } finally {
    client.stop();
  }
}

/** The form actions of the routes that declare one (the route table's `form`). */
const formActions = { login: loginForm, signup: signupForm } satisfies Record<NonNullable<AppRoute['form']>, FormAction>;

export interface FormOptions {
  /** The API's GraphQL endpoint (absolute). */
  graphqlUrl: string;
  /** The reader's request headers the API should see (x-forwarded-for, for its rate limits). */
  headers?: Record<string, string | undefined>;
  /** Gives up on the API after this long (the page then says so). */
  timeoutMs?: number;
}

/**
 * A form the browser POSTed to `url` (application/x-www-form-urlencoded, parsed into `fields`) before
 * or without the page's script: runs the route's form action (what the page does when the form is
 * sent, against the API, signed out, as the reader) and answers the page data that render(url, lang,
 * { pageData }) draws the page's next step with, or where to go (303). Null for a route without a
 * form. The answer is the reader's own: never cached, never in a URL (no password, no code in it).
 */
export async function handleForm(
  url: string,
  lang: Language,
  fields: Record<string, string>,
  { graphqlUrl, headers, timeoutMs }: FormOptions,
): Promise<{ pageData: PageData } | { redirect: string } | null> {
  const pathname = new URL(url, 'http://server').pathname;
  const route = matchRoutes(appRoutes, pathname)?.at(-1)?.route as AppRoute | undefined;
  if (!route?.form) return null;
  const outcome = await formActions[route.form](fields, { url, lang, graphqlUrl, headers, timeoutMs });
  return 'redirect' in outcome ? outcome : { pageData: { form: outcome.form } };
}
