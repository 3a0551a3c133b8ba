import { useMutation } from '@apollo/client/react';
import { EventFeedbackDocument, SetEventFeedbackQuestionsDocument } from '@/gql/graphql';

/** Saves an event's extra questions; the cached summary shows the saved list at once. */
export const useSetFeedbackQuestions = () =>
  useMutation(SetEventFeedbackQuestionsDocument, {
    update: (cache, { data }, { variables }) => {
      if (!data || !variables) return;
      cache.updateQuery({ query: EventFeedbackDocument, variables: { eventId: variables.eventId } }, (prev) =>
        prev ? { eventFeedback: { ...prev.eventFeedback, questions: data.setEventFeedbackQuestions.questions } } : prev,
      );
    },
  });
