import { useMemo, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { getApolloContext } from '@apollo/client/react';
import { dataLayerContext } from '@/rendering/data-layer-loader';
import { ServedPageProvider, type ServedPage } from '@/rendering/served-page';

/**
 * The app's contexts. Apollo's context holds the browser's client once the data layer has loaded
 * (rendering/data-layer-loader.ts: Apollo is not in the first JavaScript); the server renderer passes its own.
 * getApolloContext is the context ApolloProvider fills; its module carries none of Apollo's client code.
 * `served`: the data the server drew the page with (lib/served-page.tsx), on the server and in the
 * browser that hydrates that page.
 */
export function AppProvider({ children, client, served = null }: { children: ReactNode; client?: ApolloClient; served?: ServedPage | null }) {
  const ApolloContext = getApolloContext();
  const value = useMemo(() => (client ? { client } : dataLayerContext), [client]);
  return (
    <ApolloContext.Provider value={value}>
      <ServedPageProvider value={served}>{children}</ServedPageProvider>
    </ApolloContext.Provider>
  );
}
