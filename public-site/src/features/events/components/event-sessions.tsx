import { useTranslation } from '@/i18n/translator';
import { formatEventDate, formatEventTime, formatNumber } from '@/lib/format';
import { useLocale } from '@/i18n/use-locale';
import { OnlineBadge } from '@/features/online/components/online-badge';
import './event-sessions.css';

/** A session as the event page and 'My events' read it (title and place in the reader's language, null: the event's). */
export interface ShownSession {
  id: string;
  /** Absent while only the card's fields are loaded: the list waits for the event. */
  date?: string;
  time?: string;
  endTime?: string | null;
  title?: string | null;
  location?: string | null;
  /** It has an online meeting of its own (the link: the meeting-link panel, for registrants). */
  isOnline?: boolean | null;
}

/** "10 sessions" under a card's date, for an event of several sessions; nothing for one. */
export function SessionCount({ count, className = 'event-card__sessions' }: { count: number; className?: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (count < 2) return null;
  return <p className={className}>{t('sessions.count', { count, n: formatNumber(count, locale) })}</p>;
}

function SessionWhen({ session }: { session: Required<Pick<ShownSession, 'date' | 'time'>> & ShownSession }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const start = formatEventTime(session.time, locale);
  const time = session.endTime ? t('sessions.timeRange', { start, end: formatEventTime(session.endTime, locale) }) : start;
  return (
    <time dateTime={`${session.date}T${session.time}`}>
      {t('events.dateTime', { date: formatEventDate(session.date, locale, 'long'), time })}
    </time>
  );
}

/**
 * The sessions of an event of several (its page; on 'My events' with whether the reader came to each).
 * Nothing for a one-session event, whose date and time the page shows already.
 */
export function EventSessionList({
  sessions,
  attended,
  headingLevel = 2,
}: {
  sessions?: readonly ShownSession[] | null;
  /** The ids of the sessions the reader attended (given on 'My events'). */
  attended?: ReadonlySet<string>;
  headingLevel?: 2 | 3 | 4;
}) {
  const { t } = useTranslation();
  if (!sessions || sessions.length < 2 || !sessions[0].date) return null;
  const Heading = `h${headingLevel}` as const;
  const headingId = `sessions-${sessions[0].id}`;
  return (
    <section className="event-sessions" aria-labelledby={headingId}>
      <Heading id={headingId} className="event-sessions__heading">
        {attended ? t('sessions.attendanceHeading', { attended: sessions.filter((s) => attended.has(s.id)).length, total: sessions.length }) : t('sessions.heading', { count: sessions.length })}
      </Heading>
      <ol className="event-sessions__list">
        {sessions.map((s, i) => (
          <li key={s.id} className="event-sessions__item">
            <span className="event-sessions__number">{t('sessions.number', { n: i + 1 })}</span>
            <span className="event-sessions__body">
              {s.title ? <span className="event-sessions__title">{s.title}</span> : null}
              {s.date && s.time ? <SessionWhen session={{ ...s, date: s.date, time: s.time }} /> : null}
              {s.location ? <span className="event-sessions__place">{s.location}</span> : null}
              {s.isOnline ? <OnlineBadge event={s} /> : null}
            </span>
            {attended ? (
              <span className={`event-sessions__attended ${attended.has(s.id) ? 'event-sessions__attended--yes' : ''}`.trim()}>
                {attended.has(s.id) ? t('myEvents.attended') : t('myEvents.notAttended')}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
