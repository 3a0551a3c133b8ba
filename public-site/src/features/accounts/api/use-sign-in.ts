import { useCallback } from 'react';
import { setAuthToken, storeRegistrationToken } from '@/lib/auth-token';
import { useDataClient } from '@/rendering/use-data-client';

/**
 * Stores a new session and forgets what was cached for the previous one (events say whether *this*
 * user is registered, `me` is someone else's).
 */
export function useSignIn() {
  const withClient = useDataClient();
  return useCallback(
    async (token: string, options: { fromRegistrationDialog?: boolean } = {}) => {
      await withClient((client) => client.clearStore());
      if (options.fromRegistrationDialog) storeRegistrationToken(token);
      else setAuthToken(token);
    },
    [withClient],
  );
}
