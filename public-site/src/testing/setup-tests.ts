import '@testing-library/jest-dom';
import { initI18nSync } from '@/i18n';

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
