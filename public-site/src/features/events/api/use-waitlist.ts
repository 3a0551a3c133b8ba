import { useCallback } from 'react';
import {
  AcceptWaitlistOfferDocument,
  DeclineWaitlistOfferDocument,
  EventDocument,
  JoinWaitlistDocument,
  LeaveWaitlistDocument,
} from '@/gql/graphql';
import { useDataClient, useDataMutation } from '@/rendering/use-data-client';

/*
 * Every waitlist payload returns `event { ...EventWaitlistState }` (registered and waiting counts,
 * isRegistered, isFull, cancelled, myWaitlist): Apollo's cache is normalised by id, so the event page
 * and the event's cards update from the response alone. Mutations for a click (useDataMutation): the
 * panel renders without the data layer, on a page drawn by the server from its own data.
 */

/** Puts the signed-in user on a full event's waitlist. */
export function useJoinWaitlist() {
  return useDataMutation(JoinWaitlistDocument);
}

/** Takes the signed-in user off the waitlist. */
export function useLeaveWaitlist() {
  return useDataMutation(LeaveWaitlistDocument);
}

/** Takes the place held for the signed-in user: they are registered. */
export function useAcceptWaitlistOffer() {
  return useDataMutation(AcceptWaitlistOfferDocument);
}

/** Gives the held place back (it goes to the next person waiting). */
export function useDeclineWaitlistOffer() {
  return useDataMutation(DeclineWaitlistOfferDocument);
}

/**
 * After a refusal that means the page was out of date (CONFLICT: no live offer any more, already
 * registered, not on the list): reads the event again so the page shows where the person stands.
 */
export function useRefreshEvent() {
  const withClient = useDataClient();
  return useCallback(
    (eventId: string) => {
      withClient((client) => client.query({ query: EventDocument, variables: { id: eventId }, fetchPolicy: 'network-only' })).catch(() => undefined);
    },
    [withClient],
  );
}
