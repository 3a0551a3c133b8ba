import { useQuery } from '@apollo/client/react';
import { NewsPreferenceDocument, SetNewsPreferenceDocument, StopNewsDocument } from '@/gql/graphql';
import { useDataMutation } from '@/rendering/use-data-client';
import { useAuthToken } from '@/lib/auth-token';

/** Whether the signed-in person receives news (skipped without a token). */
export function useNewsPreference() {
  const token = useAuthToken();
  return useQuery(NewsPreferenceDocument, { skip: !token });
}

/** Turns news mails on or off; the returned User (with id) updates the cached preference. */
export const useSetNewsPreference = () => useDataMutation(SetNewsPreferenceDocument);

/** The stop link of a news mail: turns news off for the token's account (no sign-in). */
export const useStopNews = () => useDataMutation(StopNewsDocument);
