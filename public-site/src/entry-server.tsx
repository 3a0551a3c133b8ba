// The server's half of the rendering contract (rendering/page-data.ts), built into dist-ssr/entry-server.js:
// - render(url, lang, { pageData }): the HTML of #root, drawn with the page's data when given (no route
//   is special: every component that reads page data does so through usePageQuery);
// - loadPageData(url, lang, { graphqlUrl }): the data of the page at `url`, asked of the API as the page
//   itself asks it (its route's `pageData` in app/router.tsx, signed out, in `lang`), with what its link
//   preview shows, its status and the change-feed topics it follows;
// - prerenderedRoutes: the pages scripts/prerender.mjs builds as HTML (signed out, data loading) at build time.
// - handleForm(url, lang, fields, { graphqlUrl }): a form sent before (or without) the page's script runs
//   the route's form action (the route table's `form`); render draws the page at its next step with the
//   answer (docs/architecture.md, "A form that works before script").
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink } from '@apollo/client';
import type { DocumentNode } from 'graphql';
import organisation from '../../shared/organisation.json';
import { createApolloCache } from '@/rendering/apollo-cache';
import { pageDataKey, type AnyPageQuery, type PageAnswer, type PageMeta, type PageRequest } from '@/rendering/page-data';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@/rendering/served-page';
import { initI18nSync, type Language } from '@/i18n';
// Bundled here (the browser loads it as a chunk of its own): every page is rendered in both languages.
import hi from '@/i18n/locales/hi.json';
import { AppProvider } from '@/app/provider';
import { AppRoutes, appRoutes, preloadPage, type AppRoute } from '@/app/router';
import { preloadWhenWantedParts } from '@/rendering/lazy-part';
import { nextMidnightInIndia, todayInIndia } from '@/lib/format';
import { loginForm, signupForm } from '@/features/accounts/server/account-forms';
import { contactForm } from '@/features/contact/server/contact-form';
import type { FormAction } from '@/rendering/server-form';

/** The route patterns to prerender (marked in the route table), each with a URL that renders it. */
export const prerenderedRoutes = appRoutes
  .filter((route) => route.prerender)
  .map(({ path }) => ({ pattern: path, url: path.replace(/:\w+/g, 'any') }));

/**
 * Until when the pages are true: they show today's month, day and year (calendar, footer), so until
 * the next midnight in India.
 */
export const prerenderValidUntil = (now: Date) => nextMidnightInIndia(now);

/** The id of the element in which the site server sends the data of a page it rendered. */
export const pageDataElementId = PAGE_DATA_ELEMENT_ID;

export interface RenderOptions {
  /**
   * The data to draw the page with: loadPageData's, and any entry the server adds (a form's outcome,
   * read with useServedPage); without it the page's data is loading.
   */
  pageData?: PageData;
  /** A form's fields as sent, for a page that draws them again (the site server's form handling). */
  formData?: Record<string, string>;
}

export async function render(url: string, lang: Language = 'en', { pageData, formData }: RenderOptions = {}): Promise<string> {
  if (formData) pageData = { ...pageData, formData };
  // Loaded first, so the page renders synchronously in place of the route's loading fallback.
  await preloadPage(new URL(url, 'http://prerender').pathname);
  // The page's 'when-wanted' parts (and any other defined so far) render whole too: the browser hydrates them later.
  await preloadWhenWantedParts();
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

export type { PageMeta };

/** What loadPageData gives the site server. */
export interface LoadedPage {
  /** The answers of the page's queries by key: for render() and, as JSON, for the client. Nothing personal: asked signed out. */
  pageData: PageData;
  /** What the link preview shows, when the page has its own (an event's); else the route's static one. */
  meta?: PageMeta;
  /** 404 for a page whose subject the API does not know (an unknown event). */
  status?: 200 | 404;
  /** The API's change-feed topics (api/src/db/change-feed.ts) whose writes change this page. */
  topics?: string[];
}

export interface LoadOptions {
  /** The API's GraphQL endpoint (absolute). */
  graphqlUrl: string;
  /** Gives up on the API after this long (the page is then served without data). */
  timeoutMs?: number;
  /** More headers for the API (never a reader's credentials: the data is every signed-out reader's). */
  headers?: Record<string, string>;
}

/** The route at `pathname` and its params. */
function routeOf(pathname: string) {
  const match = matchRoutes(appRoutes, pathname)?.at(-1);
  return match ? { route: match.route as AppRoute, params: match.params } : null;
}

/** Codes by which the API says the page's subject does not exist. */
const NOT_FOUND_CODES = new Set(['NOT_FOUND', 'BAD_USER_INPUT']);

/**
 * The data of the page at `url` in `lang`, from the API, for render(): the queries its route declares
 * (app/router.tsx `pageData`), asked as the page itself asks them, in `lang` as the browser's
 * Accept-Language, without credentials (so it holds only what every signed-out reader sees). Null for a
 * route without data; status 404 when the API does not know the page's subject (then render draws the
 * page's "not found"); throws when the API fails or is slow.
 */
export async function loadPageData(url: string, lang: Language, { graphqlUrl, timeoutMs = 1500, headers = {} }: LoadOptions): Promise<LoadedPage | null> {
  const parsed = new URL(url, 'http://server');
  const found = routeOf(parsed.pathname);
  if (!found?.route.pageData) return null;
  const spec = await found.route.pageData();
  const request: PageRequest = { params: found.params, search: parsed.searchParams, lang, today: todayInIndia() };
  const timeout = AbortSignal.timeout(timeoutMs);
  const client = new ApolloClient({
    link: new HttpLink({
      uri: graphqlUrl,
      headers: { ...headers, 'accept-language': lang },
      fetch: (input, init) => fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout }),
    }),
    cache: createApolloCache(),
  });
  const pageData: PageData = {};
  let status: 200 | 404 = 200;
  try {
    await Promise.all(
      spec.queries(request).map(async (query: AnyPageQuery) => {
        let answer: PageAnswer;
        try {
          const { data } = await client.query({ query: query.query as DocumentNode, variables: query.variables as Record<string, unknown>, fetchPolicy: 'network-only' });
          answer = { data };
        } catch (error) {
          const code = CombinedGraphQLErrors.is(error) ? error.errors.map((e) => e.extensions?.code).find((c) => typeof c === 'string' && NOT_FOUND_CODES.has(c)) : undefined;
          if (!code) throw error;
          answer = { error: 'NOT_FOUND' };
          status = 404;
        }
        pageData[pageDataKey(query)] = answer;
      }),
    );
  } finally {
    client.stop();
  }
  const read = (<TData,>(query: AnyPageQuery) => {
    const answer = pageData[pageDataKey(query)] as PageAnswer | undefined;
    return answer && 'data' in answer ? (answer.data as TData) : undefined;
  }) as Parameters<NonNullable<typeof spec.meta>>[0];
  const meta = status === 200 ? spec.meta?.(read, request) : undefined;
  return {
    pageData,
    ...(meta ? { meta: { ...meta, title: `${meta.title} | ${organisation[lang]}` } } : {}),
    status,
    topics: spec.topics,
  };
}

/** The form actions of the routes that declare one (the route table's `form`). */
const formActions = { login: loginForm, signup: signupForm, contact: contactForm } satisfies Record<NonNullable<AppRoute['form']>, FormAction>;

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
