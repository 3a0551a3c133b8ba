import { useCallback, useSyncExternalStore } from 'react';

// One MediaQueryList per query for the page's life: React reads the snapshot on every render of
// every carousel (and again after each commit), and window.matchMedia makes a new list each call.
const lists = new Map<string, MediaQueryList>();

function mediaQueryList(query: string): MediaQueryList | null {
  if (typeof window === 'undefined' || !window.matchMedia) return null;
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    // Tests replace window.matchMedia; only the browser's own lists are kept.
    if (typeof MediaQueryList !== 'undefined' && list instanceof MediaQueryList) lists.set(query, list);
  }
  return list;
}

function subscribe(query: string) {
  return (onChange: () => void) => {
    const list = mediaQueryList(query);
    if (!list) return () => {};
    list.addEventListener?.('change', onChange);
    return () => list.removeEventListener?.('change', onChange);
  };
}

export function useMediaQuery(query: string): boolean {
  const sub = useCallback((onChange: () => void) => subscribe(query)(onChange), [query]);
  return useSyncExternalStore(
    sub,
    () => mediaQueryList(query)?.matches ?? false,
    () => false,
  );
}

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
