// Base styles first so feature stylesheets (loaded later) win at equal specificity.
import '@/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '@/i18n';
import { App } from '@/app/app';

// Language bootstrapping lives in the bundle (no inline scripts under the CSP): read the stored
// choice, load its catalogue, set <html lang>, then render.
await initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
