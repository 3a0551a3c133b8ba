import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { ErrorAlert } from '@/components/ui/error-alert';
import { errorCode, errorMessageKey } from '@/lib/errors';
import './accounts.css';

type State = { step: 'ready' } | { step: 'done' } | { step: 'badLink' } | { step: 'failed'; messageKey: string };

/** Codes that mean the link itself is wrong (altered, cut short, of another account or purpose). */
const badLinkCodes = new Set(['VALIDATION', 'NOT_FOUND', 'UNAUTHENTICATED', 'FORBIDDEN']);

/** The texts of one kind of stop link (the catalogue's `stopReminders.*` or `stopNews.*`). */
export type StopLinkTexts = 'stopReminders' | 'stopNews';

/**
 * The page behind a mail's one-click stop link (`?token=…`): reminders' and news'. Mail scanners open links,
 * so opening the page changes nothing: only the button calls `stop(token)`. Then it confirms, with a link to
 * the profile where the mails can be turned on again. No sign-in needed (the token says whose).
 */
export function StopLinkPage({ texts, useStop }: { texts: StopLinkTexts; useStop: () => readonly [(options: { variables: { token: string } }) => Promise<unknown>, { loading: boolean }] }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [stopByToken, { loading }] = useStop();
  const [state, setState] = useState<State>({ step: 'ready' });
  const resultRef = useRef<HTMLParagraphElement>(null);
  const step = token ? state.step : 'badLink';

  useEffect(() => {
    // The button is gone: the confirmation (or the bad-link message) takes the focus.
    if (state.step === 'done' || state.step === 'badLink') resultRef.current?.focus();
  }, [state.step]);

  const stop = async () => {
    try {
      await stopByToken({ variables: { token } });
      setState({ step: 'done' });
    } catch (error) {
      const code = errorCode(error);
      if (code && badLinkCodes.has(code)) setState({ step: 'badLink' });
      else setState({ step: 'failed', messageKey: errorMessageKey(error) });
    }
  };

  const profileLink = (
    <Link className="button button--secondary" to={paths.profile.getHref()}>
      {t(`${texts}.profileLink`)}
    </Link>
  );

  let body;
  if (step === 'done') {
    body = (
      <>
        <p className="alert alert--success" role="status" tabIndex={-1} ref={resultRef}>
          {t(`${texts}.done`)}
        </p>
        <p>{t(`${texts}.turnOnAgain`)}</p>
        <p>{profileLink}</p>
      </>
    );
  } else if (step === 'badLink') {
    body = (
      <>
        <p className="alert alert--error" role="alert" tabIndex={-1} ref={resultRef}>
          {t(`${texts}.badLink`)}
        </p>
        <p>{profileLink}</p>
      </>
    );
  } else {
    body = (
      <>
        <p className="account-card__lead">{t(`${texts}.text`)}</p>
        {state.step === 'failed' ? <ErrorAlert>{t(state.messageKey)}</ErrorAlert> : null}
        <button type="button" className="button button--primary" onClick={stop} disabled={loading}>
          {loading ? t(`${texts}.stopping`) : t(`${texts}.button`)}
        </button>
      </>
    );
  }

  return (
    <div className="container section account-page">
      <div className="card account-card">
        <h1 className="page-title account-card__title">{t(`${texts}.heading`)}</h1>
        {body}
      </div>
    </div>
  );
}
