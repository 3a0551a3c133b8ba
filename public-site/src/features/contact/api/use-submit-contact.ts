import { useMutation } from '@apollo/client/react';
import { SubmitContactDocument } from '@/gql/graphql';

export function useSubmitContact() {
  return useMutation(SubmitContactDocument);
}
