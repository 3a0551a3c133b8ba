import '@testing-library/jest-dom';
import { initI18nSync } from '@/i18n';
import { wantDataLayer } from '@/rendering/data-layer-loader';

// Tests render English unless they switch language themselves.
initI18nSync();

// jsdom has no matchMedia; default to a wide screen without reduced motion.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// Components render as in a browser after the first interaction: the data layer is wanted, so data
// parts load (rendering/lazy-part-when-wanted.test.tsx covers the time before, with modules of its own).
wantDataLayer();

// Every test starts as a new tab: nothing remembered for the tab (e.g. a code an earlier test sent).
beforeEach(() => window.sessionStorage.clear());
