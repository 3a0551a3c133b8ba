import { useEffect, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { apiPaths, paths } from '@/config/paths';
import type { MyEventsQuery } from '@/gql/graphql';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Icon } from '@/components/ui/icon';
import { Loading } from '@/components/ui/loading';
import { clearAuthToken, useAuthToken } from '@/lib/auth-token';
import { formatMoment } from '@/lib/date-time';
import { errorCode } from '@/lib/errors';
import { formatEventDate, formatEventTime } from '@/lib/format';
import { useLocale } from '@/i18n/use-locale';
import { useMyEvents } from '../api/use-my-events';
import { EventBadge } from './event-badge';
import { hasMeetingLink, MyEventOnline } from '@/features/online/components/my-event-online';
import { CertificateDownloadButton } from './my-event-pass';
import { EventSessionList } from './event-sessions';
import { MyAnswersButton } from '@/features/questions/components/my-answers-button';
import { FeedbackLink } from '@/features/feedback/components/feedback-link';
import './events.css';

type MyEvents = MyEventsQuery['myEvents'];
type Upcoming = MyEvents['upcoming'][number];
type Past = MyEvents['past'][number];
type Waiting = MyEvents['waiting'][number];

/** Title (linked to the event page), date, time and place: the head of every entry. */
function EntryHead({ event }: { event: Upcoming | Past | Waiting }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <>
      <h3 className="my-event__title">
        <Link to={paths.event.getHref(event.id)}>{event.title}</Link>
      </h3>
      <p className="my-event__when">
        <time dateTime={`${event.date}T${event.time}`}>
          {t('events.dateTime', { date: formatEventDate(event.date, locale, 'long'), time: formatEventTime(event.time, locale) })}
        </time>
        <span className="my-event__place"> · {event.location}</span>
      </p>
    </>
  );
}

function UpcomingEntry({ event }: { event: Upcoming }) {
  const { t } = useTranslation();
  const { lang } = useLocale();
  return (
    <li className="card my-event">
      {event.cancelled ? <EventBadge event={event} className="my-event__badge" /> : null}
      <EntryHead event={event} />
      {event.cancelled ? null : (
        <>
          {event.myCheckIn ? <p className="my-event__code">{t('eventPass.code', { code: event.myCheckIn.code })}</p> : null}
          <div className="my-event__actions">
            <Link className="button button--secondary button--small" to={paths.event.getHref(event.id)}>
              {t('myEvents.showQr')}
              <span className="visually-hidden"> {t('myEvents.forEvent', { title: event.title })}</span>
            </Link>
            {event.questions.length ? <MyAnswersButton event={event} /> : null}
            {!event.hasStarted && !hasMeetingLink(event) ? (
              <a className="event-registration__calendar" href={apiPaths.eventIcs(event.id, lang)} download>
                <Icon name="calendar" size={20} />
                {t('eventRegistration.addToCalendar')}
                <span className="visually-hidden"> {t('myEvents.forEvent', { title: event.title })}</span>
              </a>
            ) : null}
          </div>
          <MyEventOnline event={event} />
        </>
      )}
    </li>
  );
}

function PastEntry({ event }: { event: Past }) {
  const { t } = useTranslation();
  const attended = Boolean(event.myCheckIn?.checkedInAt);
  const certificate = event.myCertificate;
  return (
    <li className="card my-event">
      <EntryHead event={event} />
      <p className={`my-event__attendance ${attended ? 'my-event__attendance--yes' : ''}`.trim()}>
        {event.cancelled ? t('events.cancelled') : attended ? t('myEvents.attended') : t('myEvents.notAttended')}
      </p>
      {event.cancelled ? null : <EventSessionList sessions={event.sessions} attended={new Set((event.mySessionAttendance ?? []).filter((a) => a.attended).map((a) => a.sessionId))} headingLevel={4} />}
      {certificate ? (
        certificate.revoked ? (
          <p className="my-event__note">{t('eventPass.certificateRevoked')}</p>
        ) : (
          <CertificateDownloadButton certificate={certificate} eventTitle={event.title} />
        )
      ) : null}
      <FeedbackLink eventId={event.id} eventTitle={event.title} status={event.myFeedback} />
    </li>
  );
}

