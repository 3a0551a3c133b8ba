// Paging rules of the event carousels and the hero slideshow.

export const CAROUSEL_INTERVAL_MS = 3000;
export const HERO_INTERVAL_MS = 5000;
export const MOBILE_BREAKPOINT_PX = 640;
export const ITEMS_PER_PAGE_WIDE = 3;

/** Three events per page on wide screens, one under 640 px. */
export function itemsPerPage(viewportWidth: number): number {
  return viewportWidth < MOBILE_BREAKPOINT_PX ? 1 : ITEMS_PER_PAGE_WIDE;
}

/** Number of events divided by the page size, rounded up. */
export function pageCount(itemCount: number, perPage: number): number {
  if (itemCount <= 0 || perPage <= 0) return 0;
  return Math.ceil(itemCount / perPage);
}

export function nextIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return (index + 1) % count;
}

export function previousIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return (index - 1 + count) % count;
}

export function pageItems<T>(items: readonly T[], index: number, perPage: number): T[] {
  const start = index * perPage;
  return items.slice(start, start + perPage);
}

export interface PagingState {
  index: number;
  count: number;
  /** Paused by the user (pause control, arrows or dots). */
  userPaused: boolean;
  /** Pointer is over the carousel. */
  hovering: boolean;
  /** Keyboard focus is inside the carousel. */
  focused: boolean;
}

export type PagingAction =
  | { type: 'tick' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goTo'; index: number }
  | { type: 'togglePause' }
  | { type: 'hover'; on: boolean }
  | { type: 'focus'; on: boolean }
  | { type: 'setCount'; count: number };

export interface PagingOptions {
  /** Whether arrows and dots pause automatic advance (true for the event carousels). */
  pauseOnNavigate: boolean;
}

export function initialPagingState(count: number): PagingState {
  return { index: 0, count, userPaused: false, hovering: false, focused: false };
}

/** Whether the timer should advance the page now. */
export function isAutoAdvancing(state: PagingState, reducedMotion: boolean): boolean {
  return !reducedMotion && state.count > 1 && !state.userPaused && !state.hovering && !state.focused;
}

export function pagingReducer(options: PagingOptions) {
  return function reduce(state: PagingState, action: PagingAction): PagingState {
    const navigatePause = options.pauseOnNavigate ? true : state.userPaused;
    switch (action.type) {
      case 'tick':
        if (state.userPaused || state.hovering || state.focused || state.count <= 1) return state;
        return { ...state, index: nextIndex(state.index, state.count) };
      case 'next':
        return { ...state, index: nextIndex(state.index, state.count), userPaused: navigatePause };
      case 'previous':
        return { ...state, index: previousIndex(state.index, state.count), userPaused: navigatePause };
      case 'goTo': {
        if (state.count <= 0) return state;
        const index = Math.min(Math.max(0, Math.trunc(action.index)), state.count - 1);
        return { ...state, index, userPaused: navigatePause };
      }
      case 'togglePause':
        // Pressing play is an explicit request: it resumes even though the pointer or focus is
        // still on the control (WAI-ARIA carousel pattern). New hover/focus events pause again.
        return state.userPaused
          ? { ...state, userPaused: false, hovering: false, focused: false }
          : { ...state, userPaused: true };
      case 'hover':
        return state.hovering === action.on ? state : { ...state, hovering: action.on };
      case 'focus':
        return state.focused === action.on ? state : { ...state, focused: action.on };
      case 'setCount': {
        if (action.count === state.count) return state;
        const index = action.count <= 0 ? 0 : Math.min(state.index, action.count - 1);
        return { ...state, count: action.count, index };
      }
    }
  };
}
