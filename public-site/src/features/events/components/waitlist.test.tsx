import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import {
  AcceptWaitlistOfferDocument,
  DeclineWaitlistOfferDocument,
  EventDocument,
  JoinWaitlistDocument,
  LeaveWaitlistDocument,
  RegisterForEventDocument,
  type EventDetailFieldsFragment,
  type SeriesDatesFieldsFragment,
} from '@/gql/graphql';
import { setLanguage } from '@/i18n';
import { gqlError, noEventPass } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { EventDetailPage } from './event-detail-page';

type Mocks = NonNullable<Parameters<typeof renderWithProviders>[1]>['mocks'];

const base: EventDetailFieldsFragment & SeriesDatesFieldsFragment & { __typename: 'Event'; sessions: unknown[] } = {
  __typename: 'Event',
  // The event page asks for the sessions too: one.
  sessions: [{ __typename: 'EventSession', id: 'session-1', date: '2030-12-01', time: '10:00', endTime: null, title: null, location: null, isOnline: false }],
  id: 'ev-1',
  title: 'Career Guidance Camp',
  description: 'Mentoring for graduates.',
  date: '2099-03-15',
  time: '10:30',
  location: 'Civil Lines, Prayagraj',
  category: 'GRADUATE',
  imageUrl: null,
  imageSrcSet: null,
  isUpcoming: true,
  isRegistered: false,
  isFull: true,
  hasStarted: false,
  endDate: null,
  endTime: null,
  startsAt: '2099-03-15T05:00:00.000Z',
  externalLink: null,
  maxParticipants: 10,
  speaker: null,
  registeredCount: 10,
  offeredCount: 0,
  cancelled: false,
  waitlistCount: 2,
  questions: [],
  myWaitlist: null,
  seriesId: null,
  isOnline: false,
  seriesDates: [],
};

type MyWaitlist = NonNullable<EventDetailFieldsFragment['myWaitlist']>;

const entry = (over: Partial<MyWaitlist>) => ({ __typename: 'MyWaitlist' as const, status: 'WAITING' as const, position: null, offerExpiresAt: null, ...over });

/** The event's state as every waitlist payload returns it. */
const waitlistState = (over: Partial<typeof base> = {}) => {
  const { registeredCount, offeredCount, isRegistered, isFull, cancelled, waitlistCount, myWaitlist } = { ...base, ...over };
  return { __typename: 'Event' as const, id: 'ev-1', registeredCount, offeredCount, isRegistered, isFull, cancelled, waitlistCount, myWaitlist };
};

/** 14 March 2099, 10:00 in India. */
const OFFER_EXPIRES = '2099-03-14T04:30:00.000Z';

function LoginProbe() {
  const location = useLocation();
  return <p>login page, then back to {(location.state as { from?: string } | null)?.from ?? 'nowhere'}</p>;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderDetail(event: typeof base, mocks: Mocks = [], route = '/events/ev-1') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/events/:id"
        element={
          <>
            <EventDetailPage />
            <Where />
          </>
        }
      />
      <Route path="/login" element={<LoginProbe />} />
    </Routes>,
    { route, mocks: [{ request: { query: EventDocument, variables: { id: 'ev-1' } }, result: { data: { event } } }, ...mocks, noEventPass('ev-1')] },
  );
}

const signIn = () => window.localStorage.setItem('authToken', 'jwt');

