// Build-time prerendering (scripts/prerender.mjs): the HTML of a signed-out page in English or Hindi,
// its data still loading, so that a phone paints the page in the reader's language before the
// JavaScript has arrived; main.tsx hydrates it. Not a server-side renderer: nothing here runs per request.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { initI18nSync, type Language } from '@/i18n';
// Bundled here (the browser loads it as a chunk of its own): every page is rendered in both languages.
import hi from '@/i18n/locales/hi.json';
import { AppProvider } from '@/app/provider';
import { AppRoutes, appRoutes, preloadPage } from '@/app/router';
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

export async function render(url: string, lang: Language = 'en'): Promise<string> {
  initI18nSync(lang, lang === 'hi' ? hi : undefined);
  // Loaded first, so the page renders synchronously in place of the route's loading fallback.
  await preloadPage(new URL(url, 'http://prerender').pathname);
  // No network at build time: every query stays in its loading state, as on the client's first render.
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache(), ssrMode: true });
  // renderToString, not react-dom/static's prerender: a large completed Suspense boundary is
  // "outlined" there, behind an inline script that the CSP forbids. The tree mirrors <App />
  // (same components, StaticRouter for BrowserRouter) so that hydration and useId match.
  const html = renderToString(
    <StrictMode>
      <AppProvider client={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );
  // "<!--$!-->" marks a boundary that suspended and was left to the client.
  if (/<script|<!--\$!-->/i.test(html)) throw new Error(`prerender of ${url} suspended; nothing may suspend once its page is loaded`);
  return html;
}
