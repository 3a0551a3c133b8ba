import { screen, within } from '@testing-library/react';
import { AdminUsersDocument, DashboardStatsDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { gqlError, makeEvent, makeUser, page } from '@/testing/mocks';

const daysAgoIso = (n: number) => new Date(Date.now() - n * 86_400_000 - 60_000).toISOString();

function stats(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'DashboardStats',
    visitorCount: 1234,
    totalUsers: 57,
    usersThisMonth: 8,
    usersThisYear: 40,
    activeUsers: 31,
    pendingUsers: 9,
    usersByCategory: [
      { __typename: 'CategoryCount', category: 'primary', count: 12 },
      { __typename: 'CategoryCount', category: 'student', count: 30 },
      { __typename: 'CategoryCount', category: 'graduate', count: 5 },
    ],
    eventsTotal: 14,
    eventsUpcoming: 4,
    eventsActive: 1,
    eventsThisMonth: 2,
    eventsThisYear: 11,
    peopleWaiting: 1500,
    attendanceLastMonth: { __typename: 'AttendanceSummary', events: 3, registered: 120, checkedIn: 78, rate: 0.65 },
    attendanceNow: { __typename: 'RunningAttendance', events: 0, registered: 0, checkedIn: 0 },
    eventsByCategory: [],
    recentRegistrations: [makeUser({ name: 'Ravi Kumar', createdAt: daysAgoIso(3) })],
    upcomingEvents: [makeEvent({ id: 'ev-9', title: 'Career guidance camp', registeredCount: 17 })],
    ...overrides,
  };
}

const statsMock = (dashboardStats: unknown) => ({ request: { query: DashboardStatsDocument }, result: { data: { dashboardStats } } });

