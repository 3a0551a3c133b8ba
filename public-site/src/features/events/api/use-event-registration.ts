import { useCallback } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { RegisterForEventDocument, UnregisterFromEventDocument } from '@/gql/graphql';

/*
 * Both payloads return `event { id registeredCount isRegistered isFull hasStarted }`: Apollo's cache is
 * normalised by id, so every view of that event (detail, cards, counts) updates from the response.
 */

/** Registers the signed-in user for an event. */
export function useRegisterForEvent() {
  return useMutation(RegisterForEventDocument);
}

/** Cancels the signed-in user's registration. */
export function useUnregisterFromEvent() {
  return useMutation(UnregisterFromEventDocument);
}

/** After EVENT_FULL: the cached event shows Event Full at once (the server said so). */
export function useMarkEventFull() {
  const client = useApolloClient();
  return useCallback(
    (eventId: string) => {
      client.cache.modify({
        id: client.cache.identify({ __typename: 'Event', id: eventId }),
        fields: { isFull: () => true },
      });
    },
    [client],
  );
}

/** After EVENT_CANCELLED: the cached event shows that it has been cancelled at once. */
export function useMarkEventCancelled() {
  const client = useApolloClient();
  return useCallback(
    (eventId: string) => {
      client.cache.modify({
        id: client.cache.identify({ __typename: 'Event', id: eventId }),
        fields: { cancelled: () => true },
      });
    },
    [client],
  );
}
