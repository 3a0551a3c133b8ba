import { useQuery } from '@apollo/client/react';
import { useDataMutation } from '@/rendering/use-data-client';
import { FeedbackFormDocument, MyFeedbackFormDocument, SubmitFeedbackDocument, SubmitMyFeedbackDocument } from '@/gql/graphql';

/** The form behind a mailed link (VALIDATION: not a valid link; CONFLICT: closed; FORBIDDEN: did not attend). */
export function useFeedbackForm(token: string) {
  return useQuery(FeedbackFormDocument, { variables: { token }, skip: !token, fetchPolicy: 'network-only' });
}

/** Saves the answers by the link; the saved form replaces the cached one (the page shows it at once). */
export const useSubmitFeedback = () =>
  useDataMutation(SubmitFeedbackDocument, {
    update: (cache, { data }, { variables }) => {
      if (data && variables) cache.writeQuery({ query: FeedbackFormDocument, variables: { token: variables.token }, data: { feedbackForm: data.submitFeedback.form } });
    },
  });

/** The signed-in person's form for an event they attended. */
export function useMyFeedbackForm(eventId: string, skip: boolean) {
  return useQuery(MyFeedbackFormDocument, { variables: { eventId }, skip: skip || !eventId, fetchPolicy: 'network-only' });
}

/** Saves the signed-in person's answers; the cached form and the event's myFeedback (My events) follow. */
export const useSubmitMyFeedback = () =>
  useDataMutation(SubmitMyFeedbackDocument, {
    update: (cache, { data }, { variables }) => {
      if (!data || !variables) return;
      cache.writeQuery({ query: MyFeedbackFormDocument, variables: { eventId: variables.eventId }, data: { myFeedbackForm: data.submitMyFeedback.form } });
      cache.modify({
        id: cache.identify({ __typename: 'Event', id: variables.eventId }),
        // The status is not normalised (no id): a plain object in the event's entry.
        fields: { myFeedback: (status) => (status && typeof status === 'object' && !('__ref' in status) ? { ...status, answered: true } : status) },
      });
    },
  });
