import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';

/** My events: "Give feedback" (or "Change your feedback") while the answers are open for an event the person attended. */
export function FeedbackLink({ eventId, eventTitle, status }: { eventId: string; eventTitle: string; status: { open: boolean; answered: boolean } | null | undefined }) {
  const { t } = useTranslation();
  if (!status?.open) return status?.answered ? <p className="my-event__note">{t('feedback.given')}</p> : null;
  return (
    <div className="my-event__actions">
      <Link className="button button--secondary button--small" to={paths.myFeedback.getHref(eventId)}>
        {status.answered ? t('feedback.change') : t('feedback.give')}
        <span className="visually-hidden"> {t('myEvents.forEvent', { title: eventTitle })}</span>
      </Link>
    </div>
  );
}
