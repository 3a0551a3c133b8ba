import { act, render, screen, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { LoginWithPasswordDocument, RequestLoginCodeDocument, VerifyLoginCodeDocument } from '@/gql/graphql';
import { gqlError, viewer } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { initI18nSync } from '@/i18n';
import hi from '@/i18n/locales/hi.json';
import LoginPage from './login-page';

const email = 'asha@example.org';
const codeSent = { data: { requestLoginCode: { __typename: 'CodeSentPayload', userId: 'u-1', message: 'OTP sent to your email' } } };
const auth = (token: string) => ({ __typename: 'AuthPayload', token, message: 'Login successful', user: viewer() });

function renderLogin(mocks: NonNullable<Parameters<typeof renderWithProviders>[1]>['mocks']) {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<p>home page</p>} />
      <Route path="/events" element={<p>events page</p>} />
    </Routes>,
    { mocks, route: '/login' },
  );
}

describe('LoginPage', () => {
  beforeEach(() => window.localStorage.clear());

  it('step 1 e-mail, step 2 code; busy labels; success saves authToken and goes home', async () => {
    const user = userEvent.setup();
    renderLogin([
      { request: { query: RequestLoginCodeDocument, variables: { email } }, result: codeSent, delay: 50 },
      { request: { query: VerifyLoginCodeDocument, variables: { input: { userId: 'u-1', otp: '654321' } } }, result: { data: { verifyLoginCode: auth('jwt-login') } }, delay: 50 },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(screen.getByText('Please enter your e-mail address')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('button', { name: 'Sending OTP...' })).toBeDisabled();
    expect(await screen.findByText('OTP sent to your email')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByText('OTP is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('OTP'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBe('jwt-login');
  });

  it('shows the server message or Login failed when the code cannot be sent', async () => {
    const user = userEvent.setup();
    renderLogin([
      { request: { query: RequestLoginCodeDocument, variables: { email } }, result: gqlError('No account found with this email', 'NOT_FOUND') },
      { request: { query: RequestLoginCodeDocument, variables: { email } }, error: new Error('offline') },
    ]);
    await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No account found with this email');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Login failed'));
    expect(screen.queryByLabelText('OTP')).not.toBeInTheDocument();
  });

  it('shows Invalid or expired OTP when the code check fails without a server message', async () => {
    const user = userEvent.setup();
    renderLogin([
      { request: { query: RequestLoginCodeDocument, variables: { email } }, result: codeSent },
      { request: { query: VerifyLoginCodeDocument, variables: { input: { userId: 'u-1', otp: '111111' } } }, error: new Error('offline') },
    ]);
    await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await user.type(await screen.findByLabelText('OTP'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired OTP');
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('the code step: 6 digits, Resend OTP with the wait the API asks for, a different e-mail', async () => {
    const user = userEvent.setup();
    const verify = jest.fn(() => ({ data: { verifyLoginCode: auth('jwt-login') } }));
    renderLogin([
      { request: { query: RequestLoginCodeDocument, variables: { email } }, result: codeSent },
      {
        request: { query: RequestLoginCodeDocument, variables: { email } },
        result: gqlError('A code was just sent to this e-mail. Please wait a minute before asking for a new one.', 'RATE_LIMITED', { retryAfterSeconds: 42 }),
      },
      { request: { query: VerifyLoginCodeDocument, variables: () => true }, result: verify },
    ]);
    await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    const otp = await screen.findByLabelText('OTP');
    expect(otp).toHaveFocus();
    expect(otp).toHaveAccessibleDescription(`Enter the 6-digit code we sent to ${email}.`);

    await user.type(otp, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByText('OTP must be 6 digits')).toBeInTheDocument();
    expect(verify).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait a minute');
    expect(screen.getByText('You can request a new code in 42 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Use a different e-mail' }));
    expect(screen.getByLabelText('Email')).toHaveValue(email);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The wait is per e-mail address and still running: Send OTP waits too.
    expect(screen.getByText(/You can request a new code in 4\d seconds\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeDisabled();
  });

  it('a reload after the code was sent keeps the code step: the code already in the inbox can be typed, Resend counts down the rest of the wait', async () => {
    const user = userEvent.setup();
    const verify = jest.fn(() => ({ data: { verifyLoginCode: auth('jwt-after-reload') } }));
    const first = renderLogin([{ request: { query: RequestLoginCodeDocument, variables: { email } }, result: codeSent }]);
    await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByLabelText('OTP')).toBeInTheDocument();
    first.unmount();

    // The reload: a new page in the same tab, no new code asked for (no RequestLoginCode mock).
    renderLogin([{ request: { query: VerifyLoginCodeDocument, variables: { input: { userId: 'u-1', otp: '246810' } } }, result: verify }]);
    const otp = await screen.findByLabelText('OTP');
    expect(otp).toHaveAccessibleDescription(`Enter the 6-digit code we sent to ${email}.`);
    expect(screen.getByText('The code we already sent you still works: enter it below.')).toBeInTheDocument();
    expect(screen.getByText(/You can request a new code in (60|59|58) seconds\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(otp, '246810');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(verify).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('authToken')).toBe('jwt-after-reload');
    // Used: the next visit starts with the e-mail again.
    expect(window.sessionStorage.length).toBe(0);
  }, 20_000);

  it('a reload after the code has expired (10 minutes) starts with the e-mail again', async () => {
    window.sessionStorage.setItem('otpSent:login', JSON.stringify({ email, sentAt: Date.now() - 10 * 60_000 - 1000, data: { userId: 'u-1' } }));
    renderLogin([]);
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.queryByLabelText('OTP')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('otpSent:login')).toBeNull();
  });

  it('a reload 41 seconds after the send: the rest of the wait is 19 seconds, and Resend works after it', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T10:00:41Z'), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      window.sessionStorage.setItem('otpSent:login', JSON.stringify({ email, sentAt: Date.parse('2026-11-27T10:00:00Z'), data: { userId: 'u-1' } }));
      renderLogin([{ request: { query: RequestLoginCodeDocument, variables: { email } }, result: codeSent }]);
      expect(await screen.findByText('You can request a new code in 19 seconds.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
      for (let i = 0; i < 19; i++) await act(async () => void jest.advanceTimersByTime(1000));
      expect(screen.queryByText(/You can request a new code/)).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
      expect(await screen.findByText('OTP sent to your email')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  }, 20_000);

  it('asked again too soon for the same address (after "Use a different e-mail"), it goes back to the code already sent', async () => {
    const user = userEvent.setup();
    renderLogin([
      { request: { query: RequestLoginCodeDocument, variables: { email } }, result: codeSent },
      {
        request: { query: RequestLoginCodeDocument, variables: { email } },
        result: gqlError('A code was just sent to this e-mail. Please wait a minute before asking for a new one.', 'RATE_LIMITED', { retryAfterSeconds: 50 }),
      },
      { request: { query: VerifyLoginCodeDocument, variables: { input: { userId: 'u-1', otp: '135790' } } }, result: { data: { verifyLoginCode: auth('jwt-again') } } },
    ]);
    await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByLabelText('OTP');
    await user.click(screen.getByRole('button', { name: 'Use a different e-mail' }));
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    const otp = await screen.findByLabelText('OTP');
    expect(screen.getByText('The code we already sent you still works: enter it below.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('You can request a new code in 50 seconds.')).toBeInTheDocument();
    await user.type(otp, '135790');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
  }, 20_000);

  it('in Hindi, the sent message is the Hindi catalogue\'s, not the API\'s English', async () => {
    initI18nSync('hi', hi);
    try {
      const user = userEvent.setup();
      renderLogin([{ request: { query: RequestLoginCodeDocument, variables: { email } }, result: codeSent }]);
      await user.type(screen.getByLabelText('ई-मेल'), email);
      await user.click(screen.getByRole('button', { name: 'ओटीपी भेजें' }));
      expect(await screen.findByText('ओटीपी आपके ई-मेल पर भेज दिया गया है')).toBeInTheDocument();
      expect(screen.queryByText('OTP sent to your email')).not.toBeInTheDocument();
    } finally {
      initI18nSync('en');
    }
  }, 20_000);

  it('offers password sign-in instead', async () => {
    const user = userEvent.setup();
    renderLogin([
      {
        request: { query: LoginWithPasswordDocument, variables: { input: { email, password: 'wrong-pass' } } },
        result: gqlError('Invalid email or password', 'UNAUTHENTICATED'),
      },
      {
        request: { query: LoginWithPasswordDocument, variables: { input: { email, password: 'secret-pass' } } },
        result: { data: { loginWithPassword: auth('jwt-password') } },
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Sign in with password instead' }));
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBe('jwt-password');
  });

  it('signed in from a Log in link that asked for it (a waitlist offer), it goes back to that page', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/" element={<p>home page</p>} />
        <Route path="/events/:id" element={<p>event page</p>} />
      </Routes>,
      {
        route: { pathname: '/login', state: { from: '/events/ev-1?offer=accept' } },
        mocks: [
          {
            request: { query: LoginWithPasswordDocument, variables: { input: { email, password: 'secret-pass' } } },
            result: { data: { loginWithPassword: auth('jwt-password') } },
          },
        ],
      },
    );
    await user.click(screen.getByRole('button', { name: 'Sign in with password instead' }));
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('event page')).toBeInTheDocument();
  });

  it('Back to Events goes back one page', async () => {
    const user = userEvent.setup();
    render(
      <MockedProvider>
        <MemoryRouter initialEntries={['/events/e1', '/login']} initialIndex={1}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/events/:id" element={<p>event page</p>} />
          </Routes>
        </MemoryRouter>
      </MockedProvider>,
    );
    await user.click(screen.getByRole('link', { name: /Back to Events/ }));
    expect(screen.getByText('event page')).toBeInTheDocument();
  });
});
