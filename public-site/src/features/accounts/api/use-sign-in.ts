import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { setAuthToken, storeRegistrationToken } from '@/lib/auth-token';

/**
 * Stores a new session and forgets what was cached for the previous one (events say whether *this*
 * user is registered, `me` is someone else's).
 */
export function useSignIn() {
  const client = useApolloClient();
  return useCallback(
    async (token: string, options: { fromRegistrationDialog?: boolean } = {}) => {
      await client.clearStore();
      if (options.fromRegistrationDialog) storeRegistrationToken(token);
      else setAuthToken(token);
    },
    [client],
  );
}
