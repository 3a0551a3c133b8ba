import { lazy, type ComponentType } from 'react';
import { loadDataLayer } from '@/lib/data-layer-loader';

export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the page's chunk (and the data layer, unless the page defers it); after it resolves the page renders without suspending. */
  preload(): Promise<void>;
}

export interface LazyPageOptions {
  /**
   * 'now' (the default): the page queries the API as it renders, so the data layer loads with its chunk.
   * 'deferred': the page renders without it, and its parts that need data are dataParts of their own.
   */
  data?: 'now' | 'deferred';
}

/**
 * A route page in its own chunk. Like React.lazy, but once preloaded (main.tsx preloads the page
 * being opened before the first render; the build's prerender does the same) it renders
 * synchronously: the prerendered HTML is hydrated by the page itself, never by a loading fallback.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, { data = 'now' }: LazyPageOptions = {}): LazyPage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= Promise.all([load(), data === 'now' ? loadDataLayer() : undefined]).then(
      ([module]) => {
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
