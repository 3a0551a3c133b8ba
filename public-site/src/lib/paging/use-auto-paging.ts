import { useEffect, useMemo, useReducer, type FocusEvent } from 'react';
import { usePrefersReducedMotion } from '@/lib/use-media-query';
import { initialPagingState, isAutoAdvancing, pagingReducer, type PagingOptions } from './carousel-paging';

/**
 * Automatic paging over `count` pages every `intervalMs`, built on the pure paging reducer.
 * Pauses while the pointer is over the element or focus is inside; never runs with reduced motion.
 */
export function useAutoPaging(count: number, intervalMs: number, options: PagingOptions) {
  const reducer = useMemo(() => pagingReducer(options), [options.pauseOnNavigate]); // eslint-disable-line react-hooks/exhaustive-deps
  const [state, dispatch] = useReducer(reducer, count, initialPagingState);
  const reducedMotion = usePrefersReducedMotion();
  const running = isAutoAdvancing(state, reducedMotion);

  useEffect(() => {
    dispatch({ type: 'setCount', count });
  }, [count]);

  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => dispatch({ type: 'tick' }), intervalMs);
    return () => window.clearInterval(id);
  }, [running, intervalMs, state.index]);

  const containerProps = {
    onPointerEnter: () => dispatch({ type: 'hover', on: true }),
    onPointerLeave: () => dispatch({ type: 'hover', on: false }),
    onFocus: () => dispatch({ type: 'focus', on: true }),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) dispatch({ type: 'focus', on: false });
    },
  };

  return { state, dispatch, running, reducedMotion, containerProps };
}
