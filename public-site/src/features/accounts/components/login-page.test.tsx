import { render, screen, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { LoginWithPasswordDocument, RequestLoginCodeDocument, VerifyLoginCodeDocument } from '@/gql/graphql';
import { gqlError, viewer } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
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
