import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { EventDocument, RequestLoginCodeDocument, SendSignupCodeDocument, SignUpDocument, VerifyLoginCodeDocument } from '@/gql/graphql';
import { eventDetail, viewer } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { EventDetailPage } from '@/features/events/components/event-detail-page';
import LoginPage from './login-page';
import RegisterPage from './register-page';

/**
 * Issue 24, item 2: someone who pressed Register Now while signed out comes back to that event once
 * signed in (or signed up), with Register Now in focus: one tap from registering.
 */
const event = eventDetail({ id: 'ev-1', title: 'Career Guidance Camp', maxParticipants: 10, registeredCount: 3 });
const email = 'asha@example.org';
const eventQuery = { request: { query: EventDocument, variables: { id: 'ev-1' } }, result: { data: { event } }, maxUsageCount: Number.POSITIVE_INFINITY };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

function renderJourney(mocks: NonNullable<Parameters<typeof renderWithProviders>[1]>['mocks']) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/events/:id" element={<EventDetailPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/verify-otp" element={<p>verify page</p>} />
        <Route path="/" element={<p>home page</p>} />
      </Routes>
      <Where />
    </>,
    { route: '/events/ev-1', mocks: [eventQuery, ...(mocks ?? [])] },
  );
}

async function pressRegisterSignedOut(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Register Now' }));
  expect(screen.getByRole('alert')).toHaveTextContent('You must be logged in to register.');
  await user.click(screen.getByRole('link', { name: 'Log in' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
}

async function expectBackWithRegisterInFocus() {
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/events/ev-1#register'), { timeout: 3000 });
  const register = await screen.findByRole('button', { name: 'Register Now' }, { timeout: 3000 });
  await waitFor(() => expect(register).toHaveFocus(), { timeout: 3000 });
  expect(screen.getByText('You are signed in. One more tap to register for this event:')).toBeInTheDocument();
  expect(screen.queryByText('verify page')).not.toBeInTheDocument();
}

describe('Back to the event after signing in from Register Now', () => {
  beforeEach(() => window.localStorage.clear());

  it('signing in with a code returns to the event with Register Now in focus', async () => {
    const user = userEvent.setup();
    renderJourney([
      {
        request: { query: RequestLoginCodeDocument, variables: { email } },
        result: { data: { requestLoginCode: { __typename: 'CodeSentPayload', userId: 'u-1', message: 'OTP sent to your email' } } },
      },
      {
        request: { query: VerifyLoginCodeDocument, variables: { input: { userId: 'u-1', otp: '654321' } } },
        result: { data: { verifyLoginCode: { __typename: 'AuthPayload', token: 'jwt-login', message: 'Login successful', user: viewer() } } },
      },
    ]);
    await pressRegisterSignedOut(user);
    await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await user.type(await screen.findByLabelText('OTP'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await expectBackWithRegisterInFocus();
    expect(window.localStorage.getItem('authToken')).toBe('jwt-login');
  });

  it('creating an account from the login page returns to the event too (not to "Go to My Profile")', async () => {
    const user = userEvent.setup();
    const details = { name: 'Meera Singh', email: 'meera@example.org', phone: '9123456780', password: 'secret1', confirmPassword: 'secret1' };
    renderJourney([
      {
        request: { query: SendSignupCodeDocument, variables: { input: { email: details.email, phone: details.phone } } },
        result: { data: { sendSignupCode: { __typename: 'MessagePayload', message: 'OTP sent to your email' } } },
      },
      {
        request: { query: SignUpDocument, variables: { input: { ...details, userType: 'graduate', otp: '123456' } } },
        result: { data: { signUp: { __typename: 'AuthPayload', token: 'jwt-signup', message: 'Registration completed successfully!', user: viewer() } } },
      },
    ]);
    await pressRegisterSignedOut(user);
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    await user.type(await screen.findByLabelText('Full name'), details.name);
    await user.type(screen.getByLabelText('Email'), details.email);
    await user.type(screen.getByLabelText('Phone'), details.phone);
    await user.type(screen.getByLabelText('Password'), details.password);
    await user.type(screen.getByLabelText('Confirm password'), details.confirmPassword);
    await user.click(screen.getByRole('radio', { name: 'Graduate or above' }));
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await user.type(await screen.findByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await expectBackWithRegisterInFocus();
    expect(window.localStorage.getItem('authToken')).toBe('jwt-signup');
  });

  it('back on an event that filled meanwhile: Join waitlist is in focus instead', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    const full = { ...event, isFull: true, registeredCount: 10, waitlistCount: 1 };
    renderWithProviders(
      <Routes>
        <Route path="/events/:id" element={<EventDetailPage />} />
      </Routes>,
      { route: '/events/ev-1#register', mocks: [{ ...eventQuery, result: { data: { event: full } } }] },
    );
    const join = await screen.findByRole('button', { name: 'Join waitlist' }, { timeout: 3000 });
    await waitFor(() => expect(join).toHaveFocus(), { timeout: 3000 });
    expect(screen.queryByText('You are signed in. One more tap to register for this event:')).not.toBeInTheDocument();
  });

  it('a return path to another site is never followed: signing up then goes to /verify-otp as before', async () => {
    const user = userEvent.setup();
    const details = { name: 'Meera Singh', email: 'meera@example.org', phone: '9123456780', password: 'secret1', confirmPassword: 'secret1' };
    renderWithProviders(
      <>
        <Routes>
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/verify-otp" element={<p>verify page</p>} />
        </Routes>
        <Where />
      </>,
      {
        route: { pathname: '/register', state: { from: '//evil.example/events/ev-1#register' } },
        mocks: [
          {
            request: { query: SendSignupCodeDocument, variables: { input: { email: details.email, phone: details.phone } } },
            result: { data: { sendSignupCode: { __typename: 'MessagePayload', message: 'OTP sent to your email' } } },
          },
          {
            request: { query: SignUpDocument, variables: { input: { ...details, userType: 'graduate', otp: '123456' } } },
            result: { data: { signUp: { __typename: 'AuthPayload', token: 'jwt-signup', message: 'ok', user: viewer() } } },
          },
        ],
      },
    );
    await user.type(screen.getByLabelText('Full name'), details.name);
    await user.type(screen.getByLabelText('Email'), details.email);
    await user.type(screen.getByLabelText('Phone'), details.phone);
    await user.type(screen.getByLabelText('Password'), details.password);
    await user.type(screen.getByLabelText('Confirm password'), details.confirmPassword);
    await user.click(screen.getByRole('radio', { name: 'Graduate or above' }));
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await user.type(await screen.findByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('verify page')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/verify-otp$/);
  });
});
