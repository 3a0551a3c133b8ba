import { screen, within } from '@testing-library/react';
import { CreateEventDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { makeEvent } from '@/testing/mocks';

async function fillText(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(await screen.findByLabelText(/^Title/), 'Hybrid course');
  await user.selectOptions(screen.getByLabelText(/^Category/), 'PRIMARY');
  await user.type(screen.getByLabelText(/^Description/), 'In the hall and online');
  await user.type(screen.getByLabelText(/^Location/), 'Prayagraj');
}

describe('event form with sessions', () => {
  it("hides the event's own date fields once sessions are listed, saying the sessions give them, and brings them back without sessions", async () => {
    const { user } = renderRoute('/admin/events/new', { mocks: [] });
    await fillText(user);
    await user.type(screen.getByLabelText(/^Date/), '2030-05-01');
    await user.type(screen.getByLabelText(/^Time/), '10:00');
    expect(screen.queryByTestId('event-dates-from-sessions')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add sessions' }));
    // Two rows now: the one session so far and a new one; the event's own date and time fields are gone.
    expect(screen.queryByLabelText(/^Date/, { selector: '#event-date' })).toBeNull();
    expect(document.getElementById('event-time')).toBeNull();
    expect(document.getElementById('event-endDate')).toBeNull();
    expect(document.getElementById('event-endTime')).toBeNull();
    expect(screen.getByTestId('event-dates-from-sessions')).toHaveTextContent('Dates come from the sessions below: first session 2030-05-01 10:00');
    await user.click(screen.getByRole('button', { name: 'Remove session 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove session 1' }));
    expect(document.getElementById('event-date')).toHaveValue('2030-05-01');
    expect(screen.queryByTestId('event-dates-from-sessions')).toBeNull();
  });

  it("takes a meeting link per session (https only) and sends it with that session", async () => {
    const created = makeEvent({ id: 'ev-hybrid', title: 'Hybrid course' });
    const create = jest.fn(() => ({ data: { createEvent: created } }));
    const { user } = renderRoute('/admin/events/new', {
      mocks: [
        {
          request: {
            query: CreateEventDocument,
            variables: {
              input: {
                title: 'Hybrid course',
                category: 'PRIMARY',
                description: 'In the hall and online',
                date: '2030-05-01',
                time: '10:00',
                location: 'Prayagraj',
                waitlistOfferHours: 24,
                feedbackDelayHours: 2,
                sessions: [
                  { date: '2030-05-01', time: '10:00' },
                  { date: '2030-05-01', time: '14:00', meetingLink: 'https://meet.example.org/session-two' },
                ],
                certificateMinSessions: null,
              },
            },
          },
          result: create,
        },
      ],
    });
    await fillText(user);
    await user.type(screen.getByLabelText(/^Date/), '2030-05-01');
    await user.type(screen.getByLabelText(/^Time/), '10:00');
    await user.click(screen.getByRole('button', { name: 'Add sessions' }));
    const second = screen.getByRole('listitem', { name: 'Session 2' });
    await user.type(within(second).getByLabelText(/^Start time/), '14:00');
    const link = within(second).getByLabelText(/^Online meeting link/);
    expect(link).toHaveAccessibleDescription(/this session only/);
    await user.type(link, 'http://meet.example.org/session-two');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await within(second).findByText('Enter an https:// address')).toBeVisible();
    expect(create).not.toHaveBeenCalled();
    await user.clear(link);
    await user.type(link, 'https://meet.example.org/session-two');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await screen.findByText(/Hybrid course/, {}, { timeout: 3000 }).catch(() => undefined);
    expect(create).toHaveBeenCalled();
  });
});
