import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { StopRemindersDocument } from '@/gql/graphql';
import { gqlError } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import StopRemindersPage from './stop-reminders-page';

type Mocks = NonNullable<Parameters<typeof renderWithProviders>[1]>['mocks'];

const stopped = () => ({ data: { stopReminders: { __typename: 'MessagePayload', message: 'Reminders stopped' } } });

function renderPage(route: string, mocks: Mocks = []) {
  return renderWithProviders(
    <Routes>
      <Route path="/reminders/stop" element={<StopRemindersPage />} />
      <Route path="/profile" element={<p>profile page</p>} />
    </Routes>,
    { route, mocks },
  );
}

describe('StopRemindersPage', () => {
  it('does nothing on opening (mail scanners open links); the button stops the reminders and confirms', async () => {
    const result = jest.fn(stopped);
    const user = userEvent.setup();
    renderPage('/reminders/stop?token=abc.def', [{ request: { query: StopRemindersDocument, variables: { token: 'abc.def' } }, result }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Stop event reminders' })).toBeInTheDocument();
    expect(screen.getByText(/Press the button below to stop these reminders/)).toBeInTheDocument();
    // Give an eager request every chance to happen: none may.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Stop event reminders' }));
    const done = await screen.findByText('You will no longer receive event reminders.');
    expect(result).toHaveBeenCalledTimes(1);
    expect(done).toHaveFocus();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Changed your mind? You can turn reminders on again in your profile.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to my profile' }));
    expect(screen.getByText('profile page')).toBeInTheDocument();
  });

  it('a bad token: says the link is not valid (never the server text) and links the profile', async () => {
    const user = userEvent.setup();
    renderPage('/reminders/stop?token=forged', [
      { request: { query: StopRemindersDocument, variables: { token: 'forged' } }, result: gqlError('This link is not valid', 'VALIDATION') },
    ]);
    await user.click(screen.getByRole('button', { name: 'Stop event reminders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This link is not valid\. Please use the link in your latest reminder e-mail/);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute('href', '/profile');
  });

  it('no token at all: the bad-link message and no button', () => {
    renderPage('/reminders/stop');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not valid.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a network failure keeps the button to try again', async () => {
    const user = userEvent.setup();
    const result = jest.fn(stopped);
    renderPage('/reminders/stop?token=abc', [
      { request: { query: StopRemindersDocument, variables: { token: 'abc' } }, error: new Error('offline') },
      { request: { query: StopRemindersDocument, variables: { token: 'abc' } }, result },
    ]);
    await user.click(screen.getByRole('button', { name: 'Stop event reminders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server. Please check your connection.');
    await user.click(screen.getByRole('button', { name: 'Stop event reminders' }));
    await waitFor(() => expect(result).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('You will no longer receive event reminders.')).toBeInTheDocument();
  });
});
