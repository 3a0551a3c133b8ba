import { useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { formatEventDate, formatMonthYear, monthName, todayInIndia } from '@/lib/format';
import { useLocale } from '@/i18n/use-locale';
import { ErrorAlert } from '@/components/ui/error-alert';
import { EmptyState } from '@/components/ui/empty-state';
import { Loading } from '@/components/ui/loading';
import { errorMessageKey } from '@/lib/errors';
import { usePageQuery } from '@/rendering/use-page-query';
import { earlyPress, useEarlyPresses } from '@/rendering/early-press';
import { useEarlyInput } from '@/lib/early-input';
import { GetForm } from '@/components/ui/get-form';
import { paths } from '@/config/paths';
import { notOver } from '@/lib/date-time';
import {
  buildMonthGrid,
  filterByDay,
  inMonth,
  isEventType,
  toggleDay,
  whenForType,
  yearOptions,
} from '../lib/calendar-grid';
import { eventsPageSearch, eventsPageState, monthQueries, type EventsPageState, type EventsView } from '../lib/events-page-state';
import { CalendarGridView } from './calendar-grid-view';
import { EventCard } from './event-card';
import { UpcomingEventsList } from './upcoming-events-list';
import './events.css';

export type { EventsView };

/** The filters' form key: a choice made in it before the page is live is kept (lib/early-input). */
const FILTERS_FORM = 'events-filters';

/** The page's state, kept in its URL (so the server draws the view and month asked for): read and changed. */
function useEventsPageState(): [EventsPageState, (change: Partial<EventsPageState>) => void] {
  const [search, setSearch] = useSearchParams();
  const state = eventsPageState(search);
  const change = (next: Partial<EventsPageState>) => setSearch(eventsPageSearch({ ...state, ...next }), { replace: true, preventScrollReset: true });
  return [state, change];
}

/**
 * Two buttons that switch the view: the calendar is one tap from the list of what is coming, and back.
 * Without script they send `?view=` (a GET form): the server draws that view.
 */
function ViewSwitch({ view, onChange }: { view: EventsView; onChange: (view: EventsView) => void }) {
  const { t } = useTranslation();
  const options: Array<[EventsView, string]> = [
    ['next', t('calendar.viewNext')],
    ['calendar', t('calendar.viewCalendar')],
  ];
  const group = useRef<HTMLDivElement>(null);
  useEarlyPresses(group);
  // The group is a <div>: a <form> may not be a group (ARIA in HTML); the form inside takes no box.
  return (
    <div className="view-switch" role="group" aria-label={t('calendar.views')} ref={group}>
      <GetForm action={paths.events.getHref()} inline>
        {options.map(([value, label]) => (
          <button
            key={value}
            type="submit"
            name="view"
            value={value}
            className="view-switch__option"
            aria-pressed={view === value}
            onClick={() => onChange(value)}
            {...earlyPress(`view:${value}`)}
          >
            {label}
          </button>
        ))}
      </GetForm>
    </div>
  );
}

/**
 * /events: opens on the events to come, across months (the end of a month never looks like the end of
 * the events); the month calendar with its counts and filters is one tap away.
 */
export function EventsCalendarPage() {
  const { t } = useTranslation();
  const [state, change] = useEventsPageState();
  const setView = (view: EventsView) => change({ view });
  if (state.view === 'calendar') return <EventsMonthCalendar state={state} change={change} />;
  return (
    <div className="container section events-page">
      <header className="events-page__header">
        <p className="eyebrow">{t('calendar.heading')}</p>
        <h1 className="page-title">{t('calendar.comingUp')}</h1>
      </header>
      <ViewSwitch view="next" onChange={setView} />
      <div className="events-page__upcoming">
        <UpcomingEventsList onOpenCalendar={() => setView('calendar')} />
      </div>
    </div>
  );
}

/** The month calendar: counts by day, type, month and year filters, and the month's events. */
function EventsMonthCalendar({ state, change }: { state: EventsPageState; change: (change: Partial<EventsPageState>) => void }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const today = todayInIndia();
  const currentYear = Number(today.slice(0, 4));
  const { type, month, year } = state;
  const onViewChange = (view: EventsView) => change({ view });
  const listHeadingId = useId();
  const [selectedDate, setSelectedDate] = useState<string | null>(null);

  const when = whenForType(type);
  const queries = monthQueries(state);
  const eventsQuery = usePageQuery(queries.events);
  const countsQuery = usePageQuery(queries.counts);

  const weeks = useMemo(
    () => buildMonthGrid(year, month, countsQuery.data?.eventCountsByDay ?? [], today),
    [year, month, countsQuery.data, today],
  );
  const monthEvents = useMemo(() => {
    const items = eventsQuery.data?.events.items ?? [];
    // The API's UPCOMING is by date: an event that ended earlier today is not upcoming any more (lib/date-time).
    return inMonth(when === 'UPCOMING' ? notOver(items) : items, year, month);
  }, [eventsQuery.data, year, month, when]);
  const shown = filterByDay(monthEvents, type, selectedDate);

  const changeType = (value: string) => {
    if (isEventType(value)) {
      change({ type: value });
      setSelectedDate(null);
    }
  };

  // A choice made in the served filters before the page was live: React's state still has the served one.
  useEarlyInput(
    FILTERS_FORM,
    () => ({ type, month: String(month), year: String(year) }),
    (chosen) => {
      // Read as the site server reads the same form sent without script (eventsPageState).
      const asked = eventsPageState(new URLSearchParams({ view: 'calendar', type, month: String(month), year: String(year), ...chosen }));
      const next: Partial<EventsPageState> = { type: asked.type, month: asked.month, year: asked.year };
      if (next.type === type && next.month === month && next.year === year) return;
      setSelectedDate(null);
      // After this commit's layout effects: the router ignores a navigation before its own have run.
      queueMicrotask(() => change(next));
    },
  );

  let list;
  if (eventsQuery.loading && !eventsQuery.data) {
    list = <Loading label={t('events.loading')} />;
  } else if (eventsQuery.error) {
    list = <ErrorAlert>{t('common.error', { message: t(errorMessageKey(eventsQuery.error)) })}</ErrorAlert>;
  } else if (shown.length === 0) {
    list = <EmptyState title={t('events.noEvents')}>{t('events.noEventsHint')}</EmptyState>;
  } else {
    list = (
      <>
        <p className="events-page__count" aria-live="polite">
          {t('calendar.resultCount', { count: shown.length })}
        </p>
        <ul className="event-grid">
          {shown.map((event) => (
            <li key={event.id}>
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="container section events-page">
      <header className="events-page__header">
        <p className="eyebrow">{t('calendar.heading')}</p>
        <h1 className="page-title">{formatMonthYear(year, month, locale)}</h1>
      </header>
      <ViewSwitch view="calendar" onChange={onViewChange} />

      {/* Without script a GET of this page (the server draws the month, eventsPageState); the selects apply at once when live. */}
      <GetForm action={paths.events.getHref()} fields={{ view: 'calendar' }} className="filters" aria-label={t('calendar.filters')} data-form={FILTERS_FORM}>
        <label className="field field--inline">
          <span className="field__label">{t('calendar.type')}</span>
          <select name="type" className="field__control" value={type} onChange={(e) => changeType(e.target.value)}>
            <option value="upcoming">{t('calendar.typeUpcoming')}</option>
            <option value="past">{t('calendar.typePast')}</option>
            <option value="all">{t('calendar.typeAll')}</option>
          </select>
        </label>
        <label className="field field--inline">
          <span className="field__label">{t('calendar.month')}</span>
          <select
            name="month"
            className="field__control"
            value={month}
            onChange={(e) => {
              change({ month: Number(e.target.value) });
              setSelectedDate(null);
            }}
          >
            {Array.from({ length: 12 }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {monthName(i + 1, locale)}
              </option>
            ))}
          </select>
        </label>
        <label className="field field--inline">
          <span className="field__label">{t('calendar.year')}</span>
          <select
            name="year"
            className="field__control"
            value={year}
            onChange={(e) => {
              change({ year: Number(e.target.value) });
              setSelectedDate(null);
            }}
          >
            {yearOptions(currentYear).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit" className="button button--secondary filters__submit">
            {t('calendar.showFiltered')}
          </button>
        </noscript>
      </GetForm>

      <div className="events-page__layout">
        <div className="events-page__calendar">
          <CalendarGridView
            year={year}
            month={month}
            weeks={weeks}
            selectable={type === 'all'}
            selectedDate={selectedDate}
            onSelectDay={(date) => setSelectedDate((s) => toggleDay(s, date))}
          />
          {type === 'all' ? (
            selectedDate ? (
              <p className="events-page__day">
                {t('calendar.selectedDay', { date: formatEventDate(selectedDate, locale, 'long') })}{' '}
                <button type="button" className="link-button" onClick={() => setSelectedDate(null)}>
                  {t('calendar.clearDay')}
                </button>
              </p>
            ) : (
              <p className="events-page__hint">{t('calendar.dayHint')}</p>
            )
          ) : null}
        </div>
        <section className="events-page__list" aria-labelledby={listHeadingId}>
          <h2 id={listHeadingId} className="visually-hidden">
            {t('nav.events')}
          </h2>
          {list}
        </section>
      </div>
    </div>
  );
}
