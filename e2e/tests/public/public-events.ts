import type { APIRequestContext } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';

/** An event as the public pages show it, with what decides whether a reader can still register. */
export interface ApiEvent {
  id: string;
  title: string;
  date: string;
  location: string;
  description: string;
  hasEnded: boolean;
  hasStarted: boolean;
  isFull: boolean;
  cancelled: boolean;
}

/** The API's upcoming events not yet over (other journeys leave some that ended earlier today), soonest first. */
export async function upcomingEvents(request: APIRequestContext): Promise<ApiEvent[]> {
  const answer = await request.post(`${STACK.apiUrl}/graphql`, {
    data: { query: '{ events(filter: { when: UPCOMING }, limit: 100) { items { id title date location description hasEnded hasStarted isFull cancelled } } }' },
  });
  return ((await answer.json()).data.events.items as ApiEvent[]).filter((e) => !e.hasEnded);
}

/** Upcoming events a signed-out reader can register for: not started, not full, not cancelled. */
export async function openEvents(request: APIRequestContext): Promise<ApiEvent[]> {
  return (await upcomingEvents(request)).filter((e) => !e.hasStarted && !e.isFull && !e.cancelled);
}
