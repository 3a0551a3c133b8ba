import { Link, useParams } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading } from '@/components/ui/loading';
import { errorCode, errorMessageKey } from '@/lib/errors';
import { useFeedbackForm, useSubmitFeedback } from '../api/use-feedback';
import { FeedbackPanel } from './feedback-panel';
import './feedback.css';

/** What each refusal of the link means to the person. */
const refusalKey: Record<string, string> = {
  VALIDATION: 'feedback.badLink',
  CONFLICT: 'feedback.closed',
  FORBIDDEN: 'feedback.notAttendee',
  EVENT_CANCELLED: 'feedback.cancelled',
  NOT_FOUND: 'feedback.badLink',
};

/**
 * /feedback/:token — the form behind the link of a feedback mail. The token says which event and whose
 * answers, so no sign-in is needed; the answers can be changed until 7 days after the event's end.
 */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const { token: raw = '' } = useParams();
  const token = raw.trim();
  const { data, loading, error } = useFeedbackForm(token);
  const [submit, { loading: saving }] = useSubmitFeedback();

  let body;
  if (data?.feedbackForm) {
    body = <FeedbackPanel form={data.feedbackForm} saving={saving} save={(input) => submit({ variables: { token, input } })} />;
  } else if (error || !token) {
    const code = errorCode(error);
    body = (
      <>
        <ErrorAlert>{t(code && refusalKey[code] ? refusalKey[code] : token ? errorMessageKey(error) : 'feedback.badLink')}</ErrorAlert>
        <p>
          <Link to={paths.myEvents.getHref()}>{t('feedback.toMyEvents')}</Link>
        </p>
      </>
    );
  } else if (loading) {
    body = <Loading label={t('feedback.loading')} />;
  }

  return (
    <div className="container section account-page feedback-page">
      <div className="card account-card">
        <h1 className="page-title account-card__title">{t('feedback.heading')}</h1>
        {body}
      </div>
    </div>
  );
}
