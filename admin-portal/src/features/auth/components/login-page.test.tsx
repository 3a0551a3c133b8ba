import { screen, waitFor } from '@testing-library/react';
import { AdminLoginDocument, DashboardStatsDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { adminMeMock, gqlError } from '@/testing/mocks';

const loginMock = (result: object, delay = 0) => ({
  request: { query: AdminLoginDocument, variables: { input: { email: 'admin@example.org', password: 'ChangeMe!2026' } } },
  result,
  delay,
});

const okLogin = {
  data: {
    adminLogin: {
      __typename: 'AdminAuthPayload',
      token: 'jwt-123',
      user: { __typename: 'User', id: 'admin-1', name: 'Asha Admin', email: 'admin@example.org', category: 'ADMIN', status: 'ACTIVE' },
    },
  },
};

async function fillAndSubmit(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(await screen.findByLabelText(/email address/i), 'admin@example.org');
  await user.type(screen.getByLabelText(/^password/i), 'ChangeMe!2026');
  await user.click(screen.getByRole('button', { name: 'Sign in as Admin' }));
}

describe('/admin/login', () => {
  it('shows the sign-in texts and links to the public user login', async () => {
    renderRoute('/admin/login', { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Admin Portal Login' })).toBeInTheDocument();
    expect(screen.getByText('Restricted access to authorized personnel only')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in as Admin' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'User login here' })).toHaveAttribute('href', 'http://localhost:3000/login');
  });

  it('requires email and password', async () => {
    const { user } = renderRoute('/admin/login', { signedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Sign in as Admin' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it("shows 'Authenticating...' while busy, stores adminToken and adminInfo and opens the dashboard", async () => {
    const { user, router } = renderRoute('/admin/login', {
      signedIn: false,
      mocks: [
        loginMock(okLogin, 50),
        adminMeMock(),
        { request: { query: DashboardStatsDocument }, result: { data: { dashboardStats: null } }, delay: 10_000 },
      ],
    });
    await fillAndSubmit(user);
    expect(await screen.findByRole('button', { name: 'Authenticating...' })).toBeDisabled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(window.localStorage.getItem('adminToken')).toBe('jwt-123');
    expect(JSON.parse(window.localStorage.getItem('adminInfo') ?? '{}')).toMatchObject({ email: 'admin@example.org', category: 'ADMIN' });
    expect(await screen.findByRole('heading', { name: 'Dashboard Overview' })).toBeInTheDocument();
  });

  it("shows the server's message on failure and stores nothing", async () => {
    const { user } = renderRoute('/admin/login', { signedIn: false, mocks: [loginMock(gqlError('Invalid email or password', 'UNAUTHENTICATED'))] });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in as Admin' })).toBeEnabled();
  });

  it("falls back to 'Invalid admin credentials' when the server gives no usable message", async () => {
    const { user } = renderRoute('/admin/login', { signedIn: false, mocks: [loginMock(gqlError('Something went wrong. Please try again.', 'INTERNAL'))] });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid admin credentials');
  });

  it('explains a rate limit with the wait time', async () => {
    const { user } = renderRoute('/admin/login', {
      signedIn: false,
      mocks: [loginMock(gqlError('Too many sign-in attempts.', 'RATE_LIMITED', { retryAfterSeconds: 120 }))],
    });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts. Please try again in 2 minutes.');
  });

  it('refuses a non-admin account even if the server returned a token', async () => {
    const student = { data: { adminLogin: { ...okLogin.data.adminLogin, user: { ...okLogin.data.adminLogin.user, category: 'STUDENT' } } } };
    const { user, router } = renderRoute('/admin/login', { signedIn: false, mocks: [loginMock(student)] });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is not an administrator account.');
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/login');
  });
});
