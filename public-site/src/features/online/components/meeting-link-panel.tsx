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

/**
 * An online event's page, for a signed-in reader: the meeting link when the API gives it to them (they
 * are registered, or an admin). Nothing while loading, for anyone else, or on an error.
 */
export function MeetingLinkPanel({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { data } = useEventMeetingLink(eventId);
  const link = data?.event.meetingLink;
  if (!link) return null;
  return (
    <section className="meeting-link-panel" aria-labelledby="meeting-link-heading">
      <h2 id="meeting-link-heading" className="meeting-link-panel__title">
        {t('online.heading')}
      </h2>
      <p className="meeting-link-panel__text">{t('online.text')}</p>
      <p className="meeting-link-panel__url">{link}</p>
      <MeetingLink href={link} />
    </section>
  );
}

export default MeetingLinkPanel;
