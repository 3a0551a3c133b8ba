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
    cancelled: false,
    cancelledAt: null,
    waitlistCount: 0,
    waitlistOfferHours: 24,
    ...overrides,
  };
}

export function page<T>(items: T[], typename: string, extra: Record<string, unknown> = {}) {
  return { __typename: typename, items, total: items.length, offset: 0, limit: 20, ...extra };
}
