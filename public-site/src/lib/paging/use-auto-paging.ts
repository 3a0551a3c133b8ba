import { useEffect, useMemo, useReducer, useRef, useState, type FocusEvent, type RefObject } from 'react';
import { usePrefersReducedMotion } from '@/lib/use-media-query';
import { initialPagingState, isAutoAdvancing, pagingReducer, type PagingOptions } from './carousel-paging';

/**
 * Whether `element` is (at least partly) inside the viewport and the page is in a visible tab.
 * Observes only while `enabled`: a carousel that does not rotate (paused, reduced motion, one page)
 * costs nothing. Without IntersectionObserver (old browsers, jsdom) the element counts as on screen.
 */
function useShownOnScreen(ref: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    if (!enabled) return;
    const element = ref.current;
    let intersecting = true;
    // Same value again: React bails out, so neither scrolling nor a tab switch re-renders for nothing.
    const update = () => setShown(intersecting && document.visibilityState !== 'hidden');
    const observer =
      element && typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            intersecting = entries[entries.length - 1]?.isIntersecting ?? intersecting;
            update();
          })
        : null;
    if (element) observer?.observe(element);
    document.addEventListener('visibilitychange', update);
    update();
    return () => {
      observer?.disconnect();
      document.removeEventListener('visibilitychange', update);
    };
  }, [ref, enabled]);
  return shown;
}

/**
 * Automatic paging over `count` pages every `intervalMs`, built on the pure paging reducer.
 * Pauses while the pointer is over the element or focus is inside; never runs with reduced motion.
 *
 * An idle page does no work for it: one timer per slide whose only job is the slide change (a
 * dispatch to this carousel's own state, so only the carousel re-renders), and no timer at all while
 * the carousel is off screen (IntersectionObserver on the element given to `containerProps.ref`) or
 * the tab is in the background (`document.visibilityState`). Coming back starts a full interval.
 */
export function useAutoPaging(count: number, intervalMs: number, options: PagingOptions) {
  const reducer = useMemo(() => pagingReducer(options), [options.pauseOnNavigate]); // eslint-disable-line react-hooks/exhaustive-deps
  const [state, dispatch] = useReducer(reducer, count, initialPagingState);
  const reducedMotion = usePrefersReducedMotion();
  /** Rotating as far as the reader is concerned (controls and aria-live follow this). */
  const running = isAutoAdvancing(state, reducedMotion);
  // A ref, not state: the carousel's element is always rendered, and a state would cost each carousel
  // a second render while the page hydrates.
  const containerRef = useRef<HTMLElement | null>(null);
  const shown = useShownOnScreen(containerRef, running);
  /** A timer is actually pending. */
  const ticking = running && shown;

  useEffect(() => {
    dispatch({ type: 'setCount', count });
  }, [count]);

  useEffect(() => {
    if (!ticking) return;
    const id = window.setTimeout(() => dispatch({ type: 'tick' }), intervalMs);
    return () => window.clearTimeout(id);
  }, [ticking, intervalMs, state.index]);

  const containerProps = {
    ref: containerRef,
    onPointerEnter: () => dispatch({ type: 'hover', on: true }),
    onPointerLeave: () => dispatch({ type: 'hover', on: false }),
    onFocus: () => dispatch({ type: 'focus', on: true }),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) dispatch({ type: 'focus', on: false });
    },
  };

  return { state, dispatch, running, ticking, reducedMotion, containerProps };
}
