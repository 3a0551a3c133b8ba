// Each public route's data (the `pageData` of app/router.tsx): the queries its page needs, from the URL
// and language, what its link preview shows and the change-feed topics it follows.
import type { RoutePageData } from '@/rendering/page-data';
import { eventQuery, eventsQuery } from '@/features/events/api/use-events';
import { eventsPageQueries, eventsPageState } from '@/features/events/lib/events-page-state';
import { eventMeta } from '@/features/events/lib/event-meta';
import { teamMembersQuery } from '@/features/team/api/use-team-members';

// The very requests the pages make (usePageQuery), so the browser hydrates from the answers.
export const home: RoutePageData = {
  // Both carousels.
  queries: () => [eventsQuery({ when: 'PAST' }), eventsQuery({ when: 'UPCOMING' })],
  topics: ['events'],
};
export const events: RoutePageData = {
  // The "Coming up" list, or the month calendar with its counts (the month in the URL, else this one).
  queries: ({ search, today }) => eventsPageQueries(eventsPageState(search, today)),
  topics: ['events'],
};
export const event: RoutePageData = {
  queries: ({ params }) => [eventQuery(params.id ?? '')],
  topics: ['events'],
  meta: (read, { params, lang }) => {
    const event = read(eventQuery(params.id ?? ''))?.event;
    return event ? eventMeta(event, lang) : undefined;
  },
};
export const team: RoutePageData = {
  queries: () => [teamMembersQuery()],
  topics: ['team'],
};
