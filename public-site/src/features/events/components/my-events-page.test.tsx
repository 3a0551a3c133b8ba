import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { MyEventsDocument, type EventCardFieldsFragment } from '@/gql/graphql';
import { gqlError } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import MyEventsPage from './my-events-page';

const card = (over: Partial<EventCardFieldsFragment>): EventCardFieldsFragment & { __typename: 'Event' } => ({
  __typename: 'Event',
  id: 'ev-1',
  title: 'Career Guidance Camp',
  description: 'Mentoring.',
  date: '2099-03-15',
  time: '10:30',
  location: 'Civil Lines, Prayagraj',
  category: 'GRADUATE',
  imageUrl: null,
  imageSrcSet: null,
  isUpcoming: true,
  isRegistered: true,
  isFull: false,
  hasStarted: false,
  endDate: null,
  endTime: null,
  cancelled: false,
  ...over,
});

const myEvents = {
  __typename: 'MyEvents' as const,
  upcoming: [
    { ...card({}), questions: [], myCheckIn: { __typename: 'MyCheckIn' as const, code: 'K7PM-3QXD', qrSvg: '<svg/>', checkedInAt: null } },
  ],
  past: [
    {
      ...card({ id: 'ev-2', title: 'Science Fair', date: '2020-02-01', isUpcoming: false, hasStarted: true }),
      myCheckIn: { __typename: 'MyCheckIn' as const, code: 'AAAA-BBBB', qrSvg: '<svg/>', checkedInAt: '2020-02-01T05:00:00.000Z' },
      myCertificate: { __typename: 'MyCertificate' as const, code: 'ABCD-EFGH-JKLM-NPQR', issuedAt: '2020-02-02T05:00:00.000Z', revoked: false, downloadUrl: '/api/events/ev-2/certificate' },
      myFeedback: { __typename: 'MyFeedbackStatus' as const, open: true, answered: false },
    },
    {
      ...card({ id: 'ev-3', title: 'Maths Olympiad', date: '2020-01-01', isUpcoming: false, hasStarted: true }),
      myCheckIn: { __typename: 'MyCheckIn' as const, code: 'CCCC-DDDD', qrSvg: '<svg/>', checkedInAt: null },
      myCertificate: null,
      myFeedback: null,
    },
  ],
  waiting: [
    {
      ...card({ id: 'ev-4', title: 'Art Workshop', isRegistered: false, isFull: true }),
      myWaitlist: { __typename: 'MyWaitlist' as const, status: 'WAITING' as const, position: 2, offerExpiresAt: null },
    },
    {
      ...card({ id: 'ev-5', title: 'Music Evening', isRegistered: false, isFull: true }),
      myWaitlist: { __typename: 'MyWaitlist' as const, status: 'OFFERED' as const, position: null, offerExpiresAt: '2099-03-14T04:30:00.000Z' },
    },
  ],
};

function renderPage(result: object) {
  return renderWithProviders(
    <Routes>
      <Route path="/my-events" element={<MyEventsPage />} />
      <Route path="/login" element={<p>login page</p>} />
    </Routes>,
    { route: '/my-events', mocks: [{ request: { query: MyEventsDocument }, result }] },
  );
}

describe('My events', () => {
  beforeEach(() => window.localStorage.clear());

  it('signed out: goes to the login page', async () => {
    renderPage({ data: { myEvents } });
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('lists upcoming registrations with their codes, past ones with attendance and certificate, and waitlist places', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    renderPage({ data: { myEvents } });

    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    expect(within(upcoming).getByText('Check-in code: K7PM-3QXD')).toBeInTheDocument();
    expect(within(upcoming).getByRole('link', { name: 'Add to calendar (for Career Guidance Camp)' })).toHaveAttribute('href', '/api/events/ev-1/ics');
    expect(within(upcoming).getByRole('link', { name: 'Show QR code (for Career Guidance Camp)' })).toHaveAttribute('href', '/events/ev-1');

    const past = screen.getByRole('region', { name: 'Past events' });
    const items = within(past).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Attended');
    expect(within(items[0]).getByRole('button', { name: 'Download certificate (for Science Fair)' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Not attended');
    expect(within(items[1]).queryByRole('button')).not.toBeInTheDocument();
    // Feedback is open only for the event attended.
    expect(within(items[0]).getByRole('link', { name: 'Give feedback (for Science Fair)' })).toHaveAttribute('href', '/my-events/ev-2/feedback');
    expect(within(items[1]).queryByRole('link', { name: /feedback/ })).not.toBeInTheDocument();

    const waiting = screen.getByRole('region', { name: 'On the waitlist' });
    expect(within(waiting).getByText('You are number 2 on the waitlist')).toBeInTheDocument();
    expect(within(waiting).getByText(/^A place is held for you until /)).toBeInTheDocument();
    expect(within(waiting).getByRole('link', { name: 'Answer the offer (for Music Evening)' })).toHaveAttribute('href', '/events/ev-5?offer=accept');
  });

  it('says so when there is nothing yet', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    renderPage({ data: { myEvents: { __typename: 'MyEvents', upcoming: [], past: [], waiting: [] } } });
    expect(await screen.findByText('You are not registered for any upcoming event.')).toBeInTheDocument();
    expect(screen.getByText('No past events yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'On the waitlist' })).not.toBeInTheDocument();
  });

  it('an error says the events could not be loaded', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    renderPage(gqlError('boom', 'INTERNAL'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your events could not be loaded. Please try again.');
  });
});
