import { GraphQLError } from 'graphql';
import type { EventDetailFieldsFragment, EventSessionFieldsFragment, SeriesDatesFieldsFragment, ViewerFieldsFragment } from '@/gql/graphql';
import { MeDocument, MyEventPassDocument } from '@/gql/graphql';

/** A GraphQL error result as the API formats it (message + extensions.code). */
export function gqlError(message: string, code: string, extra: Record<string, unknown> = {}) {
  return { errors: [new GraphQLError(message, { extensions: { code, ...extra } })] };
}

export function viewer(overrides: Partial<ViewerFieldsFragment> = {}): ViewerFieldsFragment & { __typename: 'User' } {
  return {
    __typename: 'User',
    id: 'u-1',
    name: 'Asha Verma',
    email: 'asha@example.org',
    phone: '9876543210',
    category: 'GRADUATE',
    status: 'ACTIVE',
    remindersEnabled: true,
    ...overrides,
  };
}

/** A `me` query answered with this user (usable `times` times). */
export function meMock(user = viewer(), times = 5) {
  return { request: { query: MeDocument }, result: { data: { me: user } }, maxUsageCount: times };
}

/**
 * The event page of a signed-in viewer also asks for their check-in code and certificate: this
 * answers 'none' (as often as asked) for tests about something else.
 */
export function noEventPass(id: string) {
  return {
    request: { query: MyEventPassDocument, variables: { id } },
    result: { data: { event: { __typename: 'Event' as const, id, myCheckIn: null, myCertificate: null } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

/** An event as the event page's query answers it (every field of EventDetailFields, SeriesDatesFields and its sessions), upcoming and open. */
type SessionsWithTypename = { sessions: (EventSessionFieldsFragment['sessions'][number] & { __typename: 'EventSession' })[] };
export function eventDetail(
  overrides: Partial<EventDetailFieldsFragment & SeriesDatesFieldsFragment & SessionsWithTypename> = {},
): EventDetailFieldsFragment & SeriesDatesFieldsFragment & SessionsWithTypename & { __typename: 'Event' } {
  return {
    __typename: 'Event',
    id: '6c1f6b0e-3a51-4b8e-9d0c-2f4a7e5b9c01',
    title: 'Science Fair',
    description: 'Experiments by children',
    date: '2030-12-01',
    time: '10:00',
    location: 'Prayagraj',
    category: 'PRIMARY',
    imageUrl: null,
    imageSrcSet: null,
    isUpcoming: true,
    isRegistered: false,
    isFull: false,
    hasStarted: false,
    cancelled: false,
    endDate: null,
    endTime: null,
    startsAt: '2030-12-01T04:30:00.000Z',
    externalLink: null,
    maxParticipants: 60,
    speaker: null,
    registeredCount: 12,
    offeredCount: 0,
    waitlistCount: 0,
    questions: [],
    myWaitlist: null,
    seriesId: null,
    isOnline: false,
    seriesDates: [],
    // The event page asks for the sessions too: one, from its own date and time.
    sessions: [{ __typename: 'EventSession', id: 'session-1', date: '2030-12-01', time: '10:00', endTime: null, title: null, location: null, isOnline: false }],
    ...overrides,
  };
}
