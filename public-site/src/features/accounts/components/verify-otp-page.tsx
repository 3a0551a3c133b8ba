import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading } from '@/components/ui/loading';
import { useMe } from '../api/use-me';
import './accounts.css';

/**
 * /verify-otp. The older site showed only the text 'OTPVerification'; the evident intent is the
 * confirmation after sign-up, so the page confirms the verified account (the heading keeps the id
 * OTPVerification) and links on to the profile and the events.
 */
export default function VerifyOtpPage() {
  const { t } = useTranslation();
  const { data, loading, error, signedIn } = useMe();

  let body;
  if (!signedIn) {
    body = (
      <>
        <p className="account-card__lead">{t('verifyOtp.signedOut')}</p>
        <p className="link-list">
          <Link className="button button--primary" to={paths.register.getHref()}>
            {t('verifyOtp.register')}
          </Link>
          <Link className="button button--secondary" to={paths.login.getHref()}>
            {t('verifyOtp.login')}
          </Link>
        </p>
      </>
    );
  } else if (loading && !data) {
    body = <Loading label={t('verifyOtp.loading')} />;
  } else if (error || !data) {
    body = <ErrorAlert>{t('profile.loadError')}</ErrorAlert>;
  } else {
    body = (
      <>
        <p className="alert alert--success" role="status">
          {t('verifyOtp.text', { name: data.me.name, email: data.me.email })}
        </p>
        {data.me.status === 'PENDING' ? <p className="notice">{t('verifyOtp.pending')}</p> : null}
        <p className="link-list">
          <Link className="button button--primary" to={paths.profile.getHref()}>
            {t('verifyOtp.profile')}
          </Link>
          <Link className="button button--secondary" to={paths.events.getHref()}>
            {t('verifyOtp.events')}
          </Link>
        </p>
      </>
    );
  }

  return (
    <div className="container section account-page">
      <section className="card account-card" aria-labelledby="OTPVerification">
        <h1 id="OTPVerification" className="page-title account-card__title">
          {signedIn ? t('verifyOtp.heading') : t('titles.verifyOtp')}
        </h1>
        {body}
      </section>
    </div>
  );
}
