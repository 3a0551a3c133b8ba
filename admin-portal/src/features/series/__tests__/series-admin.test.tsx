import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminEventDocument, EventRegistrationsDocument, EventWaitlistDocument, RepeatEventDocument, UpdateEventDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { makeEvent } from '@/testing/mocks';

const viewMocks = (id: string, event: ReturnType<typeof makeEvent>, times = 1) => [
  { request: { query: AdminEventDocument, variables: { id } }, result: { data: { event } }, maxUsageCount: times },
  { request: { query: EventRegistrationsDocument, variables: { eventId: id } }, result: { data: { eventRegistrations: [] } }, maxUsageCount: times },
  { request: { query: EventWaitlistDocument, variables: { eventId: id } }, result: { data: { eventWaitlist: [] } }, maxUsageCount: times },
];

describe('Repeat (a series)', () => {
  it('opens its dialog, checks the count and the last date, and says how many dates it created', async () => {
    const event = makeEvent({ id: 'ev-1', title: 'Parents meeting', date: '2030-06-01', timing: 'UPCOMING' });
    const repeated = jest.fn(() => ({ data: { repeatEvent: { series: { id: 's-1', frequency: 'WEEKLY', until: null, count: 3 }, events: [{ id: 'ev-2', date: '2030-06-08' }, { id: 'ev-3', date: '2030-06-15' }] } } }));
    const { user } = renderRoute('/admin/events/view/ev-1', {
      mocks: [
        ...viewMocks('ev-1', event, 3),
        { request: { query: RepeatEventDocument, variables: { id: 'ev-1', input: { frequency: 'WEEKLY', count: 3 } } }, result: repeated },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Repeat' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Repeat this event' });
    const count = within(dialog).getByLabelText(/Number of dates/);
    await user.clear(count);
    await user.type(count, '60');
    await user.click(within(dialog).getByRole('button', { name: 'Create dates' }));
    expect(within(dialog).getByText('Choose from 2 to 52 dates')).toBeInTheDocument();
    expect(count).toHaveAttribute('aria-invalid', 'true');

    // Monthly, until a date: the note on the 29th-31st, and a last date before the event is refused.
    await user.selectOptions(within(dialog).getByLabelText('Repeat'), 'MONTHLY');
    expect(within(dialog).getByText(/last day of shorter months/)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('On a date'));
    fireEvent.change(within(dialog).getByLabelText(/Last date/), { target: { value: '2030-05-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create dates' }));
    expect(within(dialog).getByText('The last date must be after the event')).toBeInTheDocument();
    expect(repeated).not.toHaveBeenCalled();

    await user.click(within(dialog).getByLabelText('After a number of dates'));
    await user.selectOptions(within(dialog).getByLabelText('Repeat'), 'WEEKLY');
    const again = within(dialog).getByLabelText(/Number of dates/);
    await user.clear(again);
    await user.type(again, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create dates' }));
    await waitFor(() => expect(repeated).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('2 dates created')).toBeInTheDocument();
  });

  it('is not offered on a date already in a series; the page shows the meeting link', async () => {
    const event = makeEvent({ id: 'ev-2', date: '2030-06-08', timing: 'UPCOMING', seriesId: 's-1', isOnline: true, meetingLink: 'https://meet.example.org/a' });
    renderRoute('/admin/events/view/ev-2', { mocks: viewMocks('ev-2', event) });
    expect(await screen.findByRole('link', { name: 'https://meet.example.org/a' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Repeat' })).not.toBeInTheDocument();
    expect(screen.getByText('Part of a series')).toBeInTheDocument();
  });
});

describe('editing a date of a series, and the meeting link', () => {
  it("asks this or the following ones, sends applyTo FOLLOWING and the link; checks the link is https", async () => {
    const event = makeEvent({ id: 'ev-3', title: 'Weekly class', date: '2030-06-01', time: '10:00', seriesId: 's-1' });
    const update = jest.fn(() => ({ data: { updateEvent: { ...event, meetingLink: 'https://meet.example.org/b', isOnline: true } } }));
    const { user } = renderRoute('/admin/events/edit/ev-3', {
      mocks: [
        { request: { query: AdminEventDocument, variables: { id: 'ev-3' } }, result: { data: { event } } },
        {
          request: { query: UpdateEventDocument, variables: (v: { id: string; input: { applyTo?: string; meetingLink?: string } }) => v.id === 'ev-3' && v.input.applyTo === 'FOLLOWING' && v.input.meetingLink === 'https://meet.example.org/b' },
          result: update,
        },
        ...viewMocks('ev-3', event),
      ],
    });
    await screen.findByDisplayValue('Weekly class');
    const group = screen.getByRole('group', { name: 'Apply the changes to' });
    expect(within(group).getByLabelText('This event only')).toBeChecked();
    const link = screen.getByLabelText('Online meeting link');
    expect(link).toHaveAccessibleDescription(/Shown only to registered people and admins/);
    await user.type(link, 'http://meet.example.org/b');
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Enter an https:// address')).toBeInTheDocument();
    await user.clear(link);
    await user.type(link, 'https://meet.example.org/b');
    await user.click(within(group).getByLabelText('This and the following events of the series'));
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
  });

  it('does not ask for a single event', async () => {
    const event = makeEvent({ id: 'ev-4', title: 'One-off', date: '2030-06-01', time: '10:00' });
    renderRoute('/admin/events/edit/ev-4', { mocks: [{ request: { query: AdminEventDocument, variables: { id: 'ev-4' } }, result: { data: { event } } }] });
    await screen.findByDisplayValue('One-off');
    expect(screen.queryByRole('group', { name: 'Apply the changes to' })).not.toBeInTheDocument();
  });
});
