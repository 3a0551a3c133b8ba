import type { ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { apolloClient } from '@/lib/apollo-client';

/** The app's contexts; the build-time prerender passes a client that never touches the network. */
export function AppProvider({ children, client = apolloClient }: { children: ReactNode; client?: ApolloClient }) {
  return (
    <ApolloProvider client={client}>{children}</ApolloProvider>
  );
}
