import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EventCountsByDayDocument, EventsDocument } from '@/gql/graphql';
import { setLanguage } from '@/i18n';
import { todayInIndia } from '@/lib/format';
import { renderWithProviders } from '@/testing/render';
import { EventsCalendarPage } from './events-calendar-page';

const [year, month] = todayInIndia().split('-').map(Number);
/** The first day of the month `ahead` months from this one (YYYY-MM-DD). */
const monthAhead = (ahead: number, day = 15) => {
  const d = new Date(Date.UTC(year, month - 1 + ahead, day));
  return d.toISOString().slice(0, 10);
};

const card = (id: string, title: string, date: string) => ({
  __typename: 'Event' as const,
  id,
  title,
  description: 'An event.',
  date,
  time: '18:00',
  location: 'Prayagraj',
  category: 'GENERAL' as const,
  imageUrl: null,
  imageSrcSet: null,
  isUpcoming: true,
  isRegistered: false,
  isFull: false,
  hasStarted: false,
  endDate: null,
  endTime: '19:00',
  cancelled: false,
  sessionCount: 1,
});

// One event left this month (late in it), five more in the next four months: the end of a month.
const upcoming = [
  card('e1', 'Storytelling Workshop', monthAhead(0, 28)),
  card('e2', 'Science Fair', monthAhead(1, 5)),
  card('e3', 'Maths Olympiad', monthAhead(1, 19)),
  card('e4', 'Career Guidance Camp', monthAhead(2, 10)),
  card('e5', 'Teacher Training', monthAhead(3, 3)),
  card('e6', 'Annual Day', monthAhead(4, 21)),
];
const page = (items: unknown[], limit: number) => ({ data: { events: { __typename: 'EventPage', items, total: items.length, offset: 0, limit } } });
const mocks = [
  { request: { query: EventsDocument, variables: { filter: { when: 'UPCOMING' }, offset: 0, limit: 100 } }, result: page(upcoming, 100) },
  { request: { query: EventsDocument, variables: { filter: { when: 'UPCOMING', month, year }, offset: 0, limit: 100 } }, result: page(upcoming.slice(0, 1), 100) },
  {
    request: { query: EventCountsByDayDocument, variables: { year, month, when: 'UPCOMING' } },
    result: { data: { eventCountsByDay: [{ __typename: 'DayCount', date: upcoming[0].date, count: 1 }] } },
  },
];

describe('the events page', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('opens on what is coming across months, under each month, not on this month alone', async () => {
    renderWithProviders(<EventsCalendarPage />, { mocks });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Coming up');
    expect(await screen.findByText('6 events coming up')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(6);
    const months = screen.getAllByRole('heading', { level: 2 });
    expect(months).toHaveLength(5);
    const inMonth = (i: number) => within(months[i].closest('section')!).getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
    expect(inMonth(0)).toEqual(['Storytelling Workshop']);
    expect(inMonth(1)).toEqual(['Science Fair', 'Maths Olympiad']);
    expect(months[1]).toHaveTextContent('2 events');
    expect(screen.getByRole('button', { name: 'Coming up' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('the month calendar with its counts is one tap away, and the list one tap back', async () => {
    renderWithProviders(<EventsCalendarPage />, { mocks });
    await screen.findByText('6 events coming up');
    await userEvent.click(screen.getByRole('button', { name: 'Month calendar' }));
    expect(screen.getByRole('button', { name: 'Month calendar' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Event type')).toHaveValue('upcoming');
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(await screen.findByText('1 event')).toBeInTheDocument();
    expect(await screen.findByTestId(`count-${upcoming[0].date}`)).toHaveTextContent('1');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Coming up' }));
    expect(await screen.findByText('6 events coming up')).toBeInTheDocument();
  });

  it('in Hindi', async () => {
    await act(() => setLanguage('hi'));
    renderWithProviders(<EventsCalendarPage />, { mocks });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('आने वाले कार्यक्रम');
    expect(await screen.findByText('6 कार्यक्रम आने वाले हैं')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'महीने का कैलेंडर' })).toBeInTheDocument();
  });

  it('with nothing coming, says so and offers the calendar (past events)', async () => {
    renderWithProviders(<EventsCalendarPage />, {
      mocks: [{ request: { query: EventsDocument, variables: { filter: { when: 'UPCOMING' }, offset: 0, limit: 100 } }, result: page([], 100) }, ...mocks.slice(1)],
    });
    expect(await screen.findByText('No upcoming events')).toBeInTheDocument();
    const open = screen.getByRole<HTMLButtonElement>('button', { name: 'Open the calendar' });
    // Without script, a GET of /events?view=calendar; before live, its press is kept (early-press).
    expect(open.form).toHaveAttribute('method', 'get');
    expect(open.form).toHaveAttribute('action', '/events');
    expect([open.type, open.name, open.value]).toEqual(['submit', 'view', 'calendar']);
    expect(open).toHaveAttribute('data-early-press', 'open-calendar');
    await userEvent.click(open);
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('the view switch and the filters are GET forms of this page, the filters kept before hydration (data-form)', async () => {
    renderWithProviders(<EventsCalendarPage />, { mocks });
    await screen.findByText('6 events coming up');
    const calendar = screen.getByRole<HTMLButtonElement>('button', { name: 'Month calendar' });
    expect(calendar.form).toHaveAttribute('action', '/events');
    expect([calendar.type, calendar.name, calendar.value]).toEqual(['submit', 'view', 'calendar']);
    await userEvent.click(calendar);
    const filters = screen.getByRole('form', { name: 'Filters' });
    expect(filters).toHaveAttribute('method', 'get');
    expect(filters).toHaveAttribute('data-form', 'events-filters');
    expect(within(filters).getByLabelText('Event type')).toHaveAttribute('name', 'type');
    expect(within(filters).getByRole('combobox', { name: 'Month' })).toHaveAttribute('name', 'month');
    expect(within(filters).getByRole('combobox', { name: 'Year' })).toHaveAttribute('name', 'year');
    expect(filters.querySelector('input[type=hidden][name=view]')).toHaveValue('calendar');
  });
});
