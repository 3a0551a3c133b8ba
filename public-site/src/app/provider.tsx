import type { ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { I18nextProvider } from 'react-i18next';
import { apolloClient } from '@/lib/apollo-client';
import { i18next } from '@/i18n';

/** The app's contexts; the build-time prerender passes a client that never touches the network. */
export function AppProvider({ children, client = apolloClient }: { children: ReactNode; client?: ApolloClient }) {
  return (
    <I18nextProvider i18n={i18next}>
      <ApolloProvider client={client}>{children}</ApolloProvider>
    </I18nextProvider>
  );
}
