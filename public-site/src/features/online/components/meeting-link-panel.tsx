import { useTranslation } from '@/i18n/translator';
import { useEventMeetingLink } from '../api/use-event-meeting-link';
import './online.css';

/** The meeting link as a link out, with the reader's reminder that it opens elsewhere. */
export function MeetingLink({ href, title }: { href: string; title?: string }) {
  const { t } = useTranslation();
  return (
    <a className="button button--primary meeting-link" href={href} target="_blank" rel="noopener noreferrer">
      {t('online.join')}
      {title ? <span className="visually-hidden"> {t('online.forEvent', { title })}</span> : null}
      <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
    </a>
  );
}

/** The sessions with a link of their own, numbered as the session list numbers them. */
export function ownSessionLinks(sessions: readonly { id: string; meetingLink?: string | null }[] | null | undefined): { id: string; n: number; href: string }[] {
  return (sessions ?? []).flatMap((s, i) => (s.meetingLink ? [{ id: s.id, n: i + 1, href: s.meetingLink }] : []));
}

/** "Session 2" with its own link: what a hybrid course's online sessions show a registrant. */
export function SessionMeetingLinks({ links, eventTitle }: { links: ReturnType<typeof ownSessionLinks>; eventTitle?: string }) {
  const { t } = useTranslation();
  if (!links.length) return null;
  return (
    <>
      <p className="meeting-link-panel__text">{t('online.sessionsText')}</p>
      <ul className="meeting-link-panel__sessions">
        {links.map((l) => {
          const session = t('sessions.number', { n: l.n });
          return (
            <li key={l.id} className="meeting-link-panel__session">
              <span className="meeting-link-panel__session-name">{session}</span>
              <span className="meeting-link-panel__url">{l.href}</span>
              <MeetingLink href={l.href} title={eventTitle ? `${eventTitle}, ${session}` : session} />
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * An online event's page, for a signed-in reader: the meeting link, and the sessions' own links, when the
 * API gives them to them (they are registered, or an admin). Nothing while loading, for anyone else, or on
 * an error.
 */
export function MeetingLinkPanel({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { data } = useEventMeetingLink(eventId);
  const link = data?.event.meetingLink;
  const sessions = ownSessionLinks(data?.event.sessions);
  if (!link && !sessions.length) return null;
  return (
    <section className="meeting-link-panel" aria-labelledby="meeting-link-heading">
      <h2 id="meeting-link-heading" className="meeting-link-panel__title">
        {t('online.heading')}
      </h2>
      {link ? (
        <>
          <p className="meeting-link-panel__text">{t('online.text')}</p>
          <p className="meeting-link-panel__url">{link}</p>
          <MeetingLink href={link} />
        </>
      ) : null}
      <SessionMeetingLinks links={sessions} />
    </section>
  );
}

export default MeetingLinkPanel;
