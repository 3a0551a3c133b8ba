import { screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import {
  AdminEventDocument,
  CancelEventDocument,
  EventAttendanceDocument,
  EventCertificatesDocument,
  EventFeedbackDocument,
  EventRegistrationsDocument,
  EventWaitlistDocument,
  RemoveEventRegistrationDocument,
  SendEventReminderNowDocument,
} from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { gqlError, makeEvent } from '@/testing/mocks';

const rating = { __typename: 'FeedbackRating', average: null, distribution: [0, 0, 0, 0, 0] };
const emptyFeedback = { __typename: 'EventFeedbackSummary', eventId: 'ev-1', responses: 0, attendees: 0, responseRate: 0, usefulness: rating, overall: rating, comments: [], questions: [] };
// The attendance, certificates and feedback cards load with the page; these tests are about the other cards.
const otherCards: MockLink.MockedResponse[] = [
  {
    request: { query: EventAttendanceDocument, variables: { eventId: 'ev-1' } },
    result: { data: { eventAttendance: { __typename: 'EventAttendance', eventId: 'ev-1', registered: 0, checkedIn: 0, rate: 0, attendees: [] } } },
    maxUsageCount: 10,
  },
  { request: { query: EventCertificatesDocument, variables: { eventId: 'ev-1' } }, result: { data: { eventCertificates: [] } }, maxUsageCount: 10 },
  { request: { query: EventFeedbackDocument, variables: { eventId: 'ev-1' } }, result: { data: { eventFeedback: emptyFeedback } }, maxUsageCount: 10 },
];
const renderEventView = ({ mocks = [] }: { mocks?: MockLink.MockedResponse[] }) => renderRoute('/admin/events/view/ev-1', { mocks: [...mocks, ...otherCards] });

const person = (id: string, name: string) => ({ __typename: 'User', id, name, email: `${id}@example.org`, phone: '9876543210', category: 'GRADUATE', status: 'ACTIVE' });
const asha = person('u-asha', 'Asha Verma');
const ravi = person('u-ravi', 'Ravi Kumar');

const eventMock = (registeredCount: number, overrides: Record<string, unknown> = {}) => ({
  request: { query: AdminEventDocument, variables: { id: 'ev-1' } },
  result: { data: { event: makeEvent({ id: 'ev-1', title: 'Career camp', registeredCount, maxParticipants: 5, ...overrides }) } },
});
const entry = (id: string, name: string, status: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'WaitlistEntry',
  id,
  position: null,
  userId: `u-${id}`,
  name,
  email: `${id}@example.org`,
  status,
  offeredUntil: null,
  createdAt: '2030-04-01T06:30:00.000Z',
  ...extra,
});
const waitlistMock = (entries: unknown[]) => ({
  request: { query: EventWaitlistDocument, variables: { eventId: 'ev-1' } },
  result: { data: { eventWaitlist: entries } },
});
const registrationsMock = (people: unknown[]) => ({
  request: { query: EventRegistrationsDocument, variables: { eventId: 'ev-1' } },
  result: { data: { eventRegistrations: people } },
});
const removeMock = (userId: string, result: MockLink.MockedResponse['result']): MockLink.MockedResponse => ({
  request: { query: RemoveEventRegistrationDocument, variables: { eventId: 'ev-1', userId } },
  result,
});
const removed = (registeredCount: number) => ({
  data: { removeEventRegistration: { __typename: 'EventRegistrationPayload', message: 'Registration removed', event: { __typename: 'Event', id: 'ev-1', registeredCount, isFull: false } } },
});

const registrationsCard = () => screen.getByRole('region', { name: /Registrations/ });
const registrationsRow = () => screen.getByText('Registrations', { selector: 'dt' }).closest('.detail-row') as HTMLElement;

