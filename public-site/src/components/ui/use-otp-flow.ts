import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/translator';
import { retryAfterSeconds } from '@/lib/errors';
import { useCountdown } from '@/lib/use-countdown';
import { useErrorMessage } from '@/lib/use-error-message';
import { OTP_LENGTH } from './otp-field';

/** A message above the form: errors are alerts, the rest polite status messages. */
export type Notice = { tone: 'info' | 'error' | 'success'; text: string } | null;

export interface OtpFlowOptions {
  /**
   * Asks the API for a code (first send and Resend OTP). Resolves with the text to show ("OTP sent to
   * your email"); throws on failure. A RATE_LIMITED answer's `retryAfterSeconds` starts the countdown.
   */
  send: () => Promise<string>;
  /** Catalogue key shown when sending fails without a server message (the rule everywhere: the server's message, else a fallback). */
  sendFailureKey: string;
  /** Checks the code (already validated: 6 digits). Throws on failure; on success the caller moves on. */
  verify: (code: string) => Promise<void>;
  /** Catalogue key shown when the check fails without a server message. */
  verifyFailureKey: string;
  /** The notice shown before anything happened (e.g. the teacher dialog's "Registration successful…"). */
  initialNotice?: Notice;
}

export interface OtpFlow {
  /** The code as typed (spaces removed). */
  code: string;
  setCode: (value: string) => void;
  /** 'OTP is required' / 'OTP must be 6 digits', shown under the field. */
  codeError: string | undefined;
  notice: Notice;
  setNotice: (notice: Notice) => void;
  /** A send (first or Resend) is under way. */
  sending: boolean;
  /** The code is being checked. */
  verifying: boolean;
  /** Seconds until another code may be asked for (0 when it may). */
  waitSeconds: number;
  /**
   * Sends a code: the notice says so, or shows the error and starts the wait. True when sent.
   * With `reuseEarlier` (the first step's Send OTP): when the API refuses because a code went to this
   * address moments ago (RATE_LIMITED) and reuseEarlier() says this screen still has that code's step
   * (remembered across a reload, see otp-memory), the wait starts, the notice says that the code
   * already sent still works, and it resolves true: the screen shows the code step.
   */
  requestCode: (options?: { reuseEarlier?: () => boolean }) => Promise<boolean>;
  /** Starts the wait before another code may be sent (e.g. restored after a reload). */
  startWait: (seconds: number) => void;
  /** Validates the code and checks it; true when verified. */
  submitCode: () => Promise<boolean>;
  /** Clears the code and its error (a new step 2). */
  reset: () => void;
}

/** 'OTP is required', 'OTP must be 6 digits' (the API's messages too), as catalogue keys; undefined when valid. */
export function codeProblem(code: string): string | undefined {
  if (!code) return 'validation.otpRequired';
  if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) return 'validation.otpDigits';
  return undefined;
}

/**
 * The state of a one-time-code sign-in shared by the login page, the register page, the registration
 * dialog and the teacher dialog: sending (and resending) with the API's wait, the code and its
 * validation, the check, busy flags and the message area. The screens render it with <OtpStep>.
 */
export function useOtpFlow(options: OtpFlowOptions): OtpFlow {
  const { t } = useTranslation();
  const messageFor = useErrorMessage();
  const { seconds: waitSeconds, start: startWait } = useCountdown();
  const [code, setCodeState] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [notice, setNotice] = useState<Notice>(options.initialNotice ?? null);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  // Guards against a second send or check started before the busy state has rendered (double tap).
  const busy = useRef({ sending: false, verifying: false });
  const latest = useRef(options);
  latest.current = options;

  const setCode = useCallback((value: string) => setCodeState(value.replace(/\s/g, '')), []);

  const requestCode = useCallback(async (requestOptions: { reuseEarlier?: () => boolean } = {}): Promise<boolean> => {
    if (busy.current.sending) return false;
    busy.current.sending = true;
    setSending(true);
    setNotice(null);
    try {
      const text = await latest.current.send();
      setCodeError(undefined);
      setNotice({ tone: 'info', text });
      return true;
    } catch (error) {
      const wait = retryAfterSeconds(error);
      if (wait) startWait(wait);
      if (wait && requestOptions.reuseEarlier?.()) {
        setCodeError(undefined);
        setNotice({ tone: 'info', text: t('otp.earlierCode') });
        return true;
      }
      setNotice({ tone: 'error', text: messageFor(error, latest.current.sendFailureKey) });
      return false;
    } finally {
      busy.current.sending = false;
      setSending(false);
    }
  }, [startWait, messageFor, t]);

  const submitCode = useCallback(async (): Promise<boolean> => {
    if (busy.current.verifying) return false;
    setNotice(null);
    const value = code.trim();
    const problem = codeProblem(value);
    setCodeError(problem ? t(problem) : undefined);
    if (problem) return false;
    busy.current.verifying = true;
    setVerifying(true);
    try {
      await latest.current.verify(value);
      return true;
    } catch (error) {
      setNotice({ tone: 'error', text: messageFor(error, latest.current.verifyFailureKey) });
      return false;
    } finally {
      busy.current.verifying = false;
      setVerifying(false);
    }
  }, [code, messageFor, t]);

  const reset = useCallback(() => {
    setCodeState('');
    setCodeError(undefined);
  }, []);

  return {
    code,
    setCode,
    codeError,
    notice,
    setNotice,
    sending,
    verifying,
    waitSeconds,
    requestCode,
    startWait,
    submitCode,
    reset,
  };
}