describe('dashboard', () => {
  it('shows user and event trends from one dashboardStats query', async () => {
    renderRoute('/admin/dashboard', { mocks: [statsMock(stats())] });
    const users = await screen.findByRole('region', { name: 'User Trends' });
    const card = (region: HTMLElement, label: string) => within(region).getByText(label).closest('li')!;
    expect(card(users, 'Site Visiters')).toHaveTextContent('1,234');
    expect(card(users, 'Total Users')).toHaveTextContent('57');
    expect(card(users, 'Users This Month')).toHaveTextContent('8');
    expect(card(users, 'Users This Year')).toHaveTextContent('40');
    expect(card(users, 'Active Users')).toHaveTextContent('31');
    expect(card(users, 'Pending Users')).toHaveTextContent('9');
    const events = screen.getByRole('region', { name: 'Event Trends' });
    expect(card(events, 'Total')).toHaveTextContent('14');
    expect(card(events, 'Upcoming')).toHaveTextContent('4');
    expect(card(events, 'Active')).toHaveTextContent('1');
    expect(card(events, 'This Month')).toHaveTextContent('2');
    expect(card(events, 'This Year')).toHaveTextContent('11');
    expect(card(events, 'People waiting')).toHaveTextContent('1,500');
  });

  it('shows the attendance of the past month, saying what each figure counts', async () => {
    renderRoute('/admin/dashboard', { mocks: [statsMock(stats())] });
    const region = await screen.findByRole('region', { name: 'Attendance (past 30 days)' });
    const card = (label: string) => within(region).getByText(label).closest('li')!;
    expect(card('Attendance rate')).toHaveTextContent('65%');
    expect(card('Attendance rate')).toHaveTextContent('of registrations at ended events');
    expect(card('Checked in')).toHaveTextContent('78');
    expect(card('Checked in')).toHaveTextContent('at ended events');
    expect(card('Registered')).toHaveTextContent('120');
    expect(card('Events')).toHaveTextContent('3');
    expect(card('Events')).toHaveTextContent('ended in the past 30 days');
    expect(within(region).queryByText('Checked in now')).not.toBeInTheDocument();
  });

  it("counts a running event's check-ins apart, instead of a 0% rate while the door is open", async () => {
    renderRoute('/admin/dashboard', {
      mocks: [
        statsMock(
          stats({
            attendanceLastMonth: { __typename: 'AttendanceSummary', events: 0, registered: 0, checkedIn: 0, rate: 0 },
            attendanceNow: { __typename: 'RunningAttendance', events: 1, registered: 30, checkedIn: 12 },
          }),
        ),
      ],
    });
    const region = await screen.findByRole('region', { name: 'Attendance (past 30 days)' });
    const now = within(region).getByText('Checked in now').closest('li')!;
    expect(now).toHaveTextContent('12');
    expect(now).toHaveTextContent('of 30 registered, at 1 event running');
    expect(within(region).getByText('No event has ended in the past 30 days.')).toBeInTheDocument();
    expect(within(region).queryByText('0%')).not.toBeInTheDocument();
    expect(within(region).queryByText('No events in the past 30 days.')).not.toBeInTheDocument();
  });

  it('shows running and ended attendance side by side', async () => {
    renderRoute('/admin/dashboard', {
      mocks: [statsMock(stats({ attendanceNow: { __typename: 'RunningAttendance', events: 2, registered: 45, checkedIn: 20 } }))],
    });
    const region = await screen.findByRole('region', { name: 'Attendance (past 30 days)' });
    expect(within(region).getByText('Checked in now').closest('li')).toHaveTextContent('of 45 registered, at 2 events running');
    expect(within(region).getByText('Attendance rate').closest('li')).toHaveTextContent('65%');
  });

  it('says when no event took place in the past month', async () => {
    renderRoute('/admin/dashboard', {
      mocks: [statsMock(stats({ attendanceLastMonth: { __typename: 'AttendanceSummary', events: 0, registered: 0, checkedIn: 0, rate: 0 } }))],
    });
    const region = await screen.findByRole('region', { name: 'Attendance (past 30 days)' });
    expect(within(region).getByText('No events in the past 30 days.')).toBeInTheDocument();
  });

  it('links each category card to the filtered user list', async () => {
    const teachersOnly = {
      request: { query: AdminUsersDocument, variables: (v: { filter?: { category?: string } }) => v.filter?.category === 'PRIMARY' },
      result: { data: { users: page([makeUser({ name: 'Meera Teacher', category: 'PRIMARY' })], 'UserPage') } },
    };
    const { user, router } = renderRoute('/admin', { mocks: [statsMock(stats()), teachersOnly] });
    expect(await screen.findByRole('link', { name: /Users in Teacher/ })).toHaveAttribute('href', '/admin/users?category=primary');
    expect(screen.getByRole('link', { name: /Users in Primary Students/ })).toHaveAttribute('href', '/admin/users?category=student');
    expect(screen.getByRole('link', { name: /Users in Graduate/ })).toHaveAttribute('href', '/admin/users?category=graduate');
    // Each link is named by what it shows (label in name, WCAG 2.5.3): no aria-label that says something else.
    for (const [label, count] of [['Users in Teacher', '12'], ['Users in Primary Students', '30'], ['Users in Graduate', '5']]) {
      const link = screen.getByRole('link', { name: new RegExp(label) });
      expect(link).not.toHaveAttribute('aria-label');
      expect(link).toHaveAccessibleName(`${label} ${count}`);
    }
    await user.click(screen.getByRole('link', { name: /Users in Teacher/ }));
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(router.state.location.search).toBe('?category=primary');
    expect(await screen.findByLabelText('Filter by category')).toHaveValue('primary');
    expect(await screen.findByText('Meera Teacher')).toBeInTheDocument();
  });

  it('lists recent registrations and upcoming events', async () => {
    renderRoute('/admin', { mocks: [statsMock(stats())] });
    const recent = await screen.findByRole('region', { name: 'Recent Registrations' });
    expect(within(recent).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(recent).getByText('Registered 3 day(s) ago')).toBeInTheDocument();
    const upcoming = screen.getByRole('region', { name: 'Upcoming Events' });
    expect(within(upcoming).getByText('Career guidance camp')).toBeInTheDocument();
    expect(within(upcoming).getByText(/17 registrations/)).toBeInTheDocument();
    expect(within(upcoming).getByRole('link', { name: 'Details for Career guidance camp' })).toHaveAttribute('href', '/admin/events/view/ev-9');
  });

  it('shows the empty texts', async () => {
    renderRoute('/admin', { mocks: [statsMock(stats({ recentRegistrations: [], upcomingEvents: [] }))] });
    expect(await screen.findByText('No recent registrations')).toBeInTheDocument();
    expect(screen.getByText('No upcoming events')).toBeInTheDocument();
  });

  it('shows an error with a retry when the stats fail', async () => {
    renderRoute('/admin', { mocks: [{ request: { query: DashboardStatsDocument }, result: gqlError('You do not have permission to do this', 'FORBIDDEN') }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
