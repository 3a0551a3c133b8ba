// The data layer's chunk (see data-layer-loader.ts): Apollo Client, the site's client, and what the
// parts of the page that load before it need to do with it.
import { SetLanguageDocument } from '@/gql/graphql';
import type { Language } from '@/i18n';
import { apolloClient } from './apollo-client';

export { apolloClient };

/**
 * Stores the site language on the signed-in account (its mails are written in it). Fire and forget:
 * the switch has already changed the page, and a failure here must not show or throw.
 */
export function storeLanguageOnAccount(language: Language): void {
  apolloClient.mutate({ mutation: SetLanguageDocument, variables: { language } }).catch(() => undefined);
}

/** After a language switch, what the page shows from the API is fetched again in the new language. */
export async function refetchShownInLanguage(): Promise<void> {
  const { refetchInLanguage } = await import('./refetch-in-language');
  await refetchInLanguage(apolloClient);
}
