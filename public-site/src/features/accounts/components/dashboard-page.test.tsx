import { screen } from '@testing-library/react';
import { EventsDocument } from '@/gql/graphql';
import { meMock, viewer } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import DashboardPage from './dashboard-page';

const eventsMock = (items: unknown[]) => ({
  request: { query: EventsDocument, variables: { filter: { when: 'UPCOMING' }, offset: 0, limit: 6 } },
  result: { data: { events: { __typename: 'EventPage', items, total: items.length, offset: 0, limit: 6 } } },
});

const event = {
  __typename: 'Event',
  id: 'ev-9',
  title: 'Science Fair',
  description: 'Projects by students.',
  date: '2099-05-02',
  time: '11:00',
  location: 'Prayagraj',
  category: 'GENERAL',
  imageUrl: null,
  imageSrcSet: null,
  isUpcoming: true,
  isRegistered: false,
  isFull: false,
  hasStarted: false,
  endDate: null,
  endTime: null,
  cancelled: false,
  sessions: [{ __typename: 'EventSession', id: 'ev-9-s1' }],
};

describe('DashboardPage', () => {
  beforeEach(() => window.localStorage.clear());

  it('guests: Welcome, Guest (Guest User), Guest Access with register and login prompts, no profile links', async () => {
    renderWithProviders(<DashboardPage />, { mocks: [eventsMock([event])] });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Guest (Guest User)');
    expect(screen.getByText('Guest Access')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register now' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'My Profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Account Settings' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Science Fair' })).toHaveAttribute('href', '/events/ev-9');
    for (const [name, href] of [['Events', '/events'], ['About Us', '/about'], ['Contact Us', '/contact']]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('signed in: Welcome, {name}, Verified Account, My Profile and Account Settings; admin link only for admins', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    const { unmount } = renderWithProviders(<DashboardPage />, { mocks: [meMock(viewer()), eventsMock([])] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' })).toBeInTheDocument();
    expect(screen.getByText('Verified Account')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Account Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    expect(await screen.findByText('No upcoming events right now. Please check back soon.')).toBeInTheDocument();
    unmount();

    renderWithProviders(<DashboardPage />, { mocks: [meMock(viewer({ category: 'ADMIN' })), eventsMock([])] });
    expect(await screen.findByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', 'http://localhost:3001/admin');
  });
});
