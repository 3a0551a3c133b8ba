// The app's half of public/early-press.js: a tap on a server-drawn button before its part of the page
// has hydrated (the app's script still on its way, or the part waiting for its chunk) reaches no React
// handler, and React does not replay it. The early script queues it by the control's key; the group it
// belongs to, once hydrated, presses it again, so the carousel moves, the dialog opens, Register Now asks.
import { useEffect, type RefObject } from 'react';

/** The attribute naming a control whose early presses are replayed: a key unique on the page. */
export const EARLY_PRESS_ATTRIBUTE = 'data-early-press';

interface EarlyPresses {
  queue: { key: string; event: Event }[];
  /** Groups that are live: their presses are React's own from now on. */
  live: WeakSet<Element>;
}

declare global {
  interface Window {
    __earlyPresses?: EarlyPresses;
  }
}

function earlyPresses(): EarlyPresses {
  return (window.__earlyPresses ??= { queue: [], live: new WeakSet() });
}

/** The props of a control whose early presses count: `<button {...earlyPress('hero:toggle')}>`. */
export function earlyPress(key: string): { [EARLY_PRESS_ATTRIBUTE]: string } {
  return { [EARLY_PRESS_ATTRIBUTE]: key };
}

/**
 * Once the group under `ref` is live (its effects run after its hydration, or its first render), presses
 * the controls in it that the reader pressed before, in order. Same keys in a page rendered afresh (a
 * signed-in reader) find their new buttons. A press still being dispatched is React's own: a tap that
 * made React hydrate this group at once is not pressed twice.
 */
export function useEarlyPresses(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const group = ref.current;
    if (!group) return;
    const state = earlyPresses();
    state.live.add(group);
    const controlOf = (key: string) => group.querySelector<HTMLElement>(`[${EARLY_PRESS_ATTRIBUTE}="${CSS.escape(key)}"]`);
    const mine = state.queue.filter((press) => controlOf(press.key));
    if (mine.length === 0) return;
    state.queue = state.queue.filter((press) => !mine.includes(press));
    for (const press of mine) if (press.event.eventPhase === Event.NONE) controlOf(press.key)?.click();
  }, [ref]);
}
