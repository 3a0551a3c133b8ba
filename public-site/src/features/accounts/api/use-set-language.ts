import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { SetLanguageDocument } from '@/gql/graphql';
import type { Language } from '@/i18n';

/**
 * Stores the site language on the signed-in account (its mails are written in it). Fire and forget:
 * the switch has already changed the page, and a failure here must not show or throw. The client's
 * own mutate (not useMutation, which the header would otherwise pull into the initial JavaScript).
 */
export function useSetLanguage() {
  const client = useApolloClient();
  return useCallback(
    (language: Language) => {
      client.mutate({ mutation: SetLanguageDocument, variables: { language } }).catch(() => undefined);
    },
    [client],
  );
}