describe('Event page: cancellation and the waitlist', () => {
  beforeEach(() => window.localStorage.clear());

  it('a cancelled event says so and offers no registration at all', async () => {
    signIn();
    renderDetail({ ...base, isFull: false, registeredCount: 3, waitlistCount: 0, cancelled: true });
    expect(await screen.findByText('This event has been cancelled.')).toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toHaveClass('badge');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add to calendar/ })).not.toBeInTheDocument();
  });

  it('registering for an event cancelled meanwhile (EVENT_CANCELLED) shows the cancellation', async () => {
    signIn();
    const user = userEvent.setup();
    renderDetail({ ...base, isFull: false, registeredCount: 3, waitlistCount: 0 }, [
      { request: { query: RegisterForEventDocument, variables: { eventId: 'ev-1' } }, result: gqlError('This event has been cancelled.', 'EVENT_CANCELLED') },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Register Now' }));
    await waitFor(() => expect(screen.queryByRole('button')).not.toBeInTheDocument());
    expect(screen.getByText('This event has been cancelled.')).toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toHaveClass('badge');
  });

  it('full: shows how many wait and Join waitlist; joined, the number and Leave waitlist; leaving offers Join again', async () => {
    signIn();
    const user = userEvent.setup();
    renderDetail(base, [
      {
        request: { query: JoinWaitlistDocument, variables: { eventId: 'ev-1' } },
        result: { data: { joinWaitlist: { __typename: 'WaitlistPayload', position: 3, event: waitlistState({ waitlistCount: 3, myWaitlist: entry({ position: 3 }) }) } } },
      },
      {
        request: { query: LeaveWaitlistDocument, variables: { eventId: 'ev-1' } },
        result: { data: { leaveWaitlist: { __typename: 'WaitlistPayload', event: waitlistState({ waitlistCount: 2, myWaitlist: null }) } } },
      },
    ]);
    expect(await screen.findByText('This event is full.')).toBeInTheDocument();
    expect(screen.getByTestId('participants')).toHaveTextContent('10 / 10 registered');
    expect(screen.getByTestId('waiting')).toHaveTextContent('2 waiting');
    expect(screen.queryByRole('button', { name: 'Event Full' })).not.toBeInTheDocument();

    const join = screen.getByRole('button', { name: 'Join waitlist' });
    expect(join).toHaveAccessibleDescription('If a place becomes free, we will hold it for you and tell you by e-mail.');
    await user.click(join);
    expect(await screen.findByText('You are number 3 on the waitlist')).toBeInTheDocument();
    expect(screen.getByText('You have joined the waitlist.')).toBeInTheDocument();
    expect(screen.getByTestId('waiting')).toHaveTextContent('3 waiting');
    expect(screen.queryByRole('button', { name: 'Join waitlist' })).not.toBeInTheDocument();
    // The pressed button is gone; the focus stays in the registration area.
    expect(document.activeElement).toHaveClass('event-registration');

    await user.click(screen.getByRole('button', { name: 'Leave waitlist' }));
    expect(await screen.findByRole('button', { name: 'Join waitlist' })).toBeInTheDocument();
    expect(screen.getByText('You have left the waitlist.')).toBeInTheDocument();
    expect(screen.getByTestId('waiting')).toHaveTextContent('2 waiting');
  });

  it('signed out: Join waitlist asks to log in, and the login link comes back here', async () => {
    const user = userEvent.setup();
    renderDetail(base);
    await user.click(await screen.findByRole('button', { name: 'Join waitlist' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You must be logged in to join the waitlist.');
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    // Back with Join waitlist in focus (issue 24, item 2).
    expect(screen.getByText('login page, then back to /events/ev-1#register')).toBeInTheDocument();
  });

  it('join refused: CONFLICT reads the event again and says the page changed; other failures ask to retry', async () => {
    signIn();
    const user = userEvent.setup();
    renderDetail(base, [
      { request: { query: JoinWaitlistDocument, variables: { eventId: 'ev-1' } }, error: new Error('offline') },
      { request: { query: JoinWaitlistDocument, variables: { eventId: 'ev-1' } }, result: gqlError('You are already on the waitlist', 'CONFLICT') },
      {
        request: { query: EventDocument, variables: { id: 'ev-1' } },
        result: { data: { event: { ...base, waitlistCount: 3, myWaitlist: entry({ position: 3 }) } } },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not join the waitlist. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByText('You are number 3 on the waitlist')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your place on the waitlist has changed since this page was loaded.');
    expect(screen.queryByText(/already on the waitlist/)).not.toBeInTheDocument(); // never the server's text
  });

  it('joining a waitlist of an event cancelled meanwhile (EVENT_CANCELLED): the cancellation, no controls', async () => {
    signIn();
    const user = userEvent.setup();
    renderDetail(base, [
      { request: { query: JoinWaitlistDocument, variables: { eventId: 'ev-1' } }, result: gqlError('This event has been cancelled.', 'EVENT_CANCELLED') },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Join waitlist' }));
    await waitFor(() => expect(screen.queryByRole('button')).not.toBeInTheDocument());
    expect(screen.getAllByText('This event has been cancelled.').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('waiting')).not.toBeInTheDocument();
  });

  it('joining after the event started (EVENT_PAST): the catalogue message', async () => {
    signIn();
    const user = userEvent.setup();
    renderDetail(base, [
      { request: { query: JoinWaitlistDocument, variables: { eventId: 'ev-1' } }, result: gqlError('This event has already started: its waiting list is closed.', 'EVENT_PAST') },
      { request: { query: EventDocument, variables: { id: 'ev-1' } }, result: { data: { event: { ...base, hasStarted: true } } } },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByText('Registration has closed for this event.')).toBeInTheDocument();
    expect(screen.queryByText(/waiting list is closed/)).not.toBeInTheDocument();
  });

  it('a live offer: until when it is held (in the page language), Accept your place registers', async () => {
    signIn();
    const user = userEvent.setup();
    renderDetail({ ...base, myWaitlist: entry({ status: 'OFFERED', offerExpiresAt: OFFER_EXPIRES }) }, [
      {
        request: { query: AcceptWaitlistOfferDocument, variables: { eventId: 'ev-1' } },
        result: {
          data: {
            acceptWaitlistOffer: { __typename: 'EventRegistrationPayload', event: waitlistState({ isRegistered: true, waitlistCount: 1, myWaitlist: null }) },
          },
        },
      },
    ]);
    const until = await screen.findByText(/^A place is held for you until /);
    expect(until).toHaveTextContent(/Saturday, 14 March,? 2099 at 10:00\s*am/i);
    const accept = screen.getByRole('button', { name: 'Accept your place' });
    expect(accept).toHaveAccessibleDescription(until.textContent ?? '');
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join waitlist' })).not.toBeInTheDocument();

    await user.click(accept);
    expect(await screen.findByText('Your place is confirmed: you are registered for this event!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Registered/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Unregister' })).toBeEnabled();
    expect(screen.queryByText(/held for you/)).not.toBeInTheDocument();
  });

  it('the offer mail link (?offer=accept) focuses Accept; answering removes the query', async () => {
    signIn();
    const user = userEvent.setup();
    renderDetail(
      { ...base, myWaitlist: entry({ status: 'OFFERED', offerExpiresAt: OFFER_EXPIRES }) },
      [
        {
          request: { query: DeclineWaitlistOfferDocument, variables: { eventId: 'ev-1' } },
          result: { data: { declineWaitlistOffer: { __typename: 'WaitlistPayload', event: waitlistState({ waitlistCount: 1, myWaitlist: null }) } } },
        },
      ],
      '/events/ev-1?offer=accept',
    );
    const accept = await screen.findByRole('button', { name: 'Accept your place' });
    await waitFor(() => expect(accept).toHaveFocus());

    // Decline asks first; Keep my place goes back.
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.getByText('Give up this place? It will be offered to the next person waiting.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep my place' }));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(screen.getByRole('button', { name: 'Yes, decline' }));
    expect(await screen.findByText('You have declined the place.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/events\/ev-1$/));
    expect(screen.getByRole('button', { name: 'Join waitlist' })).toBeInTheDocument();
    expect(screen.queryByText(/no place held for you/)).not.toBeInTheDocument();
  });

  it('accepting an offer that has gone (CONFLICT): the no-live-offer message, and the event read again', async () => {
    signIn();
    const user = userEvent.setup();
    renderDetail({ ...base, myWaitlist: entry({ status: 'OFFERED', offerExpiresAt: OFFER_EXPIRES }) }, [
      {
        request: { query: AcceptWaitlistOfferDocument, variables: { eventId: 'ev-1' } },
        result: gqlError('There is no live offer for you on this event', 'CONFLICT'),
      },
      { request: { query: EventDocument, variables: { id: 'ev-1' } }, result: { data: { event: { ...base, waitlistCount: 1 } } } },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Accept your place' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no place held for you on this event any more. The offer may have expired.');
    expect(await screen.findByRole('button', { name: 'Join waitlist' })).toBeInTheDocument();
    expect(screen.queryByText(/no live offer/)).not.toBeInTheDocument();
  });

  it('the offer link signed out asks to log in first', async () => {
    renderDetail(base, [], '/events/ev-1?offer=accept');
    expect(await screen.findByText('Log in to accept the place held for you.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept your place' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByText('login page, then back to /events/ev-1?offer=accept')).toBeInTheDocument();
  });

  it('the offer link without a live offer says there is none', async () => {
    signIn();
    renderDetail({ ...base, myWaitlist: entry({ position: 2 }) }, [], '/events/ev-1?offer=accept');
    expect(await screen.findByText('There is no place held for you on this event any more. The offer may have expired.')).toBeInTheDocument();
    expect(screen.getByText('You are number 2 on the waitlist')).toBeInTheDocument();
  });

  it('in Hindi: the position and the time the place is held until', async () => {
    signIn();
    await act(() => setLanguage('hi'));
    try {
      renderDetail({ ...base, myWaitlist: entry({ status: 'OFFERED', offerExpiresAt: OFFER_EXPIRES }) });
      expect(await screen.findByText(/^यह जगह .*शनिवार, 14 मार्च 2099.* तक आपके लिए रखी गई है$/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'अपनी जगह स्वीकार करें' })).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
