import { useCallback } from 'react';
import { RegisterForEventDocument, UnregisterFromEventDocument } from '@/gql/graphql';
import { useDataClient, useDataMutation } from '@/rendering/use-data-client';

/*
 * Both payloads return `event { id registeredCount isRegistered isFull hasStarted }`: Apollo's cache is
 * normalised by id, so every view of that event (detail, cards, counts) updates from the response.
 * Mutations for a click (useDataMutation): the register control renders without the data layer, on a
 * page drawn by the server from its own data.
 */

/** Registers the signed-in user for an event. */
export function useRegisterForEvent() {
  return useDataMutation(RegisterForEventDocument);
}

/** Cancels the signed-in user's registration. */
export function useUnregisterFromEvent() {
  return useDataMutation(UnregisterFromEventDocument);
}

/** Sets one field of the cached event (after an answer that says what the page did not know). */
function useMarkEvent(field: 'isFull' | 'cancelled') {
  const withClient = useDataClient();
  return useCallback(
    (eventId: string) => {
      withClient((client) =>
        client.cache.modify({
          id: client.cache.identify({ __typename: 'Event', id: eventId }),
          fields: { [field]: () => true },
        }),
      ).catch(() => undefined);
    },
    [withClient, field],
  );
}

/** After EVENT_FULL: the cached event shows Event Full at once (the server said so). */
export function useMarkEventFull() {
  return useMarkEvent('isFull');
}

/** After EVENT_CANCELLED: the cached event shows that it has been cancelled at once. */
export function useMarkEventCancelled() {
  return useMarkEvent('cancelled');
}
