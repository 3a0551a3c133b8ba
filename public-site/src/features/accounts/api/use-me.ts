import { useQuery } from '@apollo/client/react';
import { MeDocument } from '@/gql/graphql';
import { useAuthToken } from '@/lib/auth-token';

/** The signed-in user (skipped, with no request, when no token is stored). */
export function useMe() {
  const token = useAuthToken();
  const result = useQuery(MeDocument, { skip: !token });
  return { ...result, token, signedIn: Boolean(token) };
}
