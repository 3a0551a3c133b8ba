import { SubmitContactDocument } from '@/gql/graphql';
import { useDataMutation } from '@/rendering/use-data-client';

/** Sends the contact form; the data layer is fetched on submit if the reader's typing has not brought it already. */
export function useSubmitContact() {
  return useDataMutation(SubmitContactDocument);
}
