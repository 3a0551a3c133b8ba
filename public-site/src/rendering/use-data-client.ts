import { useCallback, useContext, useState } from 'react';
import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { getApolloContext } from '@apollo/client/react';
import { loadDataLayer } from './data-layer-loader';

/**
 * Work with Apollo's client that is done on a click, never while rendering: the client of Apollo's
 * context (a test's, the server renderer's, the browser's once the data layer is here), else the data
 * layer, fetched then. A component that only writes (Register Now, the waitlist's buttons) so renders
 * and hydrates before the data layer has arrived; a signed-out reader's click, which only asks them to
 * log in, never fetches it.
 */
export function useDataClient(): <T>(use: (client: ApolloClient) => T) => Promise<T> {
  const context = useContext(getApolloContext());
  return useCallback(
    async <T,>(use: (client: ApolloClient) => T) => {
      const client = context.client ?? (await loadDataLayer()).apolloClient;
      return use(client);
    },
    [context],
  );
}

type MutationOptions<TData, TVariables extends OperationVariables> = Omit<ApolloClient.MutateOptions<TData, TVariables>, 'mutation'>;

/**
 * The site's one mutation hook: `[mutate, { loading }]` as Apollo's useMutation gives, but the client
 * is taken (and the data layer fetched if need be) only when `mutate` is called, so a form or button
 * renders and hydrates without Apollo. `defaults` (update, refetchQueries...) apply to every call;
 * `mutate`'s own options add to them. `mutate` rejects as the client's does (GraphQL errors:
 * CombinedGraphQLErrors, read with lib/errors' errorCode).
 */
export function useDataMutation<TData, TVariables extends OperationVariables>(
  mutation: TypedDocumentNode<TData, TVariables>,
  defaults?: Partial<MutationOptions<TData, TVariables>>,
) {
  const withClient = useDataClient();
  const [loading, setLoading] = useState(false);
  const mutate = useCallback(
    async (options: MutationOptions<TData, TVariables> = {} as MutationOptions<TData, TVariables>) => {
      setLoading(true);
      try {
        return await withClient((client) => client.mutate({ mutation, ...defaults, ...options } as ApolloClient.MutateOptions<TData, TVariables>));
      } finally {
        setLoading(false);
      }
    },
    // `defaults` is read as given on the first call's render: a literal at the call site is a new object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [withClient, mutation],
  );
  return [mutate, { loading }] as const;
}
