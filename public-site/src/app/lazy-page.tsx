import { lazy, type ComponentType } from 'react';

export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the page's chunk; after it resolves the page renders without suspending. */
  preload(): Promise<void>;
}

/**
 * A route page in its own chunk. Like React.lazy, but once preloaded (main.tsx preloads the page
 * being opened before the first render; the build's prerender does the same) it renders
 * synchronously: the prerendered HTML is hydrated by the page itself, never by a loading fallback.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        pending = undefined; // a failed chunk load (network, new deploy) may be retried
        throw error;
      },
    ));
  const Suspending = lazy(() => preload().then(() => ({ default: Loaded as ComponentType })));
  function Page() {
    return Loaded ? <Loaded /> : <Suspending />;
  }
  return Object.assign(Page, { preload });
}
