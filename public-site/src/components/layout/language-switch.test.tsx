import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SetLanguageDocument } from '@/gql/graphql';
import { setLanguage, translator } from '@/i18n';
import { gqlError } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { LanguageSwitch } from './language-switch';

const stored = (result: jest.Mock, language = 'hi') => ({ request: { query: SetLanguageDocument, variables: { language } }, result, maxUsageCount: 5 });

describe('LanguageSwitch', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('signed in: switching the language also stores it on the account', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    const result = jest.fn(() => ({ data: { setLanguage: { __typename: 'MessagePayload', message: 'Language saved' } } }));
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitch />, { mocks: [stored(result)] });
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    await waitFor(() => expect(translator.language).toBe('hi'));
    await waitFor(() => expect(result).toHaveBeenCalledTimes(1));
    // Choosing the language already shown stores nothing.
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(result).toHaveBeenCalledTimes(1);
  });

  it('a failure to store it is ignored: the page still switches and shows no error', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    const result = jest.fn(() => gqlError('Something failed', 'INTERNAL'));
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitch />, { mocks: [stored(result)] });
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    await waitFor(() => expect(result).toHaveBeenCalled());
    await waitFor(() => expect(translator.language).toBe('hi'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('signed out: only the page changes language', async () => {
    const result = jest.fn(() => ({ data: { setLanguage: { __typename: 'MessagePayload', message: 'ok' } } }));
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitch />, { mocks: [stored(result)] });
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    await waitFor(() => expect(translator.language).toBe('hi'));
    expect(result).not.toHaveBeenCalled();
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
});
