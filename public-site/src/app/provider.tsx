import type { ReactNode } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { I18nextProvider } from 'react-i18next';
import { apolloClient } from '@/lib/apollo-client';
import { i18next } from '@/i18n';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18next}>
      <ApolloProvider client={apolloClient}>{children}</ApolloProvider>
    </I18nextProvider>
  );
}
