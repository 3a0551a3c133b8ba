import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// jsdom has no matchMedia or scrollTo.
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
window.scrollTo = () => {};

afterEach(() => {
  window.localStorage.clear();
});

// Route chunks are lazy and compiled on first import; give the first render of a page some room.
configure({ asyncUtilTimeout: 5000 });
