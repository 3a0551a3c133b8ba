import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { QuestionSetsDocument, SaveQuestionSetDocument, type QuestionInput } from '@/gql/graphql';

/** Saves a question set (same name: replaced) and puts it in the cached list of sets, by name. */
export function useSaveQuestionSet() {
  const [save] = useMutation(SaveQuestionSetDocument, {
    update(cache, { data }) {
      const saved = data?.saveQuestionSet;
      if (!saved) return;
      cache.updateQuery({ query: QuestionSetsDocument }, (current) =>
        current ? { questionSets: [...current.questionSets.filter((s) => s.id !== saved.id), saved].sort((a, b) => a.name.localeCompare(b.name)) } : current,
      );
    },
  });
  return useCallback(async (name: string, questions: QuestionInput[]) => (await save({ variables: { input: { name, questions } } })).data?.saveQuestionSet ?? null, [save]);
}
