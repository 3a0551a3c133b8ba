import '@testing-library/jest-dom';

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
