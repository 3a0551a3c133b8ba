import { useState } from 'react';
import { useTranslation } from '@/i18n/translator';
import { useLocale } from '@/i18n/use-locale';
import { Icon } from '@/components/ui/icon';
import { downloadCalendar } from '../lib/download-calendar';
import { MeetingLink, ownSessionLinks, SessionMeetingLinks } from './meeting-link-panel';

/** Whether 'My events' has a link to show for the event: its own or a session's. */
export const hasMeetingLink = (event: { meetingLink?: string | null; sessions?: readonly { meetingLink?: string | null }[] | null }) =>
  !!event.meetingLink || !!event.sessions?.some((s) => s.meetingLink);

/**
 * 'My events', an upcoming online event: the meeting link, the sessions' own links, and Add to calendar
 * with the links in it (fetched with the reader's token). Nothing for an event without a link.
 */
export function MyEventOnline({
  event,
}: {
  event: { id: string; title: string; meetingLink?: string | null; hasStarted: boolean; sessions?: readonly { id: string; meetingLink?: string | null }[] | null };
}) {
  const { t } = useTranslation();
  const { lang } = useLocale();
  const [failed, setFailed] = useState(false);
  if (!hasMeetingLink(event)) return null;
  const download = async () => {
    setFailed(false);
    try {
      await downloadCalendar(event.id, lang, 'event.ics');
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="my-event__online">
      {event.meetingLink ? <MeetingLink href={event.meetingLink} title={event.title} /> : null}
      <SessionMeetingLinks links={ownSessionLinks(event.sessions)} eventTitle={event.title} />
      {!event.hasStarted ? (
        <button type="button" className="event-registration__calendar" onClick={() => void download()}>
          <Icon name="calendar" size={20} />
          {t('online.calendar')}
          <span className="visually-hidden"> {t('myEvents.forEvent', { title: event.title })}</span>
        </button>
      ) : null}
      {failed ? (
        <p className="alert alert--error" role="alert">
          {t('online.calendarFailed')}
        </p>
      ) : null}
    </div>
  );
}
