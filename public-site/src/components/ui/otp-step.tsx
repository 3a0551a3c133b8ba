import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/translator';
import { OtpField } from './otp-field';
import type { Notice, OtpFlow } from './use-otp-flow';

export { useOtpFlow, codeProblem, type Notice, type OtpFlow, type OtpFlowOptions } from './use-otp-flow';

/** The flow's message: an alert for errors (read out at once), a polite status otherwise. */
export function NoticeBox({ notice, id }: { notice: Notice; id?: string }) {
  if (!notice) return null;
  return (
    <p id={id} className={`alert alert--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </p>
  );
}

/** "You can request a new code in N seconds." while the API's wait runs (also on the e-mail step). */
export function OtpWait({ flow, id }: { flow: Pick<OtpFlow, 'waitSeconds'>; id?: string }) {
  const { t } = useTranslation();
  if (flow.waitSeconds <= 0) return null;
  return (
    <p className="field__hint" id={id} role="status">
      {t('otp.wait', { seconds: flow.waitSeconds })}
    </p>
  );
}

export interface OtpStepProps {
  /** The state from useOtpFlow (the same one the e-mail step used to send the code). */
  flow: OtpFlow;
  /** Where the code went: the hint reads "Enter the 6-digit code we sent to {email}." */
  email: string;
  /** The check button and its busy label (each screen keeps its own words: the login and registration pages differ). */
  verifyLabel: string;
  verifyingLabel: string;
  /** Back to the first step ('Back', 'Use a different e-mail'). */
  back?: { label: string; onClick: () => void };
  /** Offer Resend OTP (default true). */
  resend?: boolean;
  /** Class of the row of buttons: 'account-card__actions' on pages, 'modal__actions' in dialogs. */
  actionsClassName?: string;
  /** Shown first in the form, e.g. the step line. */
  intro?: ReactNode;
  /** Id of an element describing the form (the step line). */
  describedBy?: string;
}

/**
 * Step 2 of every code sign-in: the code field (6 digits, 'OTP is required' / 'OTP must be 6
 * digits'), Verify with its busy label, Resend OTP disabled during the API's wait with the countdown,
 * the "code sent to" hint, the flow's message and Back. The field has the focus when the step
 * appears, again after a failed check (its text selected) and after a resend.
 */
export function OtpStep({
  flow,
  email,
  verifyLabel,
  verifyingLabel,
  back,
  resend = true,
  actionsClassName = 'account-card__actions',
  intro,
  describedBy,
}: OtpStepProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const resendRef = useRef<HTMLButtonElement>(null);
  const waiting = flow.waitSeconds > 0;

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const focusCode = (select = false) => {
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    if (select) input.select();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const verified = await flow.submitCode();
    if (!verified) focusCode(true);
  };

  const resendCode = async () => {
    await flow.requestCode();
    // The button was disabled while sending (and may stay so for the wait): its focus would be lost.
    const active = document.activeElement;
    if (!active || active === document.body || active === resendRef.current) focusCode();
  };

  return (
    // POST, never GET: pressed before the script runs, nothing typed (a password asked again beside the
    // code) goes into a URL; the site server draws the page again (the code itself has no name: never sent).
    <form method="post" noValidate onSubmit={submit} aria-describedby={describedBy} aria-busy={flow.verifying || undefined}>
      {intro}
      <NoticeBox notice={flow.notice} />
      <OtpField
        ref={inputRef}
        id={`${id}-otp`}
        label={t('otp.label')}
        hint={t('otp.hint', { email: email.trim() })}
        value={flow.code}
        error={flow.codeError}
        onChange={(e) => flow.setCode(e.target.value)}
      />
      <OtpWait flow={flow} id={`${id}-wait`} />
      <div className={actionsClassName}>
        <button type="submit" className="button button--primary" disabled={flow.verifying}>
          {flow.verifying ? verifyingLabel : verifyLabel}
        </button>
        {resend ? (
          <button
            ref={resendRef}
            type="button"
            className="button button--secondary"
            disabled={flow.sending || waiting}
            aria-describedby={waiting ? `${id}-wait` : undefined}
            onClick={() => void resendCode()}
          >
            {flow.sending ? t('otp.resending') : t('otp.resend')}
          </button>
        ) : null}
        {back ? (
          <button type="button" className="button button--ghost" onClick={back.onClick}>
            {back.label}
          </button>
        ) : null}
      </div>
    </form>
  );
}
