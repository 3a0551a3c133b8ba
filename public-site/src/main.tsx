// Base styles first so feature stylesheets (loaded later) win at equal specificity.
import '@/styles/base.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initI18n } from '@/i18n';
import { App } from '@/app/app';
import { preloadPage } from '@/app/router';
import { getAuthToken } from '@/lib/auth-token';

// Language bootstrapping lives in the bundle (no inline scripts under the CSP): read the stored
// choice, load its catalogue, set <html lang>, then render. The page's own chunk loads at the same
// time, so the first render is the page itself, not a loading spinner.
const [i18n] = await Promise.all([initI18n(), preloadPage(window.location.pathname).catch(() => undefined)]);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Pages served from dist/prerendered (scripts/prerender.mjs) arrive as HTML: the signed-out English
// page of today with its data loading. Hydrating it keeps what the visitor already sees; a visitor
// reading Hindi or signed in would not match it, so their page is rendered afresh (replacing the
// prerendered HTML in one commit).
if (root.firstElementChild && i18n.language === 'en' && !getAuthToken()) {
  hydrateRoot(root, app, {
    onRecoverableError: (error) => console.warn('the prerendered page did not match; rendered afresh', error),
  });
} else {
  createRoot(root).render(app);
}
