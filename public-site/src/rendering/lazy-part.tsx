import { createContext, lazy, useContext, useEffect, type ComponentType, type RefObject } from 'react';
import { loadDataLayer, wantDataLayer, whenDataLayerWanted } from '@/rendering/data-layer-loader';

export interface LazyPart<P extends object> {
  (props: P): React.JSX.Element;
  /** Loads the part's chunk (and the data layer if it needs it); once it resolves the part renders without suspending. */
  preload(): Promise<void>;
}

export interface LazyPartOptions {
  /**
   * What the part needs of the data layer (Apollo, rendering/data-layer-loader.ts):
   * - absent: nothing (a page reading its data with usePageQuery, which fetches the data layer itself if need be);
   * - 'now': it loads with the chunk (a dialog or page that queries or mutates through Apollo as it renders);
   * - 'when-wanted': a part whose chunk and data layer load only once something wants the data layer (its
   *   section near the screen: useWantDataLayerWhenVisible, the reader's first touch, another page). Until
   *   then a part the server drew stays as drawn (React leaves a suspended boundary's HTML in place while it
   *   hydrates the rest), and one rendered afresh shows its Suspense fallback. The server renderer loads
   *   these whole (preloadWhenWantedParts), and the prerender does not preload their scripts.
   */
  data?: 'now' | 'when-wanted';
}

/**
 * Which try at loading the parts below this is (components/ui/loading-dialog.tsx gives each opening and
 * each Try again its own): a part whose chunk failed to load is fetched again on a new try.
 */
export const LoadAttempt = createContext(0);

const whenWanted = new Set<() => Promise<void>>();

/** Loads every 'when-wanted' part defined so far (the server renders pages whole: nothing may suspend). */
export function preloadWhenWantedParts(): Promise<void> {
  return Promise.all([...whenWanted].map((preload) => preload())).then(() => undefined);
}

declare global {
  // The prerender build counts the imports made for 'when-wanted' parts apart (vite.config.ts): their
  // styles go into the page, their scripts are not preloaded with it.
  var __prerenderDeferred: number | undefined;
}

/**
 * A component in its own chunk: a route's page, a part of a page, a dialog. Like React.lazy, but once
 * preloaded (main.tsx preloads the page being opened before the first render; the server renderer does
 * the same) it renders synchronously, so a server-drawn page is hydrated by itself, never by a loading
 * fallback. A chunk that failed to load is fetched again by the next preload or mount (a dialog's Try
 * again: components/ui/loading-dialog.tsx). Render it inside a <Suspense> unless it is preloaded.
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, { data }: LazyPartOptions = {}): LazyPart<P> {
  let Loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () => {
    if (pending) return pending;
    if (data === 'when-wanted') globalThis.__prerenderDeferred = (globalThis.__prerenderDeferred ?? 0) + 1;
    try {
      pending = Promise.all([load(), data ? loadDataLayer() : undefined]).then(
        ([module]) => {
          Loaded = module.default;
        },
        (error: unknown) => {
          pending = undefined; // a failed chunk load (network, new deploy) may be retried
          throw error;
        },
      );
    } finally {
      if (data === 'when-wanted') globalThis.__prerenderDeferred = (globalThis.__prerenderDeferred ?? 1) - 1;
    }
    return pending;
  };
  if (data === 'when-wanted') whenWanted.add(preload);
  const start = () => (data === 'when-wanted' ? whenDataLayerWanted().then(preload) : preload());
  // One React.lazy per try (it remembers a failure: a new try, LoadAttempt, fetches again), the same for
  // every render of a try so that a re-render never swaps the element type (that would lose what was typed).
  let current = { attempt: 0, Suspending: lazy(() => start().then(() => ({ default: Loaded as ComponentType<P> }))) };
  function Part(props: P) {
    const attempt = useContext(LoadAttempt);
    if (Loaded) return <Loaded {...props} />;
    if (current.attempt !== attempt) current = { attempt, Suspending: lazy(() => start().then(() => ({ default: Loaded as ComponentType<P> }))) };
    const { Suspending } = current;
    return <Suspending {...props} />;
  }
  return Object.assign(Part, { preload });
}

/** Wants the data layer once `ref`'s element comes within `margin` of the screen (or at once without IntersectionObserver). */
export function useWantDataLayerWhenVisible(ref: RefObject<Element | null>, margin = '300px'): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      wantDataLayer();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          wantDataLayer();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin]);
}
