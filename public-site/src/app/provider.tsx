import { useMemo, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { getApolloContext } from '@apollo/client/react';
import { dataLayerContext } from '@/lib/data-layer-loader';

/**
 * The app's contexts. Apollo's context holds the browser's client once the data layer has loaded
 * (lib/data-layer-loader.ts: Apollo is not in the first JavaScript); the server renderer passes its own.
 * getApolloContext is the context ApolloProvider fills; its module carries none of Apollo's client code.
 */
export function AppProvider({ children, client }: { children: ReactNode; client?: ApolloClient }) {
  const ApolloContext = getApolloContext();
  const value = useMemo(() => (client ? { client } : dataLayerContext), [client]);
  return <ApolloContext.Provider value={value}>{children}</ApolloContext.Provider>;
}
