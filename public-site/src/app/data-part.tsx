import { lazy, useEffect, type ComponentType, type RefObject } from 'react';
import { loadDataLayer, wantDataLayer, whenDataLayerWanted } from '@/lib/data-layer-loader';

export interface DataPart<P extends object> {
  (props: P): React.JSX.Element;
  /** Loads the part's chunk and the data layer now (the server renderer, tests). */
  preload(): Promise<void>;
}

const parts = new Set<() => Promise<void>>();

/** Loads every data part defined so far (the server renders pages whole: nothing may suspend). */
export function preloadDataParts(): Promise<void> {
  return Promise.all([...parts].map((preload) => preload())).then(() => undefined);
}

declare global {
  // The prerender build counts the imports made for data parts apart (vite.config.ts): their styles
  // go into the page, their scripts are not preloaded with it.
  var __prerenderDeferred: number | undefined;
}

/**
 * A part of a page that needs the API (Apollo) on a page that does not (lazyPage `data: 'deferred'`):
 * its chunk and the data layer load only once something wants the data layer (its section near the
 * screen, the reader's first interaction, another page). Until then a prerendered part stays as the
 * server drew it (React leaves a suspended boundary's HTML in place while hydrating the rest of the
 * page), and a part rendered afresh shows its Suspense fallback. Render it inside a <Suspense>.
 */
export function dataPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): DataPart<P> {
  let Loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () => {
    if (pending) return pending;
    globalThis.__prerenderDeferred = (globalThis.__prerenderDeferred ?? 0) + 1;
    try {
      pending = Promise.all([load(), loadDataLayer()]).then(
        ([module]) => {
          Loaded = module.default;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
    } finally {
      globalThis.__prerenderDeferred -= 1;
    }
    return pending;
  };
  parts.add(preload);
  const Waiting = lazy(() =>
    whenDataLayerWanted()
      .then(preload)
      .then(() => ({ default: Loaded as ComponentType<P> })),
  );
  function Part(props: P) {
    return Loaded ? <Loaded {...props} /> : <Waiting {...props} />;
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
