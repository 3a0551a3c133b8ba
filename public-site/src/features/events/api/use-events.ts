import { useQuery } from '@apollo/client/react';
import { EventCountsByDayDocument, EventDocument, EventsDocument, type EventWhen } from '@/gql/graphql';

export const MAX_EVENTS_PAGE = 100;

/** Events for a carousel or list. */
export function useEvents(filter: { when: EventWhen; month?: number; year?: number }, limit = 12) {
  return useQuery(EventsDocument, { variables: { filter, offset: 0, limit } });
}

export function useEventCountsByDay(year: number, month: number, when: EventWhen) {
  return useQuery(EventCountsByDayDocument, { variables: { year, month, when } });
}

export function useEvent(id: string) {
  return useQuery(EventDocument, { variables: { id } });
}
