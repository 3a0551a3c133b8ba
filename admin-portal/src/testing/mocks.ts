import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { AdminMeDocument, type UserCategory } from '@/gql/graphql';

export const anyVariables = () => true;

export function adminMeMock(category: UserCategory = 'ADMIN'): MockLink.MockedResponse {
  return {
    request: { query: AdminMeDocument },
    result: {
      data: {
        adminMe: { __typename: 'User', id: 'admin-1', name: 'Asha Admin', email: 'admin@example.org', category, status: 'ACTIVE' },
      },
    },
  };
}

export function gqlError(message: string, code: string, extra: Record<string, unknown> = {}) {
  return { errors: [new GraphQLError(message, { extensions: { code, ...extra } })] };
}

let seq = 0;
export function makeUser(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    __typename: 'User',
    id: `user-${seq}`,
    name: `User ${seq}`,
    email: `user${seq}@example.org`,
    phone: '9876543210',
    category: 'STUDENT',
    status: 'PENDING',
    fatherName: null,
    schoolName: null,
    district: null,
    area: null,
    primaryEmail: null,
    createdAt: new Date().toISOString(),
    createdBy: null,
    ...overrides,
  };
}

export function makeEvent(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    __typename: 'Event',
    id: `event-${seq}`,
    title: `Event ${seq}`,
    description: 'A description',
    date: '2030-05-01',
    time: '10:00',
    endDate: null,
    endTime: null,
    startsAt: '2030-05-01T04:30:00.000Z',
    location: 'Prayagraj',
    category: 'GENERAL',
    externalLink: null,
    maxParticipants: null,
    speaker: null,
    imageUrl: null,
    imageSrcSet: null,
    registeredCount: 0,
    isFull: false,
    timing: 'UPCOMING',
    hasEnded: false,
    cancelled: false,
    cancelledAt: null,
    waitlistCount: 0,
    waitlistOfferHours: 24,
    seriesId: null,
    isOnline: false,
    meetingLink: null,
    feedbackDelayHours: 2,
    missingLanguages: ['hi'],
    translations: eventTranslations(),
    certificateMinSessions: null,
    // One session, from the event's own date and time (as the API answers a single-session event).
    sessions: [{ __typename: 'EventSession', id: `session-${seq}`, date: '2030-05-01', time: '10:00', endTime: null, titleEn: null, titleHi: null, locationEn: null, locationHi: null, title: null, meetingLink: null }],
    questionDefinitions: [],
    ...overrides,
  };
}

type EventText = { title: string | null; description: string | null; location: string | null; speaker: string | null };

/** An event's `translations`: English as given (or the defaults' placeholder), Hindi empty unless given. */
export function eventTranslations(en: Partial<EventText> = {}, hi: Partial<EventText> = {}) {
  const row = (lang: string, text: Partial<EventText>) => ({
    __typename: 'EventTranslation',
    lang,
    title: null,
    description: null,
    location: null,
    speaker: null,
    ...text,
  });
  return [row('en', { title: 'Event', description: 'A description', location: 'Prayagraj', ...en }), row('hi', hi)];
}

type MemberText = { name: string | null; designation: string | null; description: string | null };

/** A team member's `translations`, as eventTranslations. */
export function memberTranslations(en: Partial<MemberText> = {}, hi: Partial<MemberText> = {}) {
  const row = (lang: string, text: Partial<MemberText>) => ({ __typename: 'TeamMemberTranslation', lang, name: null, designation: null, description: null, ...text });
  return [row('en', { name: 'Member', designation: 'Volunteer', description: 'Helps out', ...en }), row('hi', hi)];
}

export function makeTeamMember(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    __typename: 'TeamMember',
    id: `member-${seq}`,
    name: `Member ${seq}`,
    designation: 'Volunteer',
    description: 'Teaches on Saturdays',
    imageUrl: null,
    imageSrcSet: null,
    socialLinks: { __typename: 'SocialLinks', facebook: null, linkedin: null, twitter: null, github: null },
    missingLanguages: ['hi'],
    translations: memberTranslations(),
    ...overrides,
  };
}

export function page<T>(items: T[], typename: string, extra: Record<string, unknown> = {}) {
  return { __typename: typename, items, total: items.length, offset: 0, limit: 20, ...extra };
}
