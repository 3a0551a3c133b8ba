import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  AdminEventDocument,
  CancelEventDocument,
  EventRegistrationsDocument,
  EventWaitlistDocument,
  RemoveEventRegistrationDocument,
  SendEventReminderNowDocument,
} from '@/gql/graphql';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { describeError, errorCode } from '@/lib/errors';
import { formatDateTime, formatEventDate, formatEventTime } from '@/lib/format';
import { csvPaths, downloadCsv } from '@/lib/rest';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorAlert } from '@/components/ui/error-alert';
import { ListState } from '@/components/ui/list-state';
import { Loading } from '@/components/ui/loading';
import { Notice, type NoticeValue } from '@/components/ui/notice';
import { RepeatEventButton } from '@/features/series/repeat-event-button';
import { onlineAndSeriesRows } from '@/features/series/online-and-series-rows';
import { PageHeader } from '@/components/ui/page-header';
import { categoryOneLabel } from '@/features/users/lib/categories';
import { StatusBadge } from '@/features/users/components/status-badge';
import { EventAttendance } from './event-attendance';
import { EventCertificates } from './event-certificates';
import { EventTimingBadge } from './event-timing-badge';
import { EventWaitlist } from './event-waitlist';
import { EventFeedback } from '@/features/feedback/components/event-feedback';
import '../events.css';
import { EventAnswers } from '@/features/questions/components/event-answers';

const t = en.events;

