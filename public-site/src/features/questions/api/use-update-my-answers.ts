import { UpdateMyAnswersDocument } from '@/gql/graphql';
import { useDataMutation } from '@/rendering/use-data-client';

/**
 * Saves the reader's answers to an event's questions. The answers live on Event.myAnswers: the cached
 * event's field is replaced with the saved ones, so the page and the dialog read them next time.
 */
export function useUpdateMyAnswers() {
  return useDataMutation(UpdateMyAnswersDocument, {
    update(cache, { data }, { variables }) {
      const saved = data?.updateMyAnswers.answers;
      if (!saved || !variables) return;
      cache.modify({ id: cache.identify({ __typename: 'Event', id: variables.input.eventId }), fields: { myAnswers: () => saved } });
    },
  });
}
