import { useId, useRef } from 'react';
import { paths } from '@/config/paths';
import { GetForm } from '@/components/ui/get-form';
import { earlyPress, useEarlyPresses } from '@/rendering/early-press';
import { useTranslation } from '@/i18n/translator';
import { formatMonthYear } from '@/lib/format';
import { useLocale } from '@/i18n/use-locale';
import { ErrorAlert } from '@/components/ui/error-alert';
import { EmptyState } from '@/components/ui/empty-state';
import { Loading } from '@/components/ui/loading';
import { errorMessageKey } from '@/lib/errors';
import { notOver } from '@/lib/date-time';
import { useEvents, MAX_EVENTS_PAGE } from '../api/use-events';
import { EventCard, type EventCardEvent } from './event-card';

/** Events in date order, in runs of the same month (YYYY-MM). */
export function groupByMonth(events: readonly EventCardEvent[]): Array<{ key: string; year: number; month: number; events: EventCardEvent[] }> {
  const groups: Array<{ key: string; year: number; month: number; events: EventCardEvent[] }> = [];
  for (const event of events) {
    const key = event.date.slice(0, 7);
    const last = groups.at(-1);
    if (last?.key === key) last.events.push(event);
    else groups.push({ key, year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)), events: [event] });
  }
  return groups;
}

function MonthOfEvents({ year, month, events }: { year: number; month: number; events: EventCardEvent[] }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const headingId = useId();
  return (
    <section className="events-month" aria-labelledby={headingId}>
      <h2 id={headingId} className="events-month__heading">
        {formatMonthYear(year, month, locale)} <span className="events-month__count">{t('calendar.resultCount', { count: events.length })}</span>
      </h2>
      <ul className="event-grid">
        {events.map((event) => (
          <li key={event.id}>
            <EventCard event={event} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What is coming, across months: every upcoming event in date order under its month's heading, so that
 * the end of a month never looks like the end of the events.
 */
export function UpcomingEventsList({ onOpenCalendar }: { onOpenCalendar: () => void }) {
  const { t } = useTranslation();
  const query = useEvents({ when: 'UPCOMING' }, MAX_EVENTS_PAGE);
  // "Open the calendar" pressed before the list is live is pressed again once it is.
  const empty = useRef<HTMLDivElement>(null);
  const formId = useId();
  useEarlyPresses(empty);
  if (query.loading && !query.data) return <Loading label={t('events.loading')} />;
  if (query.error) return <ErrorAlert>{t('common.error', { message: t(errorMessageKey(query.error)) })}</ErrorAlert>;
  const listed = query.data?.events.items ?? [];
  const items = notOver(listed);
  const total = (query.data?.events.total ?? listed.length) - (listed.length - items.length);
  if (items.length === 0) {
    return (
      <div ref={empty}>
        <EmptyState title={t('calendar.noUpcoming')}>
          {t('calendar.noUpcomingHint')}{' '}
          {/* Without script it submits the form below (a form cannot sit in the hint's <p>): a GET of ?view=calendar. */}
          <button type="submit" form={formId} name="view" value="calendar" className="link-button" onClick={onOpenCalendar} {...earlyPress('open-calendar')}>
            {t('calendar.openCalendar')}
          </button>
        </EmptyState>
        <GetForm action={paths.events.getHref()} id={formId} inline />
      </div>
    );
  }
  return (
    <>
      <p className="events-page__count" aria-live="polite">
        {t('calendar.upcomingCount', { count: total })}
      </p>
      {groupByMonth(items).map((group) => (
        <MonthOfEvents key={group.key} year={group.year} month={group.month} events={group.events} />
      ))}
    </>
  );
}
