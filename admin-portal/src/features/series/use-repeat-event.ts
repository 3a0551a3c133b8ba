import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { AdminEventDocument, RepeatEventDocument, type RepeatEventInput } from '@/gql/graphql';

/** Repeats an event; the event is read again (it now names its series), and the list of events goes stale. */
export function useRepeatEvent() {
  const [repeatEvent, { loading }] = useMutation(RepeatEventDocument);
  const run = useCallback(
    async (id: string, input: RepeatEventInput) => {
      const res = await repeatEvent({ variables: { id, input }, refetchQueries: [{ query: AdminEventDocument, variables: { id } }, 'AdminEvents'] });
      return res.data?.repeatEvent ?? null;
    },
    [repeatEvent],
  );
  return [run, loading] as const;
}
