import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { StopNewsDocument } from '@/gql/graphql';
import { gqlError } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import StopNewsPage from './stop-news-page';

type Mocks = NonNullable<Parameters<typeof renderWithProviders>[1]>['mocks'];

const stopped = () => ({ data: { stopNews: { __typename: 'MessagePayload', message: 'News stopped' } } });

function renderPage(route: string, mocks: Mocks = []) {
  return renderWithProviders(
    <Routes>
      <Route path="/news/stop" element={<StopNewsPage />} />
      <Route path="/profile" element={<p>profile page</p>} />
    </Routes>,
    { route, mocks },
  );
}

describe('StopNewsPage', () => {
  it('does nothing on opening (mail scanners open links); the button stops news and confirms', async () => {
    const result = jest.fn(stopped);
    const user = userEvent.setup();
    renderPage('/news/stop?token=abc.def', [{ request: { query: StopNewsDocument, variables: { token: 'abc.def' } }, result }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Stop news mails' })).toBeInTheDocument();
    expect(screen.getByText(/Press the button below to stop these mails/)).toBeInTheDocument();
    // Give an eager request every chance to happen: none may.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Stop news mails' }));
    const done = await screen.findByText('You will no longer receive news mails.');
    expect(result).toHaveBeenCalledTimes(1);
    expect(done).toHaveFocus();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Changed your mind? You can turn news on again in your profile.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to my profile' }));
    expect(screen.getByText('profile page')).toBeInTheDocument();
  });

  it('a bad token: says the link is not valid (never the server text) and links the profile', async () => {
    const user = userEvent.setup();
    renderPage('/news/stop?token=forged', [
      { request: { query: StopNewsDocument, variables: { token: 'forged' } }, result: gqlError('This link is not valid', 'VALIDATION') },
    ]);
    await user.click(screen.getByRole('button', { name: 'Stop news mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This link is not valid\. Please use the link in your latest news e-mail/);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute('href', '/profile');
  });

  it('no token at all: the bad-link message and no button', () => {
    renderPage('/news/stop');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not valid.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a network failure keeps the button to try again', async () => {
    const user = userEvent.setup();
    const result = jest.fn(stopped);
    renderPage('/news/stop?token=abc', [
      { request: { query: StopNewsDocument, variables: { token: 'abc' } }, error: new Error('offline') },
      { request: { query: StopNewsDocument, variables: { token: 'abc' } }, result },
    ]);
    await user.click(screen.getByRole('button', { name: 'Stop news mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server. Please check your connection.');
    await user.click(screen.getByRole('button', { name: 'Stop news mails' }));
    await waitFor(() => expect(result).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('You will no longer receive news mails.')).toBeInTheDocument();
  });
});
