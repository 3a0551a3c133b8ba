import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { ErrorAlert } from '@/components/ui/error-alert';
import { errorCode, errorMessageKey } from '@/lib/errors';
import { useStopNews } from '../api/use-news';
import './accounts.css';

type State = { step: 'ready' } | { step: 'done' } | { step: 'badLink' } | { step: 'failed'; messageKey: string };

/** Codes that mean the link itself is wrong (altered, cut short, of another account or purpose). */
const badLinkCodes = new Set(['VALIDATION', 'NOT_FOUND', 'UNAUTHENTICATED', 'FORBIDDEN']);

/**
 * /news/stop?token=… — the stop link of a news mail (issue 27), as the reminders' one. Mail scanners open links, so
 * opening the page changes nothing: only the button calls stopNews(token). Then it confirms, with
 * a link to the profile where news can be turned on again. No sign-in needed (the token says whose).
 */
export default function StopNewsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [stopNews, { loading }] = useStopNews();
  const [state, setState] = useState<State>({ step: 'ready' });
  const resultRef = useRef<HTMLParagraphElement>(null);
  const step = token ? state.step : 'badLink';

  useEffect(() => {
    // The button is gone: the confirmation (or the bad-link message) takes the focus.
    if (state.step === 'done' || state.step === 'badLink') resultRef.current?.focus();
  }, [state.step]);

  const stop = async () => {
    try {
      await stopNews({ variables: { token } });
      setState({ step: 'done' });
    } catch (error) {
      const code = errorCode(error);
      if (code && badLinkCodes.has(code)) setState({ step: 'badLink' });
      else setState({ step: 'failed', messageKey: errorMessageKey(error) });
    }
  };

  const profileLink = (
    <Link className="button button--secondary" to={paths.profile.getHref()}>
      {t('stopNews.profileLink')}
    </Link>
  );

  let body;
  if (step === 'done') {
    body = (
      <>
        <p className="alert alert--success" role="status" tabIndex={-1} ref={resultRef}>
          {t('stopNews.done')}
        </p>
        <p>{t('stopNews.turnOnAgain')}</p>
        <p>{profileLink}</p>
      </>
    );
  } else if (step === 'badLink') {
    body = (
      <>
        <p className="alert alert--error" role="alert" tabIndex={-1} ref={resultRef}>
          {t('stopNews.badLink')}
        </p>
        <p>{profileLink}</p>
      </>
    );
  } else {
    body = (
      <>
        <p className="account-card__lead">{t('stopNews.text')}</p>
        {state.step === 'failed' ? <ErrorAlert>{t(state.messageKey)}</ErrorAlert> : null}
        <button type="button" className="button button--primary" onClick={stop} disabled={loading}>
          {loading ? t('stopNews.stopping') : t('stopNews.button')}
        </button>
      </>
    );
  }

  return (
    <div className="container section account-page">
      <div className="card account-card">
        <h1 className="page-title account-card__title">{t('stopNews.heading')}</h1>
        {body}
      </div>
    </div>
  );
}
