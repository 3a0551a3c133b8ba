import { screen, waitFor } from '@testing-library/react';
import { AdminMeDocument, DashboardStatsDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { adminMeMock, gqlError } from '@/testing/mocks';

const pendingDashboard = { request: { query: DashboardStatsDocument }, result: { data: { dashboardStats: null } }, delay: 10_000 };

describe('admin guard', () => {
  it('sends a visitor without a token to /admin/login', async () => {
    const { router } = renderRoute('/admin/users', { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Admin Portal Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('removes the token and adminInfo when the adminMe check fails', async () => {
    window.localStorage.setItem('adminToken', 'expired');
    window.localStorage.setItem('adminInfo', '{"name":"Old"}');
    const { router } = renderRoute('/admin', {
      signedIn: false,
      mocks: [{ request: { query: AdminMeDocument }, result: gqlError('Please sign in to continue', 'UNAUTHENTICATED') }],
    });
    expect(await screen.findByRole('heading', { name: 'Admin Portal Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(window.localStorage.getItem('adminInfo')).toBeNull();
  });

  it('removes the token when the account is not admin or superadmin', async () => {
    window.localStorage.setItem('adminToken', 'teacher-token');
    const { router } = renderRoute('/admin/events', { signedIn: false, mocks: [adminMeMock('PRIMARY')] });
    expect(await screen.findByRole('heading', { name: 'Admin Portal Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(window.localStorage.getItem('adminToken')).toBeNull();
  });

  it('lets a superadmin in and shows the layout with sidebar, header and footer', async () => {
    window.localStorage.setItem('adminToken', 'ok');
    renderRoute('/admin', { signedIn: false, mocks: [adminMeMock('SUPERADMIN'), pendingDashboard] });
    expect(await screen.findByRole('heading', { name: 'Dashboard Overview' })).toBeInTheDocument();
    expect(screen.getByText('Admin Dashboard')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin navigation' });
    for (const name of ['Dashboard', 'User Management', 'Approve Student', 'Approve Teachers', 'Event Management', 'Team Members', 'User Queries', 'Audit Log']) {
      expect(nav).toContainElement(screen.getByRole('link', { name: new RegExp(name) }));
    }
    expect(window.localStorage.getItem('adminToken')).toBe('ok');
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem('adminInfo') ?? '{}').category).toBe('SUPERADMIN'));
  });

  it('logout clears the session and goes to /admin/login', async () => {
    const { user, router } = renderRoute('/admin', { mocks: [pendingDashboard] });
    await user.click(await screen.findByRole('button', { name: /logout/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(window.localStorage.getItem('adminInfo')).toBeNull();
  });

  it('redirects / to /admin', async () => {
    const { router } = renderRoute('/', { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });
});
