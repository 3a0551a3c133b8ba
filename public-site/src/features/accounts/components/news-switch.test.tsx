import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewsPreferenceDocument, SetNewsPreferenceDocument } from '@/gql/graphql';
import { gqlError } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { NewsSwitch } from './news-switch';

const preference = (newsEnabled: boolean) => ({ request: { query: NewsPreferenceDocument }, result: { data: { me: { __typename: 'User', id: 'u-1', newsEnabled } } } });

describe('NewsSwitch', () => {
  beforeEach(() => window.localStorage.setItem('authToken', 'jwt'));
  afterEach(() => window.localStorage.clear());

  it('shows the person\'s choice and saves a change at once', async () => {
    const user = userEvent.setup();
    const off = jest.fn(() => ({ data: { setNewsPreference: { __typename: 'User', id: 'u-1', newsEnabled: false } } }));
    renderWithProviders(<NewsSwitch />, { mocks: [preference(true), { request: { query: SetNewsPreferenceDocument, variables: { enabled: false } }, result: off }], route: '/profile' });
    const toggle = await screen.findByRole('switch', { name: 'News about our events' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveAccessibleDescription(/Messages about an event you registered for still come/);
    await user.click(toggle);
    await waitFor(() => expect(off).toHaveBeenCalledTimes(1));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('goes back and says so when the choice cannot be saved', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NewsSwitch />, {
      mocks: [preference(false), { request: { query: SetNewsPreferenceDocument, variables: { enabled: true } }, result: gqlError('Something went wrong', 'INTERNAL') }],
      route: '/profile',
    });
    const toggle = await screen.findByRole('switch', { name: 'News about our events' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save your news setting. Please try again.');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });
});
