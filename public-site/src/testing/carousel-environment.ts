import { act } from '@testing-library/react';

/**
 * What a rotating carousel reads from the browser, under the test's control: whether it is on screen
 * (a fake IntersectionObserver), whether the tab is in the background (document.visibilityState) and
 * whether the reader asked for reduced motion (matchMedia). `restore()` puts jsdom back.
 */
export function carouselEnvironment() {
  const observers = new Set<FakeIntersectionObserver>();
  let visibility: DocumentVisibilityState = 'visible';

  class FakeIntersectionObserver {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds = [0];
    readonly targets = new Set<Element>();
    constructor(private readonly callback: IntersectionObserverCallback) {
      observers.add(this);
    }
    observe(target: Element) {
      this.targets.add(target);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
      observers.delete(this);
    }
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
    notify(isIntersecting: boolean) {
      const entries = [...this.targets].map((target) => ({ target, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 }) as unknown as IntersectionObserverEntry);
      if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
    }
  }

  const originalObserver = (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  const originalMatchMedia = window.matchMedia;
  Object.defineProperty(window, 'IntersectionObserver', { configurable: true, writable: true, value: FakeIntersectionObserver });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => visibility === 'hidden' });

  return {
    /** Observers currently watching an element (none while a carousel does not rotate). */
    observedCount: () => [...observers].filter((o) => o.targets.size > 0).length,
    /** Scrolls every observed carousel into (true) or out of (false) the viewport. */
    setOnScreen(on: boolean) {
      act(() => {
        for (const observer of [...observers]) observer.notify(on);
      });
    },
    /** Switches the tab to the background (true) or back (false). */
    setTabHidden(hidden: boolean) {
      act(() => {
        visibility = hidden ? 'hidden' : 'visible';
        document.dispatchEvent(new Event('visibilitychange'));
      });
    },
    /** Call before rendering: `prefers-reduced-motion: reduce` matches. */
    preferReducedMotion() {
      window.matchMedia = ((query: string) => ({
        ...originalMatchMedia(query),
        matches: query.includes('prefers-reduced-motion: reduce') || originalMatchMedia(query).matches,
        media: query,
      })) as typeof window.matchMedia;
    },
    restore() {
      window.matchMedia = originalMatchMedia;
      if (originalObserver === undefined) delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
      else Object.defineProperty(window, 'IntersectionObserver', { configurable: true, writable: true, value: originalObserver });
      delete (document as { visibilityState?: unknown }).visibilityState;
      delete (document as { hidden?: unknown }).hidden;
    },
  };
}

/**
 * A describe block's carousel environment with fake timers, set up before each test and put back after:
 * call at the top of the block, read `.current` inside tests.
 */
export function useCarouselEnvironment(): { current: ReturnType<typeof carouselEnvironment> } {
  const env = {} as { current: ReturnType<typeof carouselEnvironment> };
  beforeEach(() => {
    jest.useFakeTimers();
    env.current = carouselEnvironment();
  });
  afterEach(() => {
    jest.useRealTimers();
    env.current.restore();
  });
  return env;
}

/** Lets `ms` of fake time pass, inside act (timers change React state). */
export function advance(ms: number): void {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

/** The 1-based number of the page or slide whose dot (a button named by `name`) is aria-current. */
export function currentDot(buttons: HTMLElement[]): number {
  return buttons.findIndex((dot) => dot.getAttribute('aria-current') === 'true') + 1;
}
