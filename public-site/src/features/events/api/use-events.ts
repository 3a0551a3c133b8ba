import { EventCountsByDayDocument, EventDocument, EventsDocument, type EventWhen } from '@/gql/graphql';
import { pageQuery } from '@/rendering/page-data';
import { usePageQuery } from '@/rendering/use-page-query';

export const MAX_EVENTS_PAGE = 100;

type EventsFilter = { when: EventWhen; month?: number; year?: number };

/** Events for a carousel or list (the same request on the server, app/router.tsx, and in the page). */
export const eventsQuery = (filter: EventsFilter, limit = 12) => pageQuery(EventsDocument, { filter, offset: 0, limit });
export const eventCountsQuery = (year: number, month: number, when: EventWhen) => pageQuery(EventCountsByDayDocument, { year, month, when });
export const eventQuery = (id: string) => pageQuery(EventDocument, { id });

export function useEvents(filter: EventsFilter, limit = 12) {
  return usePageQuery(eventsQuery(filter, limit));
}

export function useEventCountsByDay(year: number, month: number, when: EventWhen) {
  return usePageQuery(eventCountsQuery(year, month, when));
}

export function useEvent(id: string) {
  return usePageQuery(eventQuery(id));
}
