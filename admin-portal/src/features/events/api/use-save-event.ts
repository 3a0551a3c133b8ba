import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { CreateEventDocument, UpdateEventDocument } from '@/gql/graphql';
import { toCreateEventInput, toUpdateEventInput, type EventFormValues } from '../lib/event-rules';

/** Creates an event from the form's values; answers the new event. */
export function useCreateEvent() {
  const [createEvent] = useMutation(CreateEventDocument);
  return useCallback(
    async (values: EventFormValues, imageKey?: string) => (await createEvent({ variables: { input: toCreateEventInput(values, imageKey) } })).data?.createEvent ?? null,
    [createEvent],
  );
}

/** Saves the form's values over an event (cleared fields, Hindi ones too, are removed). */
export function useUpdateEvent() {
  const [updateEvent] = useMutation(UpdateEventDocument);
  return useCallback(
    async (id: string, values: EventFormValues, imageKey?: string) => (await updateEvent({ variables: { id, input: toUpdateEventInput(values, imageKey) } })).data?.updateEvent ?? null,
    [updateEvent],
  );
}
