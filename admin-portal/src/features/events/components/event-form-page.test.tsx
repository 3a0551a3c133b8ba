import { screen, waitFor } from '@testing-library/react';
import { AdminEventDocument, CreateEventDocument, EventRegistrationsDocument, EventWaitlistDocument, UpdateEventDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { gqlError, makeEvent } from '@/testing/mocks';
import { isOfferHours } from '../lib/event-rules';

const offerField = () => screen.getByRole('spinbutton', { name: /Offer window \(hours\)/ });

async function fillRequired(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(await screen.findByLabelText(/^Title/), 'Career camp');
  await user.selectOptions(screen.getByLabelText(/^Category/), 'GRADUATE');
  await user.type(screen.getByLabelText(/^Description/), 'Guidance for graduates');
  await user.type(screen.getByLabelText(/^Date/), '2030-05-01');
  await user.type(screen.getByLabelText(/^Time/), '10:00');
  await user.type(screen.getByLabelText(/^Location/), 'Prayagraj');
}

const viewMocks = (id: string, event: ReturnType<typeof makeEvent>) => [
  { request: { query: AdminEventDocument, variables: { id } }, result: { data: { event } } },
  { request: { query: EventRegistrationsDocument, variables: { eventId: id } }, result: { data: { eventRegistrations: [] } } },
  { request: { query: EventWaitlistDocument, variables: { eventId: id } }, result: { data: { eventWaitlist: [] } } },
];

describe('event form: offer window', () => {
  it('accepts whole hours from 1 to 168', () => {
    expect(['1', '24', '168', ' 48 '].every(isOfferHours)).toBe(true);
    expect(['', '0', '169', '1.5', '-3', 'abc'].some(isOfferHours)).toBe(false);
  });

  it('defaults to 24 hours, validates the range, and sends the hours with a new event', async () => {
    const created = makeEvent({ id: 'ev-new', title: 'Career camp', waitlistOfferHours: 48 });
    const create = jest.fn(() => ({ data: { createEvent: created } }));
    const { user, router } = renderRoute('/admin/events/new', {
      mocks: [
        {
          request: {
            query: CreateEventDocument,
            variables: {
              input: {
                title: 'Career camp',
                category: 'GRADUATE',
                description: 'Guidance for graduates',
                date: '2030-05-01',
                time: '10:00',
                location: 'Prayagraj',
                waitlistOfferHours: 48,
                feedbackDelayHours: 2,
              },
            },
          },
          result: create,
        },
        ...viewMocks('ev-new', created),
      ],
    });
    await fillRequired(user);
    const field = offerField();
    expect(field).toHaveValue(24);
    expect(field).toHaveAccessibleDescription(/has this long to accept it/);

    for (const bad of ['0', '169', '']) {
      await user.clear(field);
      if (bad) await user.type(field, bad);
      await user.click(screen.getByRole('button', { name: 'Create Event' }));
      expect(await screen.findByText('Offer window must be a whole number of hours from 1 to 168')).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(/Offer window must be a whole number of hours from 1 to 168/);
    }
    expect(create).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '48');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/events/view/ev-new'));
    expect(await screen.findByText('48 hours')).toBeInTheDocument();
  });

  it("shows the event's offer window when editing, and the server's message for the field", async () => {
    const event = makeEvent({ id: 'ev-5', title: 'Science fair', date: '2030-06-01', time: '09:30', waitlistOfferHours: 6 });
    const { user } = renderRoute('/admin/events/edit/ev-5', {
      mocks: [
        { request: { query: AdminEventDocument, variables: { id: 'ev-5' } }, result: { data: { event } } },
        {
          request: { query: UpdateEventDocument, variables: (v: { id: string; input: { waitlistOfferHours?: number } }) => v.id === 'ev-5' && v.input.waitlistOfferHours === 12 },
          result: gqlError('Please check the highlighted fields.', 'VALIDATION', { fields: { waitlistOfferHours: 'The offer window cannot be changed while an offer is open' } }),
        },
      ],
    });
    await screen.findByDisplayValue('Science fair');
    const field = offerField();
    expect(field).toHaveValue(6);
    await user.clear(field);
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('The offer window cannot be changed while an offer is open')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});