function WaitingEntry({ event }: { event: Waiting }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const entry = event.myWaitlist;
  let status: string;
  if (entry?.status === 'OFFERED') {
    const until = entry.offerExpiresAt ? formatMoment(entry.offerExpiresAt, locale) : null;
    status = until
      ? t('waitlist.offerUntil', { date: t('events.dateTime', { date: until.date, time: until.time }) })
      : t('waitlist.offerHeld');
  } else if (entry?.position != null) {
    status = t('waitlist.position', { position: entry.position });
  } else {
    status = t('myEvents.onWaitlist');
  }
  return (
    <li className="card my-event">
      <EntryHead event={event} />
      <p className="my-event__code">{status}</p>
      {entry?.status === 'OFFERED' ? (
        <div className="my-event__actions">
          <Link className="button button--primary button--small" to={`${paths.event.getHref(event.id)}?offer=accept`}>
            {t('myEvents.answerOffer')}
            <span className="visually-hidden"> {t('myEvents.forEvent', { title: event.title })}</span>
          </Link>
        </div>
      ) : null}
    </li>
  );
}

function Section<T extends { id: string }>({
  id,
  title,
  empty,
  items,
  render,
}: {
  id: string;
  title: string;
  empty: string;
  items: readonly T[];
  render: (item: T) => ReactNode;
}) {
  return (
    <section className="my-events__section" aria-labelledby={id}>
      <h2 id={id} className="my-events__heading">
        {title}
      </h2>
      {items.length ? <ul className="my-events__list">{items.map(render)}</ul> : <EmptyState title={empty} />}
    </section>
  );
}

/**
 * /my-events: the signed-in person's upcoming registrations (check-in code, Add to calendar), past
 * events (attended or not, the certificate) and waiting-list places (position or offer).
 */
export default function MyEventsPage() {
  const { t } = useTranslation();
  const token = useAuthToken();
  const { data, loading, error } = useMyEvents(!token);
  const unauthenticated = errorCode(error) === 'UNAUTHENTICATED';

  useEffect(() => {
    if (unauthenticated) clearAuthToken();
  }, [unauthenticated]);

  if (!token || unauthenticated) return <Navigate to={paths.login.getHref()} replace state={{ from: paths.myEvents.getHref() }} />;

  let body;
  if (data?.myEvents) {
    const { upcoming, past, waiting } = data.myEvents;
    body = (
      <>
        <Section
          id="my-events-upcoming"
          title={t('myEvents.upcoming')}
          empty={t('myEvents.noUpcoming')}
          items={upcoming}
          render={(event) => <UpcomingEntry key={event.id} event={event} />}
        />
        {waiting.length ? (
          <Section
            id="my-events-waiting"
            title={t('myEvents.waiting')}
            empty=""
            items={waiting}
            render={(event) => <WaitingEntry key={event.id} event={event} />}
          />
        ) : null}
        <Section
          id="my-events-past"
          title={t('myEvents.past')}
          empty={t('myEvents.noPast')}
          items={past}
          render={(event) => <PastEntry key={event.id} event={event} />}
        />
      </>
    );
  } else if (error) {
    body = <ErrorAlert>{t('myEvents.fetchError')}</ErrorAlert>;
  } else if (loading) {
    body = <Loading label={t('myEvents.loading')} />;
  }

  return (
    <div className="container section my-events">
      <h1 className="page-title">{t('myEvents.heading')}</h1>
      {body}
      <p>
        <Link to={paths.events.getHref()}>{t('myEvents.browse')}</Link>
      </p>
    </div>
  );
}
