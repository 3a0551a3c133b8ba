import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading } from '@/components/ui/loading';
import { clearAuthToken, useAuthToken } from '@/lib/auth-token';
import { errorCode, errorMessageKey } from '@/lib/errors';
import { useMyFeedbackForm, useSubmitMyFeedback } from '../api/use-feedback';
import { FeedbackPanel } from './feedback-panel';
import './feedback.css';

const refusalKey: Record<string, string> = {
  FORBIDDEN: 'feedback.notAttendee',
  EVENT_CANCELLED: 'feedback.cancelled',
  NOT_FOUND: 'feedback.notFound',
};

/** /my-events/:id/feedback — the same form for a signed-in attendee who did not get (or lost) the mail. */
export default function MyFeedbackPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const signedIn = useAuthToken();
  const { data, loading, error } = useMyFeedbackForm(id, !signedIn);
  const [submit, { loading: saving }] = useSubmitMyFeedback();
  const unauthenticated = errorCode(error) === 'UNAUTHENTICATED';

  useEffect(() => {
    if (unauthenticated) clearAuthToken();
  }, [unauthenticated]);

  if (!signedIn || unauthenticated) return <Navigate to={paths.login.getHref()} replace state={{ from: paths.myFeedback.getHref(id) }} />;

  let body;
  if (data?.myFeedbackForm) {
    body = <FeedbackPanel form={data.myFeedbackForm} saving={saving} save={(input) => submit({ variables: { eventId: id, input } })} />;
  } else if (error) {
    const code = errorCode(error);
    body = <ErrorAlert>{t(code && refusalKey[code] ? refusalKey[code] : errorMessageKey(error))}</ErrorAlert>;
  } else if (loading) {
    body = <Loading label={t('feedback.loading')} />;
  }

  return (
    <div className="container section account-page feedback-page">
      <div className="card account-card">
        <h1 className="page-title account-card__title">{t('feedback.heading')}</h1>
        {body}
        <p>
          <Link to={paths.myEvents.getHref()}>{t('feedback.toMyEvents')}</Link>
        </p>
      </div>
    </div>
  );
}
