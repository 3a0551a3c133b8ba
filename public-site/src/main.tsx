// Base styles first so feature stylesheets (loaded later) win at equal specificity.
import '@/styles/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initI18n } from '@/i18n';
import { App } from '@/app/app';
import { preloadPage } from '@/app/router';
import { getAuthToken } from '@/lib/auth-token';
import { wantDataLayer, wantDataLayerOnFirstInteraction } from '@/rendering/data-layer-loader';
import { loadedEntryKey, servedFormOf, takeServedPageData } from '@/rendering/served-page';
import { markServedPageHydrating } from '@/rendering/served-text';
import { watchEarlyInput } from '@/lib/early-input';
import { rememberServedSend } from '@/features/accounts/lib/served-send';
import { yieldToMain } from '@/lib/yield-to-main';

// The language the server sent this document in (site-server/, nginx), read before the translator
// sets <html lang> to the reader's.
const servedLanguage = document.documentElement.lang;

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// What the reader typed into the served forms before now, and until each form is live: kept through
// hydration, and through a fresh render that replaces the served HTML (lib/early-input.ts).
watchEarlyInput(root);

// Language bootstrapping lives in the bundle (no inline scripts under the CSP): choose the language
// (?lang, the lang cookie, a stored choice, English), load its catalogue, set <html lang>, then
// render. The page's own chunk loads at the same time (with the data layer if the page needs it), so
// the first render is the page itself, not a loading spinner.
// First a yield: the entry's evaluation (every module it imports) ends the task, and choosing the
// language and the page (reading cookies, matching the route table) runs in a task of its own.
await yieldToMain();
const [i18n] = await Promise.all([initI18n(), preloadPage(window.location.pathname).catch(() => undefined)]);
// The last chunk's evaluation ends a task: what follows (the served data, hydration) starts its own.
await yieldToMain();

// Pages served from dist/prerendered (scripts/prerender.mjs) arrive as HTML: the signed-out page of
// today, in the language the server picked, with its data loading. Hydrating it keeps what the
// visitor already sees; a page in another language than the one chosen here (a choice the server
// could not see: kept only in localStorage, now copied into the cookie) or a visitor signed in
// would not match it, so their page is rendered afresh (replacing the prerendered HTML in one commit).
const hydrating = Boolean(root.firstElementChild) && servedLanguage === i18n.language && !getAuthToken();

// A page drawn by the site server with its data (its route's pageData) also carries that data: the page
// hydrates from it, without the data layer (rendering/served-page.tsx). Only a page that is hydrated uses it.
const servedData = takeServedPageData();
const served = hydrating && servedData ? { language: servedLanguage, data: servedData, key: loadedEntryKey() } : null;
// A code the server asked for (a form sent before this script ran): the tab remembers it, as if the page
// had sent it, so that a page rendered afresh opens at its code step too.
rememberServedSend(servedFormOf(servedData));

const app = (
  <StrictMode>
    <App served={served} />
  </StrictMode>
);

if (hydrating) {
  // A page that defers its data (home) hydrates without Apollo; its data parts stay as the server drew
  // them until the reader nears them or first touches the page.
  wantDataLayerOnFirstInteraction();
  // Its text parts (rendering/served-text.tsx) keep the HTML they find instead of hydrating it.
  markServedPageHydrating();
  // As a transition: React hydrates in slices and yields to the reader's input between them, instead of
  // holding the main thread of a slow phone for the whole page (the page is already painted).
  startTransition(() => {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => console.warn('the prerendered page did not match; rendered afresh', error),
    });
  });
} else {
  // Rendered afresh (signed in, another language, no prerendered page): nothing to wait for.
  wantDataLayer();
  createRoot(root).render(app);
}
