import { screen, waitFor, within } from '@testing-library/react';
import { AdminEventsDocument, DeleteEventDocument } from '@/gql/graphql';
import { renderRoute } from '@/testing/render-route';
import { eventTranslations, makeEvent, page } from '@/testing/mocks';

type Vars = { filter?: { when?: string; search?: string; missingLanguage?: string; order?: string }; offset: number };

const longTitle = 'Annual science exhibition 2026';
const eventsMock = (when: string, items: unknown[], extra: Partial<{ search: string; maxUsageCount: number }> = {}) => ({
  request: {
    query: AdminEventsDocument,
    variables: (v: Vars) =>
      v.filter?.when === when && (v.filter?.search ?? '') === (extra.search ?? '') && !v.filter?.missingLanguage && v.filter?.order === 'UPCOMING_FIRST',
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

  it('shows each title in full (it wraps in its column), never cut', async () => {
    renderRoute('/admin/events', { mocks: [eventsMock('ALL', [makeEvent({ title: longTitle }), makeEvent({ title: 'Short one' })])] });
    const cell = await screen.findByText(longTitle);
    expect(cell.closest('td')).toHaveClass('event-title-cell');
    expect(screen.queryByText(/\.\.\.|…/)).not.toBeInTheDocument();
    expect(screen.getByText('Short one')).toBeInTheDocument();
  });

  it('asks the API for upcoming events first and past events after, and shows them in that order', async () => {
    const upcomingFirst = [
      makeEvent({ title: 'Today workshop', timing: 'ACTIVE' }),
      makeEvent({ title: 'Next week talk', timing: 'UPCOMING' }),
      makeEvent({ title: 'Last month fair', timing: 'PAST' }),
      makeEvent({ title: 'Last year camp', timing: 'PAST' }),
    ];
    renderRoute('/admin/events', { mocks: [eventsMock('ALL', upcomingFirst)] });
    await screen.findByText('Today workshop');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('.event-title-cell .cell-stack > span')?.textContent)).toEqual(['Today workshop', 'Next week talk', 'Last month fair', 'Last year camp']);
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

  it("marks events not written in Hindi: 'No Hindi' with none of it, 'Hindi incomplete' with part of it", async () => {
    renderRoute('/admin/events', {
      mocks: [
        eventsMock('ALL', [
          makeEvent({ title: 'Untranslated' }),
          makeEvent({ title: 'Half done', translations: eventTranslations({ title: 'Half done' }, { title: 'आधा' }) }),
          makeEvent({ title: 'Both languages', missingLanguages: [], translations: eventTranslations({}, { title: 'दोनों', description: 'विवरण', location: 'प्रयागराज' }) }),
        ]),
      ],
    });
    const row = async (title: string) => within((await screen.findByText(title)).closest('tr') as HTMLElement);
    expect((await row('Untranslated')).getByText('No Hindi')).toBeInTheDocument();
    expect((await row('Half done')).getByText('Hindi incomplete')).toBeInTheDocument();
    expect((await row('Half done')).queryByText('No Hindi')).not.toBeInTheDocument();
    const complete = await row('Both languages');
    expect(complete.queryByText('No Hindi')).not.toBeInTheDocument();
    expect(complete.queryByText('Hindi incomplete')).not.toBeInTheDocument();
  });

  it("filters to events missing Hindi: missingLanguage 'hi' in the query, kept in the URL with the other filters", async () => {
    const missing = jest.fn(() => ({ data: { events: page([makeEvent({ title: 'Needs Hindi' })], 'EventPage') } }));
    const { user, router } = renderRoute('/admin/events?filter=upcoming', {
      mocks: [
        eventsMock('FUTURE', [makeEvent({ title: 'Any event' }), makeEvent({ title: 'Needs Hindi' })]),
        { request: { query: AdminEventsDocument, variables: (v: Vars) => v.filter?.when === 'FUTURE' && v.filter?.missingLanguage === 'hi' }, result: missing },
        eventsMock('FUTURE', [makeEvent({ title: 'Any event' })]),
      ],
    });
    expect(await screen.findByText('Any event')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Missing Hindi' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    await waitFor(() => expect(missing).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Needs Hindi')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Any event')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Missing Hindi' })).toHaveAttribute('aria-pressed', 'true');
    expect(new URLSearchParams(router.state.location.search).get('missing')).toBe('hi');
    expect(new URLSearchParams(router.state.location.search).get('filter')).toBe('upcoming');

    await user.click(screen.getByRole('button', { name: 'Missing Hindi' }));
    expect(new URLSearchParams(router.state.location.search).get('missing')).toBeNull();
  });

  it('reads the Missing Hindi filter from the URL', async () => {
    const missing = jest.fn(() => ({ data: { events: page([makeEvent({ title: 'Needs Hindi' })], 'EventPage') } }));
    renderRoute('/admin/events?missing=hi', {
      mocks: [{ request: { query: AdminEventsDocument, variables: (v: Vars) => v.filter?.when === 'ALL' && v.filter?.missingLanguage === 'hi' }, result: missing }],
    });
    expect(await screen.findByText('Needs Hindi')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Missing Hindi' })).toHaveAttribute('aria-pressed', 'true');
  });
});
