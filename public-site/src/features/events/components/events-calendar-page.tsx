import { useId, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/translator';
import { formatEventDate, formatMonthYear, monthName, todayInIndia } from '@/lib/format';
import { useLocale } from '@/i18n/use-locale';
import { ErrorAlert } from '@/components/ui/error-alert';
import { EmptyState } from '@/components/ui/empty-state';
import { Loading } from '@/components/ui/loading';
import { errorMessageKey } from '@/lib/errors';
import { useEventCountsByDay, useEvents, MAX_EVENTS_PAGE } from '../api/use-events';
import { notOver } from '@/lib/date-time';
import {
  buildMonthGrid,
  filterByDay,
  inMonth,
  isEventType,
  toggleDay,
  whenForType,
  yearOptions,
  type EventType,
} from '../lib/calendar-grid';
import { CalendarGridView } from './calendar-grid-view';
import { EventCard } from './event-card';
import { UpcomingEventsList } from './upcoming-events-list';
import './events.css';

/** The events page's two views: what is coming, across months (first), and the month calendar. */
export type EventsView = 'next' | 'calendar';

function currentYearMonth(): { year: number; month: number } {
  const [y, m] = todayInIndia().split('-').map(Number);
  return { year: y, month: m };
}

/** Two buttons that switch the view: the calendar is one tap from the list of what is coming, and back. */
function ViewSwitch({ view, onChange }: { view: EventsView; onChange: (view: EventsView) => void }) {
  const { t } = useTranslation();
  const options: Array<[EventsView, string]> = [
    ['next', t('calendar.viewNext')],
    ['calendar', t('calendar.viewCalendar')],
  ];
  return (
    <div className="view-switch" role="group" aria-label={t('calendar.views')}>
      {options.map(([value, label]) => (
        <button key={value} type="button" className="view-switch__option" aria-pressed={view === value} onClick={() => onChange(value)}>
          {label}
        </button>
      ))}
    </div>
  );
}

/**
 * /events: opens on the events to come, across months (the end of a month never looks like the end of
 * the events); the month calendar with its counts and filters is one tap away.
 */
export function EventsCalendarPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<EventsView>('next');
  if (view === 'calendar') return <EventsMonthCalendar onViewChange={setView} />;
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
function EventsMonthCalendar({ onViewChange }: { onViewChange: (view: EventsView) => void }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const today = todayInIndia();
  const current = useMemo(currentYearMonth, []);
  const [type, setType] = useState<EventType>('upcoming');
  const [month, setMonth] = useState(current.month);
  const [year, setYear] = useState(current.year);
  const listHeadingId = useId();
  const [selectedDate, setSelectedDate] = useState<string | null>(null);

  const when = whenForType(type);
  const eventsQuery = useEvents({ when, month, year }, MAX_EVENTS_PAGE);
  const countsQuery = useEventCountsByDay(year, month, when);

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
      setType(value);
      setSelectedDate(null);
    }
  };

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

      <form className="filters" aria-label={t('calendar.filters')} onSubmit={(e) => e.preventDefault()}>
        <label className="field field--inline">
          <span className="field__label">{t('calendar.type')}</span>
          <select className="field__control" value={type} onChange={(e) => changeType(e.target.value)}>
            <option value="upcoming">{t('calendar.typeUpcoming')}</option>
            <option value="past">{t('calendar.typePast')}</option>
            <option value="all">{t('calendar.typeAll')}</option>
          </select>
        </label>
        <label className="field field--inline">
          <span className="field__label">{t('calendar.month')}</span>
          <select
            className="field__control"
            value={month}
            onChange={(e) => {
              setMonth(Number(e.target.value));
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
            className="field__control"
            value={year}
            onChange={(e) => {
              setYear(Number(e.target.value));
              setSelectedDate(null);
            }}
          >
            {yearOptions(current.year).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      </form>

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
