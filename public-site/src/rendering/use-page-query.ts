import { useContext, useEffect, useRef, useState } from 'react';
import type { ApolloClient } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { getApolloContext } from '@apollo/client/react';
import { loadDataLayer, whenDataLayerLoaded } from '@/rendering/data-layer-loader';
import { pageDataKey, type PageAnswer, type PageQuery } from './page-data';
import { useServedAnswer } from './served-page';

export interface PageQueryResult<TData> {
  data?: TData;
  loading: boolean;
  error?: unknown;
}

function servedResult<TData>(answer: PageAnswer): PageQueryResult<TData> {
  if ('data' in answer) return { data: answer.data as TData, loading: false };
  // The server's answer was the API's error: as the client's own query would report it (lib/errors reads it).
  return { loading: false, error: new CombinedGraphQLErrors({ errors: [{ message: answer.error, extensions: { code: answer.error } }] }) };
}

/**
 * The one hook for a page's data (the queries its route declares in app/router.tsx, and any other
 * query a page shows). On the page the server drew, it answers at once from the served data (no Apollo,
 * no request): once the data layer arrives for another reason (the reader's first touch), the answer
 * is written into Apollo's cache and watched from there, so later writes (a registration) and a
 * language switch update it. Anywhere else it fetches the data layer and asks the API, as Apollo's
 * useQuery would (cache first).
 */
export function usePageQuery<TData, TVariables>(request: PageQuery<TData, TVariables>): PageQueryResult<TData> {
  const key = pageDataKey(request as PageQuery<unknown, unknown>);
  const served = useServedAnswer(key);
  const context = useContext(getApolloContext());
  const [state, setState] = useState<{ key: string; result: PageQueryResult<TData> } | null>(null);
  // Read by the effect when the data layer arrives: the request and whether its served answer still holds.
  const latest = useRef({ request, served });
  latest.current = { request, served };
  const startedServed = served !== undefined;

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    const watch = (client: ApolloClient) => {
      if (cancelled) return;
      const { request: current, served: answer } = latest.current;
      const { query, variables } = current as unknown as PageQuery<TData, Record<string, unknown>>;
      const stillServed = answer !== undefined;
      // An error the server drew (an unknown event) stays as it is.
      if (answer && 'error' in answer) return;
      if (answer) client.writeQuery({ query, variables, data: answer.data as TData });
      const subscription = client
        // Served and written: read from the cache; otherwise (language switched meanwhile, or never served) asked.
        .watchQuery({ query, variables, fetchPolicy: startedServed && !stillServed ? 'network-only' : 'cache-first' })
        .subscribe({
          next: (result) => {
            if (!cancelled) setState({ key, result: { data: (result.data ?? undefined) as TData | undefined, loading: result.loading, error: result.error } });
          },
          error: (error: unknown) => {
            if (!cancelled) setState({ key, result: { loading: false, error } });
          },
        });
      unsubscribe = () => subscription.unsubscribe();
    };
    if (startedServed) {
      // The page needs nothing more: follow the cache once the data layer is here anyway.
      if (context.client) watch(context.client);
      else void whenDataLayerLoaded().then((layer) => watch(layer.apolloClient));
    } else {
      const client = context.client;
      if (client) watch(client);
      else
        loadDataLayer().then(
          (layer) => watch(layer.apolloClient),
          (error: unknown) => {
            if (!cancelled) setState({ key, result: { loading: false, error } });
          },
        );
    }
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
    // The request is read through `latest`: its key says when it changed.
  }, [key, startedServed, context]);

  const own = state?.key === key ? state.result : undefined;
  if (own && (own.data !== undefined || own.error !== undefined)) return own;
  if (served !== undefined) return servedResult<TData>(served);
  return own ?? { loading: true };
}
