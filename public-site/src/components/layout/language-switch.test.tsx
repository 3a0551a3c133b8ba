import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage, translator } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { LanguageSwitch } from './language-switch';

// The data layer's chunk, as the switch reaches it (rendering/data-layer.test.ts tests the real one).
const storeLanguageOnAccount = jest.fn();
const refetchShownInLanguage = jest.fn(() => Promise.resolve());
jest.mock('@/rendering/data-layer', () => ({
  apolloClient: {},
  restoreServedState: () => false,
  storeLanguageOnAccount: (language: string) => storeLanguageOnAccount(language),
  refetchShownInLanguage: () => refetchShownInLanguage(),
}));

describe('LanguageSwitch', () => {
  beforeEach(() => {
    window.localStorage.clear();
    storeLanguageOnAccount.mockClear();
    refetchShownInLanguage.mockClear();
  });
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('signed in: switching the language also stores it on the account, and fetches what the page shows again', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitch />);
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    await waitFor(() => expect(translator.language).toBe('hi'));
    await waitFor(() => expect(storeLanguageOnAccount).toHaveBeenCalledWith('hi'));
    await waitFor(() => expect(refetchShownInLanguage).toHaveBeenCalledTimes(1));
    // Choosing the language already shown stores nothing.
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(storeLanguageOnAccount).toHaveBeenCalledTimes(1);
  });

  it('signed out: only the page changes language', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitch />);
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    await waitFor(() => expect(translator.language).toBe('hi'));
    expect(storeLanguageOnAccount).not.toHaveBeenCalled();
  });

  it('remembers the choice in the cookie the server reads, and in localStorage', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitch />);
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    await waitFor(() => expect(translator.language).toBe('hi'));
    expect(document.cookie).toContain('lang=hi');
    expect(window.localStorage.getItem('lang')).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
  });

  it('is a GET form of this page: before the app runs, a tap asks the site server for ?lang=hi', () => {
    renderWithProviders(<LanguageSwitch />, { route: '/about' });
    const hindi = screen.getByRole('button', { name: 'हिन्दी' });
    const form = hindi.closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/about');
    expect(hindi).toHaveAttribute('type', 'submit');
    expect([hindi.getAttribute('name'), hindi.getAttribute('value')]).toEqual(['lang', 'hi']);
  });
});
