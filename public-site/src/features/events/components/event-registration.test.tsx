import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { EventDocument, RegisterForEventDocument, UnregisterFromEventDocument } from '@/gql/graphql';
import { setLanguage } from '@/i18n';
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

const state = (over: Partial<typeof base>) => ({ __typename: 'Event' as const, id: 'ev-1', registeredCount: 3, offeredCount: 0, isRegistered: false, isFull: false, hasStarted: false, cancelled: false, waitlistCount: 0, ...over });

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
    await user.click(within(screen.getByRole('dialog', { name: 'Unregister from this event?' })).getByRole('button', { name: 'Yes, unregister' }));
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
      // Read again after EVENT_FULL: the last place is held for someone from the waitlist.
      { request: { query: EventDocument, variables: { id: 'ev-1' } }, result: { data: { event: { ...base, registeredCount: 9, offeredCount: 1, isFull: true, waitlistCount: 1 } } } },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText('Registration failed. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(await screen.findByRole('button', { name: 'Join waitlist' })).toBeEnabled();
    // Not just "full": the page says why (issue 24, item 7).
    expect(await screen.findByText(/No place is free right now: the last one is held for the next person on the waitlist until they answer/)).toBeInTheDocument();
    expect(screen.getByTestId('held')).toHaveTextContent('1 place held for someone from the waitlist');
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
    await user.click(screen.getByRole('button', { name: 'Yes, unregister' }));
    expect(await screen.findByText('Failed to unregister. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unregister' }));
    await user.click(screen.getByRole('button', { name: 'Yes, unregister' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You must be logged in to unregister.');
  });
});

describe('Unregister asks first and says what happens to the place (issue 24, item 7)', () => {
  beforeEach(() => window.localStorage.setItem('authToken', 'jwt'));
  afterEach(() => window.localStorage.clear());

  const unregistered = (over: Partial<typeof base> = {}) => ({
    request: { query: UnregisterFromEventDocument, variables: { eventId: 'ev-1' } },
    result: { data: { unregisterFromEvent: { __typename: 'EventRegistrationPayload', message: 'ok', event: state(over) } } },
  });

  it('on a full event with people waiting: a dialog says the place goes to the next person waiting; Keep my place keeps it', async () => {
    const user = userEvent.setup();
    const full = { ...base, isRegistered: true, isFull: true, registeredCount: 10, waitlistCount: 2 };
    // The freed place belongs to the people waiting (a fair waiting list): the event stays full, and the page
    // turns to the waiting list's control, which must not take the message with it.
    renderDetail(full, [unregistered({ registeredCount: 9, waitlistCount: 2, isFull: true })]);
    const unregister = await screen.findByRole('button', { name: 'Unregister' });
    await user.click(unregister);
    const dialog = screen.getByRole('dialog', { name: 'Unregister from this event?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(
      'Your place will be offered to the next person on the waitlist. If you change your mind later, you will have to join the waitlist.',
    );
    // The safe choice has the focus; keeping the place sends nothing and gives the focus back.
    expect(within(dialog).getByRole('button', { name: 'Keep my place' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep my place' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Registered/ })).toBeInTheDocument();
    expect(unregister).toHaveFocus();

    // Escape closes it too; then unregistering for real says where the place went.
    await user.click(unregister);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(unregister);
    await user.click(screen.getByRole('button', { name: 'Yes, unregister' }));
    expect(await screen.findByText('You are no longer registered. Your place has been offered to the next person on the waitlist.')).toBeInTheDocument();
  });

  it('nobody waiting: the place becomes free for anyone (said differently when the event is full)', async () => {
    const user = userEvent.setup();
    renderDetail({ ...base, isRegistered: true, isFull: true, registeredCount: 10, waitlistCount: 0 }, [unregistered({ registeredCount: 9 })]);
    await user.click(await screen.findByRole('button', { name: 'Unregister' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
      'Your place will become free for anyone to take. The event is full, so once someone takes it you may not get a place again.',
    );
    await user.click(screen.getByRole('button', { name: 'Yes, unregister' }));
    expect(await screen.findByText('Successfully unregistered from the event.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register Now' })).toBeEnabled();
  });

  it('an event with places free says so; in Hindi too', async () => {
    const user = userEvent.setup();
    await act(() => setLanguage('hi'));
    try {
      renderDetail({ ...base, isRegistered: true });
      await user.click(await screen.findByRole('button', { name: 'पंजीकरण रद्द करें' }));
      const dialog = screen.getByRole('dialog', { name: 'क्या आप इस कार्यक्रम से पंजीकरण रद्द करना चाहते हैं?' });
      expect(dialog).toHaveAccessibleDescription('आपकी जगह खाली हो जाएगी और कोई भी उसे ले सकेगा। जगहें खाली रहने तक आप फिर से पंजीकरण कर सकते हैं।');
      expect(within(dialog).getByRole('button', { name: 'मेरी जगह रखें' })).toHaveFocus();
      expect(within(dialog).getByRole('button', { name: 'हाँ, पंजीकरण रद्द करें' })).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});

describe('A place held for someone from the waitlist (issue 24, item 6)', () => {
  afterEach(() => window.localStorage.clear());

  it('the page says the place is held, not "0 / 1 registered · 0 waiting · This event is full"', async () => {
    renderDetail({ ...base, maxParticipants: 1, registeredCount: 0, offeredCount: 1, isFull: true, waitlistCount: 0 });
    const participants = await screen.findByTestId('participants');
    expect(participants).toHaveTextContent('0 / 1 registered');
    expect(screen.getByTestId('held')).toHaveTextContent('1 place held for someone from the waitlist');
    expect(screen.getByText(/^No place is free right now: the last one is held for the next person on the waitlist until they answer\./)).toBeInTheDocument();
    expect(screen.queryByText('This event is full.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join waitlist' })).toBeInTheDocument();
  });

  it('several places held, in Hindi', async () => {
    await act(() => setLanguage('hi'));
    try {
      renderDetail({ ...base, maxParticipants: 10, registeredCount: 8, offeredCount: 2, isFull: true, waitlistCount: 3 });
      expect(await screen.findByTestId('held')).toHaveTextContent('2 जगहें प्रतीक्षा सूची के लोगों के लिए रखी गई हैं');
      expect(screen.getByText(/^अभी कोई जगह खाली नहीं है: 2 जगहें प्रतीक्षा सूची में अगले लोगों के लिए/)).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('no place held: the page says the event is full, as before', async () => {
    renderDetail({ ...base, isFull: true, registeredCount: 10, waitlistCount: 1 });
    expect(await screen.findByText('This event is full.')).toBeInTheDocument();
    expect(screen.queryByTestId('held')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('waiting')).toHaveTextContent('1 waiting'));
  });
});