function Registrations({ eventId, onError }: { eventId: string; onError: (n: NoticeValue) => void }) {
  const { data, loading, error, refetch } = useQuery(EventRegistrationsDocument, { variables: { eventId }, fetchPolicy: 'cache-and-network' });
  const [removeRegistration, { loading: removing }] = useMutation(RemoveEventRegistrationDocument);
  const [exporting, setExporting] = useState(false);
  // The outcome of a removal, shown in this card, next to the list it changed.
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const list = data?.eventRegistrations;

  const onRemove = async (person: { id: string; name: string }) => {
    if (!window.confirm(t.removeRegistrationConfirm(person.name))) return;
    setNotice(null);
    try {
      const res = await removeRegistration({
        variables: { eventId, userId: person.id },
        // The event's count (and isFull) come back on the normalised Event; the list drops the person here.
        update(cache) {
          cache.updateQuery({ query: EventRegistrationsDocument, variables: { eventId } }, (current) =>
            current ? { eventRegistrations: current.eventRegistrations.filter((u) => u.id !== person.id) } : current,
          );
        },
      });
      setNotice({ kind: 'success', text: res.data?.removeEventRegistration.message || t.registrationRemoved });
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.removeRegistrationFailed) });
      // Someone else may have changed the list meanwhile (NOT_FOUND: already removed): show it as it is.
      void refetch();
    }
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadCsv(csvPaths.eventRegistrations(eventId), `event-${eventId}-registrations.csv`);
    } catch (err) {
      onError({ kind: 'error', text: describeError(err, en.errors.downloadFailed) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="card" aria-labelledby="registrations-title">
      <div className="card-header">
        <h3 id="registrations-title" className="card-title">
          {t.registrationsTitle} {list ? <span className="muted">({list.length})</span> : null}
        </h3>
        <button type="button" className="btn btn-small btn-secondary" onClick={onExport} disabled={exporting} aria-busy={exporting}>
          {exporting ? en.common.exporting : t.exportRegistrations}
        </button>
      </div>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      <ListState data={list} loading={loading} error={error} onRetry={() => void refetch()} empty={t.registrationsEmpty}>
        {(list) => (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{en.users.columns.name}</th>
                  <th scope="col">{en.users.columns.email}</th>
                  <th scope="col">{en.users.columns.phone}</th>
                  <th scope="col">{en.users.columns.category}</th>
                  <th scope="col">{en.users.columns.status}</th>
                  <th scope="col">
                    <span className="visually-hidden">{en.common.actions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((u) => (
                  <tr key={u.id}>
                    <td data-label={en.users.columns.name} className="strong">
                      {u.name}
                    </td>
                    <td data-label={en.users.columns.email}>{u.email}</td>
                    <td data-label={en.users.columns.phone}>{u.phone || en.common.na}</td>
                    <td data-label={en.users.columns.category}>{categoryOneLabel(u.category)}</td>
                    <td data-label={en.users.columns.status}>
                      <StatusBadge status={u.status} />
                    </td>
                    <td className="row-actions">
                      <button
                        type="button"
                        className="btn btn-small btn-danger"
                        onClick={() => void onRemove(u)}
                        disabled={removing}
                        aria-label={t.removeRegistrationLabel(u.name)}
                      >
                        {t.removeRegistration}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
    </section>
  );
}

export function EventViewPage() {
  useDocumentTitle(t.viewTitle);
  const { id = '' } = useParams();
  const location = useLocation();
  const [notice, setNotice] = useState<NoticeValue | null>((location.state as { notice?: NoticeValue } | null)?.notice ?? null);
  const { data, loading, error, refetch } = useQuery(AdminEventDocument, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const [sendReminder, { loading: sendingReminder }] = useMutation(SendEventReminderNowDocument);
  const [cancelEvent, { loading: cancelling }] = useMutation(CancelEventDocument);
  const event = data?.event;

  const onSendReminder = async (eventId: string, registered: number) => {
    if (!window.confirm(t.sendReminderConfirm(registered))) return;
    setNotice(null);
    try {
      const res = await sendReminder({ variables: { eventId } });
      const queued = res.data?.sendEventReminderNow.queued ?? 0;
      setNotice({ kind: 'success', text: t.remindersQueued(queued) });
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.sendReminderFailed) });
    }
  };

  const onCancelEvent = async (eventId: string, title: string) => {
    if (!window.confirm(t.cancelEventConfirm(title))) return;
    setNotice(null);
    try {
      // The cancelled Event comes back normalised (badge, no cancel button); the waiting list is read again.
      await cancelEvent({ variables: { id: eventId }, refetchQueries: [{ query: EventWaitlistDocument, variables: { eventId } }] });
      setNotice({ kind: 'success', text: t.eventCancelled });
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.cancelEventFailed) });
      void refetch();
    }
  };

  if (loading && !event) return <Loading />;
  if (error && !event) {
    return (
      <div>
        <PageHeader title={t.viewTitle} />
        <ErrorAlert message={errorCode(error) === 'NOT_FOUND' ? t.notFound : t.fetchFailed} onRetry={() => void refetch()} />
      </div>
    );
  }
  if (!event) return <EmptyState>{t.notFound}</EmptyState>;

  const rows: [string, React.ReactNode][] = [
    [t.fields.category, t.categories[event.category]],
    [t.starts, `${formatEventDate(event.date)} · ${formatEventTime(event.time)}`],
    [t.ends, event.endDate ? `${formatEventDate(event.endDate)}${event.endTime ? ` · ${formatEventTime(event.endTime)}` : ''}` : en.common.na],
    [t.fields.location, event.location],
    [t.fields.speaker, event.speaker || t.noSpeaker],
    [t.columns.registrations, `${t.registeredOf(event.registeredCount, event.maxParticipants)}${event.isFull ? ` (${t.full})` : ''}`],
    [t.waitingRow, t.waitingCount(event.waitlistCount)],
    [t.fields.maxParticipants, event.maxParticipants ?? en.common.na],
    [t.offerWindow, t.offerWindowHours(event.waitlistOfferHours)],
    [
      t.fields.externalLink,
      event.externalLink ? (
        <a href={event.externalLink} target="_blank" rel="noopener noreferrer">
          {t.visitWebsite}
        </a>
      ) : (
        en.common.na
      ),
    ],
  ];
  rows.push(...onlineAndSeriesRows(event));
  if (event.cancelled) rows.unshift([t.cancelledAt, event.cancelledAt ? formatDateTime(event.cancelledAt) : t.cancelled]);
  // Reminders and cancellation only make sense before the event is over and while it still takes place.
  const canAct = !event.cancelled && event.timing !== 'PAST';

  return (
    <div className="stack">
      <PageHeader
        title={event.title}
        actions={
          <>
            <Link to={paths.events.getHref()} className="btn btn-secondary">
              {en.common.back}
            </Link>
            <Link to={paths.eventEdit.getHref(event.id)} className="btn btn-primary">
              {en.common.edit}
            </Link>
            <RepeatEventButton event={event} onDone={(text) => setNotice({ kind: 'success', text })} />
            {!event.cancelled && (
              <Link to={paths.eventCheckIn.getHref(event.id)} className="btn btn-secondary">
                {t.checkInLink}
              </Link>
            )}
            {canAct && (
              <>
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => void onSendReminder(event.id, event.registeredCount)}
                  disabled={sendingReminder || event.registeredCount === 0}
                  aria-busy={sendingReminder}
                >
                  {sendingReminder ? t.sendingReminder : t.sendReminder}
                </button>
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => void onCancelEvent(event.id, event.title)}
                  disabled={cancelling}
                  aria-busy={cancelling}
                >
                  {cancelling ? t.cancellingEvent : t.cancelEvent}
                </button>
              </>
            )}
          </>
        }
      >
        <EventTimingBadge timing={event.timing} />
        {event.cancelled && <Badge tone="danger">{t.cancelled}</Badge>}
      </PageHeader>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      <section className="card event-detail" aria-label={t.viewTitle}>
        {event.imageUrl && <img className="event-detail-image" src={event.imageUrl} srcSet={event.imageSrcSet ?? undefined} sizes="(max-width: 900px) 100vw, 360px" alt="" />}
        <div>
          <dl className="detail-list">
            {rows.map(([label, value]) => (
              <div key={label} className="detail-row">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="card-title">{t.fields.description}</h3>
          <p className="prewrap">{event.description}</p>
        </div>
      </section>
      <Registrations eventId={event.id} onError={setNotice} />
      {event.questionDefinitions.length ? <EventAnswers eventId={event.id} /> : null}
      <EventAttendance eventId={event.id} onError={setNotice} />
      <EventCertificates eventId={event.id} ended={!event.cancelled && event.hasEnded} />
      <EventWaitlist eventId={event.id} waiting={event.waitlistCount} />
      <EventFeedback eventId={event.id} />
    </div>
  );
}

export default EventViewPage;
