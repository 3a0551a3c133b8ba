import { SetLanguageDocument } from '@/gql/graphql';
import { apolloClient, storeLanguageOnAccount } from './data-layer';

describe('the data layer: storeLanguageOnAccount', () => {
  afterEach(() => jest.restoreAllMocks());

  it('sends setLanguage with the chosen language', () => {
    const mutate = jest.spyOn(apolloClient, 'mutate').mockResolvedValue({ data: undefined });
    storeLanguageOnAccount('hi');
    expect(mutate).toHaveBeenCalledWith({ mutation: SetLanguageDocument, variables: { language: 'hi' } });
  });

  it('handles its failure itself: the page has already switched, and nothing shows or throws', async () => {
    jest.spyOn(apolloClient, 'mutate').mockRejectedValue(new Error('offline'));
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      expect(() => storeLanguageOnAccount('en')).not.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
