import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { EventDocument, RegisterForEventDocument, UnregisterFromEventDocument } from '@/gql/graphql';
import { eventDetail, gqlError, noEventPass } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { EventDetailPage } from './event-detail-page';
import { EventRegistrationSlot } from './event-registration-slot';

const base = eventDetail({
  id: 'ev-1',
  title: 'Career Guidance Camp',
  description: 'Mentoring for graduates.',
  date: '2099-03-15',
  time: '10:30',
  location: 'Civil Lines, Prayagraj',
  category: 'GRADUATE',
  startsAt: '2099-03-15T05:00:00.000Z',
  maxParticipants: 10,
  registeredCount: 3,
});

const state = (over: Partial<typeof base>) => ({ __typename: 'Event' as const, id: 'ev-1', registeredCount: 3, isRegistered: false, isFull: false, hasStarted: false, cancelled: false, waitlistCount: 0, ...over });

function renderDetail(event: typeof base, mocks: NonNullable<Parameters<typeof renderWithProviders>[1]>['mocks'] = []) {
  return renderWithProviders(
    <Routes>
      <Route path="/events/:id" element={<EventDetailPage />} />
      <Route path="/login" element={<p>login page</p>} />
    </Routes>,
    { route: '/events/ev-1', mocks: [{ request: { query: EventDocument, variables: { id: 'ev-1' } }, result: { data: { event: event } } }, ...mocks, noEventPass('ev-1')] },
  );
}

describe('Event registration on the event page', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => jest.useRealTimers());

  it('signed out: Register Now asks to log in, with a link to /login; Add to calendar downloads the .ics', async () => {
    const user = userEvent.setup();
    renderDetail(base);
    await user.click(await screen.findByRole('button', { name: 'Register Now' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You must be logged in to register.');
    const calendar = screen.getByRole('link', { name: /Add to calendar/ });
    expect(calendar).toHaveAttribute('href', '/api/events/ev-1/ics');
    expect(calendar).toHaveAttribute('download');
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('full: says so and offers the waitlist instead of Register Now', () => {
    renderWithProviders(<EventRegistrationSlot event={{ ...base, isFull: true, registeredCount: 10 }} />);
    expect(screen.getByText('This event is full.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join waitlist' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Register Now' })).not.toBeInTheDocument();
  });

  it('registered: a disabled Registered button plus Unregister', () => {
    window.localStorage.setItem('authToken', 'jwt');
    renderWithProviders(<EventRegistrationSlot event={{ ...base, isRegistered: true }} />);
    expect(screen.getByRole('button', { name: /Registered/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Unregister' })).toBeEnabled();
  });

  it('started: no registration buttons', () => {
    window.localStorage.setItem('authToken', 'jwt');
    renderWithProviders(<EventRegistrationSlot event={{ ...base, hasStarted: true }} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Registration has closed for this event.')).toBeInTheDocument();
  });

  it('past: the page says it has already occurred and shows no buttons', async () => {
    renderDetail({ ...base, isUpcoming: false, hasStarted: true, date: '2001-01-01' });
    expect(await screen.findByText('This event has already occurred.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('registers: toast for 3 seconds, count and state from the cached event; then unregisters', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderDetail(base, [
      {
        request: { query: RegisterForEventDocument, variables: { eventId: 'ev-1' } },
        result: { data: { registerForEvent: { __typename: 'EventRegistrationPayload', message: 'ok', event: state({ registeredCount: 4, isRegistered: true }) } } },
      },
      {
        request: { query: UnregisterFromEventDocument, variables: { eventId: 'ev-1' } },
        result: { data: { unregisterFromEvent: { __typename: 'EventRegistrationPayload', message: 'ok', event: state({ registeredCount: 3 }) } } },
      },
    ]);
    expect(await screen.findByTestId('participants')).toHaveTextContent('3 / 10 registered');
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText('Successfully registered for the event!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Registered/ })).toBeDisabled();
    expect(screen.getByTestId('participants')).toHaveTextContent('4 / 10 registered');
    act(() => {
      jest.advanceTimersByTime(2900);
    });
    expect(screen.getByText('Successfully registered for the event!')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Successfully registered for the event!')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unregister' }));
    expect(await screen.findByText('Successfully unregistered from the event.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register Now' })).toBeEnabled();
    expect(screen.getByTestId('participants')).toHaveTextContent('3 / 10 registered');
  });

  it('failure toasts; EVENT_FULL turns the button into the waitlist', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    const user = userEvent.setup();
    renderDetail(base, [
      { request: { query: RegisterForEventDocument, variables: { eventId: 'ev-1' } }, error: new Error('offline') },
      { request: { query: RegisterForEventDocument, variables: { eventId: 'ev-1' } }, result: gqlError('This event is full', 'EVENT_FULL') },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText('Registration failed. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(await screen.findByRole('button', { name: 'Join waitlist' })).toBeEnabled();
  });

  it('unregister failures: Failed to unregister, and the login message when the session is gone', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    const user = userEvent.setup();
    renderDetail({ ...base, isRegistered: true }, [
      { request: { query: UnregisterFromEventDocument, variables: { eventId: 'ev-1' } }, error: new Error('offline') },
      {
        request: { query: UnregisterFromEventDocument, variables: { eventId: 'ev-1' } },
        result: gqlError('Please log in', 'UNAUTHENTICATED'),
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Unregister' }));
    expect(await screen.findByText('Failed to unregister. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unregister' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You must be logged in to unregister.');
  });
});
