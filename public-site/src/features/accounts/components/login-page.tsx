import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { NoticeBox, OtpStep, OtpWait, useOtpFlow } from '@/components/ui/otp-step';
import { forgetSentCode, recallSentCode, recallSentCodeFor, rememberSentCode, resendWaitSeconds } from '@/components/ui/otp-memory';
import { messageOf, useErrorMessage } from '@/lib/use-error-message';
import { earlyValues, useEarlyInput } from '@/lib/early-input';
import { useServedForm } from '@/rendering/served-page';
import { formAction, SEND_CODE_INTENT } from '@/lib/form-action';
import { isValidEmail } from '@/lib/validation';
import { useLoginWithPassword, useRequestLoginCode, useVerifyLoginCode } from '../api/use-account-mutations';
import { useSignIn } from '../api/use-sign-in';
import { returnPath, returnSearch } from '../lib/return-path';
import { useLive } from '@/rendering/use-live';
import { BackToEvents } from './back-to-events';
import './accounts.css';

type Mode = 'code' | 'password';

/**
 * /login: e-mail → code → signed in; or e-mail and password. Success goes to '/', or back
 * to the page whose Log in link led here (router state `from`, or `?from=` from Register Now without
 * script, see lib/return-path).
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const messageFor = useErrorMessage();
  const signIn = useSignIn();
  const [requestCode] = useRequestLoginCode();
  const [verifyCode] = useVerifyLoginCode();
  const [loginWithPassword, { loading: loggingIn }] = useLoginWithPassword();

  // A Send OTP the browser sent before the script ran (the site server drew its outcome, see
  // server/account-forms.ts): the page continues from it. Otherwise what was typed before hydration.
  const served = useServedForm('login');
  const [mode, setMode] = useState<Mode>('code');
  const [step, setStep] = useState<1 | 2>(served?.outcome === 'sent' ? 2 : 1);
  const [email, setEmail] = useState(() => served?.values.email ?? earlyValues('login').email ?? '');
  const [password, setPassword] = useState('');
  const [userId, setUserId] = useState(served?.userId ?? '');
  const [fieldError, setFieldError] = useState<{ email?: string; password?: string }>(() =>
    served?.fieldErrors?.email ? { email: t(served.fieldErrors.email) } : {},
  );
  useEarlyInput('login', () => ({ email }), (typed) => {
    if (typed.email !== undefined) setEmail(typed.email);
  });

  const checkEmail = (): boolean => {
    const value = email.trim();
    const problem = !value ? t('validation.emailRequired') : !isValidEmail(value) ? t('validation.emailInvalidShort') : undefined;
    setFieldError(problem ? { email: problem } : {});
    return !problem;
  };

  const finish = async (token: string) => {
    await signIn(token);
    // Back to the page that asked for a sign-in (e.g. a waitlist offer), else home.
    navigate(returnPath(location.state, location.search) ?? paths.home.getHref());
  };

  const flow = useOtpFlow({
    send: async () => {
      const { data } = await requestCode({ variables: { email: email.trim() } });
      if (!data?.requestLoginCode.userId) throw new Error('no userId');
      setUserId(data.requestLoginCode.userId);
      rememberSentCode('login', email, { userId: data.requestLoginCode.userId });
      // The site's own words, in the reader's language (the API answers in English).
      return t('otp.sent');
    },
    sendFailureKey: 'login.failure',
    verify: async (code) => {
      const { data } = await verifyCode({ variables: { input: { userId, otp: code } } });
      if (!data?.verifyLoginCode.token) throw new Error('no token');
      forgetSentCode('login');
      await finish(data.verifyLoginCode.token);
    },
    verifyFailureKey: 'login.otpFailure',
    initialNotice:
      served?.outcome === 'sent'
        ? { tone: 'info', text: t('otp.sent') }
        : served?.outcome === 'failed' && served.error
          ? { tone: 'error', text: messageOf(served.error, 'login.failure', t, i18n.language) }
          : null,
  });
  const { setNotice, startWait } = flow;
  // The page to come back to goes along with the form sent before the script (the POST's answer is drawn
  // at its URL). Only once live: the prerendered page the server sends for any /login has no ?from=.
  const live = useLive();
  const carried = live ? returnSearch(location.search) : '';

  // A reload while a code is on its way keeps the code step: the code in the inbox can still be typed,
  // and Resend OTP counts down what is left of the wait. (After hydration: the page is prerendered.)
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    if (served?.outcome === 'sent' && served.userId && served.sentAt) {
      // The code the server asked for: remembered for this tab, as if the page had sent it.
      rememberSentCode('login', served.values.email, { userId: served.userId }, served.sentAt);
      startWait(resendWaitSeconds(served.sentAt));
      return;
    }
    if (served?.error?.retryAfterSeconds) {
      startWait(served.error.retryAfterSeconds);
      // Too soon for another code to an address whose code this tab still has: back to typing that one.
      const earlier = recallSentCodeFor<{ userId: string }>('login', served.values.email);
      if (earlier?.data?.userId) {
        setUserId(earlier.data.userId);
        setStep(2);
        setNotice({ tone: 'info', text: t('otp.earlierCode') });
      }
      return;
    }
    const sent = recallSentCode<{ userId: string }>('login');
    if (!sent?.data?.userId) return;
    setEmail(sent.email);
    setUserId(sent.data.userId);
    setStep(2);
    startWait(resendWaitSeconds(sent.sentAt));
    setNotice({ tone: 'info', text: t('otp.earlierCode') });
  }, [startWait, setNotice, t, served]);

  const submitEmail = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    if (!checkEmail()) return;
    // Too soon for another code to an address whose code this tab still has: back to typing that one.
    const reuseEarlier = () => {
      const sent = recallSentCodeFor<{ userId: string }>('login', email);
      if (!sent?.data?.userId) return false;
      setUserId(sent.data.userId);
      return true;
    };
    if (await flow.requestCode({ reuseEarlier })) {
      flow.reset();
      setStep(2);
    }
  };

  const submitPassword = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    if (!checkEmail()) return;
    if (!password) {
      setFieldError({ password: t('validation.requiredShort') });
      return;
    }
    try {
      const { data } = await loginWithPassword({ variables: { input: { email: email.trim(), password } } });
      if (!data?.loginWithPassword.token) throw new Error('no token');
      await finish(data.loginWithPassword.token);
    } catch (error) {
      setNotice({ tone: 'error', text: messageFor(error, 'login.failure') });
    }
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setStep(1);
    setNotice(null);
    setFieldError({});
  };

  const noticeBox = <NoticeBox notice={flow.notice} />;

  const emailField = (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-email`}>
        {t('login.email')}
      </label>
      <input
        id={`${id}-email`}
        name="email"
        className="field__control"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-invalid={fieldError.email ? true : undefined}
        aria-describedby={fieldError.email ? `${id}-email-error` : undefined}
      />
      {fieldError.email ? (
        <p className="field__error" id={`${id}-email-error`}>
          {fieldError.email}
        </p>
      ) : null}
    </div>
  );

  return (
    <div className="container section account-page">
      <BackToEvents />
      <div className="card account-card">
        <h1 className="page-title account-card__title">{t('login.heading')}</h1>
        {mode === 'code' ? (
          step === 1 ? (
            // A real form: sent before the script runs (or without it), the site server asks for the code
            // and draws the code step (server/account-forms.ts); once live, the handler sends it.
            <form method="post" action={formAction(`${paths.login.getHref()}${carried}`, i18n.language)} data-form="login" noValidate onSubmit={submitEmail}>
              <p className="account-card__lead">{t('login.intro')}</p>
              {emailField}
              {noticeBox}
              <OtpWait flow={flow} />
              <button
                type="submit"
                name="intent"
                value={SEND_CODE_INTENT}
                className="button button--primary account-card__submit"
                disabled={flow.sending || flow.waitSeconds > 0}
              >
                {flow.sending ? t('login.sending') : t('login.sendOtp')}
              </button>
            </form>
          ) : (
            <OtpStep
              flow={flow}
              email={email}
              verifyLabel={t('login.verify')}
              verifyingLabel={t('login.verifying')}
              back={{
                label: t('login.changeEmail'),
                onClick: () => {
                  setStep(1);
                  setNotice(null);
                },
              }}
            />
          )
        ) : (
          // POST, never GET: nothing typed goes into a URL (shown only once the script runs: it sends it).
          <form method="post" noValidate onSubmit={submitPassword}>
            <p className="account-card__lead">{t('login.passwordIntro')}</p>
            {emailField}
            <div className="field">
              <label className="field__label" htmlFor={`${id}-password`}>
                {t('login.password')}
              </label>
              <input
                id={`${id}-password`}
                className="field__control"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={fieldError.password ? true : undefined}
                aria-describedby={fieldError.password ? `${id}-password-error` : undefined}
              />
              {fieldError.password ? (
                <p className="field__error" id={`${id}-password-error`}>
                  {fieldError.password}
                </p>
              ) : null}
            </div>
            {noticeBox}
            <button type="submit" className="button button--primary account-card__submit" disabled={loggingIn}>
              {loggingIn ? t('login.loggingIn') : t('login.submitPassword')}
            </button>
          </form>
        )}
        <div className="account-card__footer">
          {/* The password form is sent by the script only (never a GET): not offered without it. */}
          <button
            type="button"
            className="link-button needs-script"
            onClick={() => switchMode(mode === 'code' ? 'password' : 'code')}
          >
            {mode === 'code' ? t('login.usePassword') : t('login.useCode')}
          </button>
          <p>
            {t('login.newHere')}{' '}
            {/* A new account comes back to the same page (the return path goes along). */}
            <Link to={`${paths.register.getHref()}${returnSearch(location.search)}`} state={location.state}>
              {t('login.createAccount')}
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
