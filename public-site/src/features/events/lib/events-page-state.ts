import { todayInIndia } from '@/lib/format';
import type { AnyPageQuery } from '@/rendering/page-data';
import { eventCountsQuery, eventsQuery, MAX_EVENTS_PAGE } from '../api/use-events';
import { isEventType, whenForType, type EventType } from './calendar-grid';

/** The events page's two views: what is coming, across months (first), and the month calendar. */
export type EventsView = 'next' | 'calendar';

/** What /events shows, from its URL: `?view=calendar&month=YYYY-MM&type=upcoming|past|all` (all optional). */
export interface EventsPageState {
  view: EventsView;
  year: number;
  month: number;
  type: EventType;
}

/**
 * The month asked for: `month=YYYY-MM` (the page's links), or the filters' form sent without script,
 * `month=M&year=YYYY` (the year, when absent, this one). Null when none, or not a month.
 */
function askedMonth(search: URLSearchParams, todayYear: number): { year: number; month: number } | null {
  const text = search.get('month') ?? '';
  const both = /^(\d{4})-(\d{2})$/.exec(text);
  const alone = /^\d{1,2}$/.test(text) ? /^\d{4}$/.exec(search.get('year') ?? String(todayYear)) : null;
  const year = both ? Number(both[1]) : alone ? Number(alone[0]) : 0;
  const month = both ? Number(both[2]) : alone ? Number(text) : 0;
  return month >= 1 && month <= 12 ? { year, month } : null;
}

/** The page's state from its search (`today`: YYYY-MM-DD in India, the month shown when none is asked for). */
export function eventsPageState(search: URLSearchParams, today: string = todayInIndia()): EventsPageState {
  const [todayYear, todayMonth] = today.split('-').map(Number);
  const asked = askedMonth(search, todayYear);
  const type = search.get('type');
  return {
    // A month asked for is the calendar's.
    view: search.get('view') === 'calendar' || asked ? 'calendar' : 'next',
    year: asked ? asked.year : todayYear,
    month: asked ? asked.month : todayMonth,
    type: isEventType(type) ? type : 'upcoming',
  };
}

/** The search of a state (what is default is left out), for links and the address bar. */
export function eventsPageSearch(state: EventsPageState, today: string = todayInIndia()): string {
  const search = new URLSearchParams();
  if (state.view === 'calendar') {
    search.set('view', 'calendar');
    const current = eventsPageState(new URLSearchParams(), today);
    if (state.year !== current.year || state.month !== current.month) search.set('month', `${state.year}-${String(state.month).padStart(2, '0')}`);
    if (state.type !== 'upcoming') search.set('type', state.type);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The upcoming list (the "Coming up" view). */
export const upcomingListQuery = () => eventsQuery({ when: 'UPCOMING' }, MAX_EVENTS_PAGE);

/** The month calendar's events and counts by day. */
export function monthQueries({ year, month, type }: EventsPageState) {
  const when = whenForType(type);
  return { events: eventsQuery({ when, month, year }, MAX_EVENTS_PAGE), counts: eventCountsQuery(year, month, when) };
}

/** What the page at this state asks the API (its route's page data). */
export function eventsPageQueries(state: EventsPageState): AnyPageQuery[] {
  if (state.view === 'calendar') {
    const { events, counts } = monthQueries(state);
    return [events, counts];
  }
  return [upcomingListQuery()];
}
