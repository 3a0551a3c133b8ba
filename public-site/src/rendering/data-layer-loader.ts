import type { ApolloClient } from '@apollo/client';
import type { ApolloContextValue } from '@apollo/client/react';

// The data layer (Apollo Client: ~50 KB gzipped with rxjs and graphql, a third of the site's code) is
// its own chunk, fetched only once something asks for it. A signed-out visitor on a cheap phone reads
// the prerendered home page with React, the router and the translator alone; Apollo comes when the
// page needs data: a page or dialog that queries (lazyPart with data 'now'), a page's data not served
// with it (usePageQuery), a part scrolled near (lazyPart 'when-wanted' + useWantDataLayerWhenVisible),
// or the reader's first touch, key or click anywhere
// (wantDataLayerOnFirstInteraction), so that it is there before their next step.
// Nothing here imports Apollo's code: the types above are erased.

export type DataLayer = typeof import('./data-layer');

let client: ApolloClient | undefined;
let loading: Promise<DataLayer> | undefined;
let markWanted: () => void = () => undefined;
let wanted = newWanted();
let markLoaded: (layer: DataLayer) => void = () => undefined;
let loaded = newLoaded();

function newLoaded() {
  return new Promise<DataLayer>((resolve) => {
    markLoaded = resolve;
  });
}

function newWanted() {
  return new Promise<void>((resolve) => {
    markWanted = resolve;
  });
}

/**
 * The value of Apollo's React context for the browser: a stable object whose client is the data
 * layer's once it has loaded. Stable, so that its arrival re-renders nothing (a context change above a
 * part still waiting to hydrate would make React throw its server HTML away). Every component that
 * reads it waits for the data layer first (lazyPart's data option) or reads it knowing it may be undefined (usePageQuery, useDataClient).
 */
export const dataLayerContext: ApolloContextValue = {
  get client() {
    return client;
  },
};

/** Fetches the data layer (once; a failed fetch may be tried again). */
export function loadDataLayer(): Promise<DataLayer> {
  markWanted();
  loading ??= import('./data-layer').then(
    (layer) => {
      client = layer.apolloClient;
      markLoaded(layer);
      return layer;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether the data layer has arrived (then loadDataLayer resolves at once). */
export function dataLayerLoaded(): boolean {
  return client !== undefined;
}

/** Resolves once the data layer has arrived, without fetching it (a page drawn with its data waits so). */
export function whenDataLayerLoaded(): Promise<DataLayer> {
  return loaded;
}

/** Something will need data soon: start fetching the data layer. */
export function wantDataLayer(): void {
  void loadDataLayer().catch(() => undefined);
}

/** Resolves once something has wanted the data layer (a 'when-wanted' lazyPart waits for it before loading anything). */
export function whenDataLayerWanted(): Promise<void> {
  return wanted;
}

const interactions = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

/**
 * The reader's first touch, click, key, focus or wheel anywhere starts fetching the data layer: they
 * are about to scroll to a part that needs it, or to open something that does.
 */
export function wantDataLayerOnFirstInteraction(target: Window = window): void {
  const onInteraction = () => {
    for (const type of interactions) target.removeEventListener(type, onInteraction, true);
    wantDataLayer();
  };
  for (const type of interactions) target.addEventListener(type, onInteraction, { capture: true, passive: true });
}

/** For tests: forget the loaded data layer and whether it was wanted (as on a new page load). */
export function resetDataLayerForTests(): void {
  client = undefined;
  loading = undefined;
  wanted = newWanted();
  loaded = newLoaded();
}
