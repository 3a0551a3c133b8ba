import { screen, waitFor, within } from '@testing-library/react';
import { AdminEventsDocument, DeleteEventDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { makeEvent, page } from '@/testing/mocks';

type Vars = { filter?: { when?: string; search?: string }; offset: number };

const longTitle = 'Annual science exhibition 2026';
const eventsMock = (when: string, items: unknown[], extra: Partial<{ search: string; maxUsageCount: number }> = {}) => ({
  request: {
    query: AdminEventsDocument,
    variables: (v: Vars) => v.filter?.when === when && (v.filter?.search ?? '') === (extra.search ?? ''),
  },
  result: { data: { events: page(items, 'EventPage') } },
  maxUsageCount: extra.maxUsageCount ?? 1,
});

describe('/admin/events', () => {
  let confirmSpy: jest.SpyInstance;
  beforeEach(() => {
    confirmSpy = jest.spyOn(window, 'confirm');
  });
  afterEach(() => confirmSpy.mockRestore());

  it('cuts titles at 20 characters and keeps the full title available', async () => {
    renderRoute('/admin/events', { mocks: [eventsMock('ALL', [makeEvent({ title: longTitle }), makeEvent({ title: 'Short one' })])] });
    const cell = await screen.findByText('Annual science exhib...');
    expect(cell).toHaveAttribute('title', longTitle);
    expect(screen.queryByText(longTitle)).not.toBeInTheDocument();
    expect(screen.getByText('Short one')).toBeInTheDocument();
  });

  it('marks a cancelled event in the status column', async () => {
    renderRoute('/admin/events', { mocks: [eventsMock('ALL', [makeEvent({ title: 'Called off', cancelled: true }), makeEvent({ title: 'Still on' })])] });
    const cancelled = (await screen.findByText('Called off')).closest('tr') as HTMLElement;
    expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();
    expect(within(cancelled).queryByText('Upcoming')).not.toBeInTheDocument();
    expect(within(screen.getByText('Still on').closest('tr') as HTMLElement).getByText('Upcoming')).toBeInTheDocument();
  });

  it('asks the API for FUTURE events under Upcoming, ACTIVE under Active and PAST under Past', async () => {
    const { user, router } = renderRoute('/admin/events', {
      mocks: [
        eventsMock('ALL', [makeEvent({ title: 'Any event' })]),
        eventsMock('FUTURE', [makeEvent({ title: 'Tomorrow talk' })]),
        eventsMock('ACTIVE', [makeEvent({ title: 'Today workshop', timing: 'ACTIVE' })]),
        eventsMock('PAST', [makeEvent({ title: 'Last year fair', timing: 'PAST' })]),
      ],
    });
    expect(await screen.findByText('Any event')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upcoming' }));
    expect(await screen.findByText('Tomorrow talk')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upcoming' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?filter=upcoming');
    await user.click(screen.getByRole('button', { name: 'Active' }));
    expect(await screen.findByText('Today workshop')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Past' }));
    expect(await screen.findByText('Last year fair')).toBeInTheDocument();
  });

  it('searches and shows the empty text when nothing matches', async () => {
    const { user } = renderRoute('/admin/events', { mocks: [eventsMock('ALL', [makeEvent({ title: 'Any event' })]), eventsMock('ALL', [], { search: 'zzz' })] });
    expect(await screen.findByText('Any event')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search events by title, speaker or id' }), 'zzz');
    expect(await screen.findByText('No events found matching your criteria')).toBeInTheDocument();
  });

  it('deletes only after confirmation', async () => {
    const deleted = jest.fn(() => ({ data: { deleteEvent: { __typename: 'DeletePayload', id: 'ev-1', message: 'Event deleted' } } }));
    const ev = makeEvent({ id: 'ev-1', title: 'Old meetup' });
    const { user } = renderRoute('/admin/events', {
      mocks: [
        eventsMock('ALL', [ev]),
        { request: { query: DeleteEventDocument, variables: { id: 'ev-1' } }, result: deleted },
        eventsMock('ALL', []),
      ],
    });
    const button = await screen.findByRole('button', { name: 'Delete Old meetup' });

    confirmSpy.mockReturnValueOnce(false);
    await user.click(button);
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete this event?');
    expect(deleted).not.toHaveBeenCalled();

    confirmSpy.mockReturnValueOnce(true);
    await user.click(button);
    await waitFor(() => expect(deleted).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('status')).toHaveTextContent('Event deleted');
    expect(await screen.findByText('No events found matching your criteria')).toBeInTheDocument();
  });

  it('shows each event with its timing badge and registration count', async () => {
    renderRoute('/admin/events', { mocks: [eventsMock('ALL', [makeEvent({ title: 'Camp', timing: 'PAST', registeredCount: 7, maxParticipants: 40 })])] });
    const row = (await screen.findByText('Camp')).closest('tr')!;
    expect(within(row).getByText('Past')).toBeInTheDocument();
    expect(within(row).getByText('7 / 40')).toBeInTheDocument();
  });
});
