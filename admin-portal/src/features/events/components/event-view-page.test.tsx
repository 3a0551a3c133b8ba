import { screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { AdminEventDocument, EventRegistrationsDocument, RemoveEventRegistrationDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { gqlError, makeEvent } from '@/testing/mocks';

const person = (id: string, name: string) => ({ __typename: 'User', id, name, email: `${id}@example.org`, phone: '9876543210', category: 'GRADUATE', status: 'ACTIVE' });
const asha = person('u-asha', 'Asha Verma');
const ravi = person('u-ravi', 'Ravi Kumar');

const eventMock = (registeredCount: number) => ({
  request: { query: AdminEventDocument, variables: { id: 'ev-1' } },
  result: { data: { event: makeEvent({ id: 'ev-1', title: 'Career camp', registeredCount, maxParticipants: 5 }) } },
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
    const { user } = renderRoute('/admin/events/view/ev-1', { mocks: [eventMock(2), registrationsMock([asha, ravi]), removeMock('u-asha', remove)] });

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
    const { user } = renderRoute('/admin/events/view/ev-1', {
      mocks: [
        eventMock(1),
        registrationsMock([asha]),
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