describe('/admin/events/view/:id registrations', () => {
  let confirmSpy: jest.SpyInstance;
  beforeEach(() => {
    confirmSpy = jest.spyOn(window, 'confirm');
  });
  afterEach(() => confirmSpy.mockRestore());

  it('removes a registrant only after confirmation, then updates the list and the count', async () => {
    const remove = jest.fn(() => removed(1));
    const { user } = renderEventView({ mocks: [eventMock(2), registrationsMock([asha, ravi]), waitlistMock([]), removeMock('u-asha', remove)] });

    const button = await screen.findByRole('button', { name: 'Remove Asha Verma from this event' });
    expect(button).toHaveTextContent('Remove');
    expect(screen.getByRole('button', { name: 'Remove Ravi Kumar from this event' })).toBeInTheDocument();
    expect(within(registrationsRow()).getByText('2 / 5')).toBeInTheDocument();
    expect(within(registrationsCard()).getByText('(2)')).toBeInTheDocument();

    confirmSpy.mockReturnValueOnce(false);
    await user.click(button);
    expect(confirmSpy).toHaveBeenCalledWith('Remove Asha Verma from this event?');
    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByText('Asha Verma')).toBeInTheDocument();

    confirmSpy.mockReturnValueOnce(true);
    await user.click(button);
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    expect(await within(registrationsCard()).findByRole('status')).toHaveTextContent('Registration removed');
    await waitFor(() => expect(screen.queryByText('Asha Verma')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Remove Asha Verma from this event' })).not.toBeInTheDocument();
    expect(screen.getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(registrationsCard()).getByText('(1)')).toBeInTheDocument();
    expect(within(registrationsRow()).getByText('1 / 5')).toBeInTheDocument();
  });

  it("shows the server's message when the person was already removed, and reloads the list", async () => {
    const { user } = renderEventView({
      mocks: [
        eventMock(1),
        registrationsMock([asha]),
        waitlistMock([]),
        removeMock('u-asha', gqlError('This person is not registered for this event', 'NOT_FOUND')),
        registrationsMock([]),
      ],
    });
    confirmSpy.mockReturnValueOnce(true);
    await user.click(await screen.findByRole('button', { name: 'Remove Asha Verma from this event' }));
    expect(await within(registrationsCard()).findByRole('alert')).toHaveTextContent('This person is not registered for this event');
    expect(await screen.findByText('No registrations yet.')).toBeInTheDocument();
  });
});

const waitlistCard = () => screen.getByRole('region', { name: /Waiting list/ });
const detailRow = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('.detail-row') as HTMLElement;

describe('/admin/events/view/:id waiting list', () => {
  it('lists everyone on the waiting list with their position and status, and the counts', async () => {
    renderEventView({
      mocks: [
        eventMock(5, { isFull: true, waitlistCount: 2, waitlistOfferHours: 12 }),
        registrationsMock([]),
        waitlistMock([
          entry('w1', 'Meera Singh', 'offered', { offeredUntil: '2030-05-03T04:30:00.000Z' }),
          entry('w2', 'Kiran Yadav', 'waiting', { position: 1 }),
          entry('w3', 'Sunil Das', 'waiting', { position: 2 }),
          entry('w4', 'Pooja Rai', 'expired'),
          entry('w5', 'Arjun Mehta', 'accepted'),
          entry('w6', 'Neha Gupta', 'declined'),
          entry('w7', 'Vikram Shah', 'left'),
        ]),
      ],
    });
    const card = await screen.findByRole('region', { name: /Waiting list/ });
    const row = async (name: string) => (await within(card).findByText(name)).closest('tr') as HTMLElement;
    expect(within(await row('Meera Singh')).getByText('Offered until 3 May 2030, 10:00 am')).toBeInTheDocument();
    expect(await row('Kiran Yadav')).toHaveTextContent(/^1Kiran Yadav.*Waiting/);
    expect(await row('Sunil Das')).toHaveTextContent(/^2Sunil Das.*Waiting/);
    expect(within(await row('Pooja Rai')).getByText('Expired')).toBeInTheDocument();
    expect(within(await row('Arjun Mehta')).getByText('Accepted')).toBeInTheDocument();
    expect(within(await row('Neha Gupta')).getByText('Declined')).toBeInTheDocument();
    expect(within(await row('Vikram Shah')).getByText('Left')).toBeInTheDocument();
    expect(within(await row('Vikram Shah')).getByText('w7@example.org')).toBeInTheDocument();
    expect(within(card).getByRole('columnheader', { name: 'Position' })).toBeInTheDocument();
    expect(within(card).getByText('(2 waiting)')).toBeInTheDocument();
    expect(within(detailRow('Registrations')).getByText('5 / 5 (Full)')).toBeInTheDocument();
    expect(within(detailRow('Waiting list')).getByText('2 waiting')).toBeInTheDocument();
    expect(within(detailRow('Offer window')).getByText('12 hours')).toBeInTheDocument();
  });

  it('says when no one is waiting, and offers a retry when the list fails to load', async () => {
    const { user } = renderEventView({
      mocks: [
        eventMock(1),
        registrationsMock([asha]),
        { request: { query: EventWaitlistDocument, variables: { eventId: 'ev-1' } }, result: gqlError('You do not have permission to do this', 'FORBIDDEN') },
        waitlistMock([]),
      ],
    });
    await screen.findByText('Asha Verma');
    expect(await within(waitlistCard()).findByRole('alert')).toHaveTextContent('You do not have permission to do this');
    await user.click(within(waitlistCard()).getByRole('button', { name: 'Try again' }));
    expect(await within(waitlistCard()).findByText('No one is on the waiting list.')).toBeInTheDocument();
  });
});

describe('/admin/events/view/:id reminders and cancellation', () => {
  let confirmSpy: jest.SpyInstance;
  beforeEach(() => {
    confirmSpy = jest.spyOn(window, 'confirm');
  });
  afterEach(() => confirmSpy.mockRestore());

  it("asks before sending a reminder now, then shows how many were queued", async () => {
    const send = jest.fn(() => ({ data: { sendEventReminderNow: { __typename: 'ReminderQueuedPayload', queued: 2, message: '2 reminders queued' } } }));
    const { user } = renderEventView({
      mocks: [
        eventMock(3),
        registrationsMock([asha, ravi]),
        waitlistMock([]),
        { request: { query: SendEventReminderNowDocument, variables: { eventId: 'ev-1' } }, result: send },
      ],
    });
    const button = await screen.findByRole('button', { name: 'Send reminder now' });

    confirmSpy.mockReturnValueOnce(false);
    await user.click(button);
    expect(confirmSpy).toHaveBeenCalledWith('Send a reminder to the 3 registered people now? People who turned reminders off are skipped.');
    expect(send).not.toHaveBeenCalled();

    confirmSpy.mockReturnValueOnce(true);
    await user.click(button);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect((await screen.findByText('2 reminder(s) queued')).closest('[role="status"]')).not.toBeNull();
  });

  it("shows the server's refusal of a reminder", async () => {
    const { user } = renderEventView({
      mocks: [
        eventMock(1),
        registrationsMock([asha]),
        waitlistMock([]),
        { request: { query: SendEventReminderNowDocument, variables: { eventId: 'ev-1' } }, result: gqlError('This event has been cancelled.', 'EVENT_CANCELLED') },
      ],
    });
    confirmSpy.mockReturnValueOnce(true);
    await user.click(await screen.findByRole('button', { name: 'Send reminder now' }));
    expect(confirmSpy).toHaveBeenCalledWith('Send a reminder to the 1 registered person now? People who turned reminders off are skipped.');
    expect(await screen.findByRole('alert')).toHaveTextContent('This event has been cancelled.');
  });

  it('asks before cancelling, then shows the Cancelled badge and no cancel button', async () => {
    const cancelledAt = '2030-04-20T05:00:00.000Z';
    const cancel = jest.fn(() => ({
      data: { cancelEvent: makeEvent({ id: 'ev-1', title: 'Career camp', registeredCount: 2, maxParticipants: 5, cancelled: true, cancelledAt }) },
    }));
    const { user } = renderEventView({
      mocks: [
        eventMock(2),
        registrationsMock([asha, ravi]),
        waitlistMock([entry('w2', 'Kiran Yadav', 'waiting', { position: 1 })]),
        { request: { query: CancelEventDocument, variables: { id: 'ev-1' } }, result: cancel },
        waitlistMock([entry('w2', 'Kiran Yadav', 'waiting', { position: 1 })]),
      ],
    });
    const button = await screen.findByRole('button', { name: 'Cancel event' });
    expect(screen.queryByText('Cancelled')).not.toBeInTheDocument();

    confirmSpy.mockReturnValueOnce(false);
    await user.click(button);
    expect(confirmSpy).toHaveBeenCalledWith(
      'Cancel “Career camp”? Everyone registered and everyone on the waiting list gets a cancellation e-mail, once. This cannot be undone.',
    );
    expect(cancel).not.toHaveBeenCalled();

    confirmSpy.mockReturnValueOnce(true);
    await user.click(button);
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
    expect((await screen.findByText('Event cancelled')).closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText('Cancelled', { selector: '.badge' })).toBeInTheDocument();
    expect(within(detailRow('Cancelled on')).getByText('20 Apr 2030, 10:30 am')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel event' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reminder now' })).not.toBeInTheDocument();
  });

  it('shows a cancelled event with its badge and without the actions', async () => {
    renderEventView({
      mocks: [eventMock(0, { cancelled: true, cancelledAt: '2030-04-20T05:00:00.000Z' }), registrationsMock([]), waitlistMock([])],
    });
    expect(await screen.findByText('Cancelled', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel event' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reminder now' })).not.toBeInTheDocument();
  });
});
