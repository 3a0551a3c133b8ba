import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { OtpField } from '@/components/ui/otp-field';
import { useSignIn } from '@/features/accounts/api/use-sign-in';
import { retryAfterSeconds } from '@/lib/errors';
import { reloadPage } from '@/lib/reload';
import { useCountdown } from '@/lib/use-countdown';
import { useErrorMessage } from '@/lib/use-error-message';
import { isValidEmail, isValidPhone } from '@/lib/validation';
import { useRegister, useVerifyRegistration } from '../api/use-registration';
import { isRegistrationCategory, type RegistrationCategory } from '../lib/category';
import './registration.css';

/** The dialog closes and the page reloads this long after a successful verification (SPEC 9). */
export const CLOSE_AFTER_SUCCESS_MS = 2000;

interface Details {
  name: string;
  email: string;
  phone: string;
}

type Notice = { tone: 'info' | 'error' | 'success'; text: string } | null;

export interface RegistrationFormProps {
  category: RegistrationCategory | string;
  onClose: () => void;
}

/** Step 1: name, e-mail, phone → register (code e-mailed). Step 2: the code → verifyRegistration → signed in. */
export default function RegistrationForm({ category, onClose }: RegistrationFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const messageFor = useErrorMessage();
  const signIn = useSignIn();
  const [register, { loading: sending }] = useRegister();
  const [verify, { loading: verifying }] = useVerifyRegistration();
  const cooldown = useCountdown();

  const [step, setStep] = useState<1 | 2 | 'done'>(1);
  const [details, setDetails] = useState<Details>({ name: '', email: '', phone: '' });
  const [userId, setUserId] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | undefined>();
  const [notice, setNotice] = useState<Notice>(null);
  const otpRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  const programme = isRegistrationCategory(category) ? t(`programmes.${category}.title`) : String(category);

  useEffect(() => {
    if (step === 2) otpRef.current?.focus();
    if (step === 1) nameRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (step !== 'done') return;
    const timer = window.setTimeout(() => {
      onClose();
      reloadPage();
    }, CLOSE_AFTER_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [step, onClose]);

  const sendCode = async (): Promise<boolean> => {
    try {
      const { data } = await register({
        variables: {
          input: { name: details.name.trim(), email: details.email.trim(), phone: details.phone.trim(), category },
        },
      });
      if (!data?.register.userId) throw new Error('no userId');
      setUserId(data.register.userId);
      setNotice({ tone: 'info', text: t('registration.otpSent') });
      return true;
    } catch (error) {
      const wait = retryAfterSeconds(error);
      if (wait) cooldown.start(wait);
      setNotice({ tone: 'error', text: messageFor(error, 'registration.failure') });
      return false;
    }
  };

  const submitDetails = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    if (!isRegistrationCategory(category)) {
      setNotice({ tone: 'error', text: t('validation.invalidCategory') });
      return;
    }
    const { name, email, phone } = details;
    if (!name.trim() || !email.trim() || !phone.trim()) {
      setNotice({ tone: 'error', text: t('validation.fillAll') });
      return;
    }
    if (!isValidEmail(email)) {
      setNotice({ tone: 'error', text: t('validation.emailInvalid') });
      return;
    }
    if (!isValidPhone(phone)) {
      setNotice({ tone: 'error', text: t('validation.phoneInvalid') });
      return;
    }
    if (await sendCode()) {
      setOtp('');
      setOtpError(undefined);
      setStep(2);
    }
  };

  const resend = async () => {
    setOtpError(undefined);
    await sendCode();
  };

  const submitOtp = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const code = otp.trim();
    if (!code) {
      setOtpError(t('validation.otpRequired'));
      return;
    }
    setOtpError(undefined);
    try {
      const { data } = await verify({ variables: { input: { userId: userId ?? '', otp: code } } });
      const token = data?.verifyRegistration.token;
      if (!token) throw new Error('no token');
      await signIn(token, { fromRegistrationDialog: true });
      setNotice({ tone: 'success', text: t('registration.success') });
      setStep('done');
    } catch (error) {
      setNotice({ tone: 'error', text: messageFor(error, 'registration.verifyFailure') });
    }
  };

  const field = (name: keyof Details, type: 'text' | 'email' | 'tel', autoComplete: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {t(`registration.${name}`)}
      </label>
      <input
        ref={name === 'name' ? nameRef : undefined}
        id={`${id}-${name}`}
        className="field__control"
        type={type}
        inputMode={type === 'tel' ? 'numeric' : undefined}
        maxLength={type === 'tel' ? 10 : undefined}
        autoComplete={autoComplete}
        required
        value={details[name]}
        onChange={(e) => setDetails((d) => ({ ...d, [name]: e.target.value }))}
      />
    </div>
  );

  const noticeBox = notice ? (
    <p
      className={`alert alert--${notice.tone}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
    >
      {notice.text}
    </p>
  ) : null;

  return (
    <Modal title={t('registration.dialogTitle', { programme })} onClose={onClose} data={{ 'data-category': String(category) }}>
      <div>
        <p className="modal__category">{t('registration.selectedCategory', { programme })}</p>
        {step === 1 ? (
          <form noValidate onSubmit={submitDetails} aria-describedby={`${id}-step`}>
            <p className="modal__step" id={`${id}-step`}>
              {t('registration.stepOf', { step: 1 })}
            </p>
            {field('name', 'text', 'name')}
            {field('email', 'email', 'email')}
            {field('phone', 'tel', 'tel-national')}
            {noticeBox}
            <div className="modal__actions">
              <button type="submit" className="button button--primary" disabled={sending}>
                {sending ? t('registration.sending') : t('registration.sendOtp')}
              </button>
            </div>
          </form>
        ) : step === 2 ? (
          <form noValidate onSubmit={submitOtp} aria-describedby={`${id}-step`}>
            <p className="modal__step" id={`${id}-step`}>
              {t('registration.stepOf', { step: 2 })}
            </p>
            {noticeBox}
            <OtpField
              ref={otpRef}
              id={`${id}-otp`}
              label={t('otp.label')}
              hint={t('otp.hint', { email: details.email.trim() })}
              value={otp}
              error={otpError}
              onChange={(e) => setOtp(e.target.value.replace(/\s/g, ''))}
            />
            {cooldown.running ? (
              <p className="field__hint" role="status">
                {t('otp.wait', { seconds: cooldown.seconds })}
              </p>
            ) : null}
            <div className="modal__actions">
              <button type="submit" className="button button--primary" disabled={verifying}>
                {verifying ? t('registration.verifying') : t('registration.verify')}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={resend}
                disabled={sending || cooldown.running}
              >
                {sending ? t('otp.resending') : t('otp.resend')}
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => {
                  setNotice(null);
                  setStep(1);
                }}
              >
                {t('common.back')}
              </button>
            </div>
          </form>
        ) : (
          <div className="modal__done">
            {noticeBox}
            <p className="field__hint">{t('registration.closing')}</p>
          </div>
        )}
      </div>
    </Modal>
  );
}
