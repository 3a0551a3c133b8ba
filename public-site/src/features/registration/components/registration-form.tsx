import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/translator';
import { Modal } from '@/components/ui/modal';
import { NoticeBox, OtpStep, OtpWait, useOtpFlow } from '@/components/ui/otp-step';
import { forgetSentCode, recallSentCode, recallSentCodeFor, rememberSentCode, resendWaitSeconds } from '@/components/ui/otp-memory';
import { useSignIn } from '@/features/accounts/api/use-sign-in';
import { reloadPage } from '@/lib/reload';
import { isValidEmail, isValidPhone } from '@/lib/validation';
import { earlyValues, useEarlyInput } from '@/lib/early-input';
import { useRegister, useVerifyRegistration } from '../api/use-registration';
import { isRegistrationCategory, type RegistrationCategory } from '../lib/category';
import './registration.css';

/** The dialog closes and the page reloads this long after a successful verification. */
export const CLOSE_AFTER_SUCCESS_MS = 2000;

interface Details {
  name: string;
  email: string;
  phone: string;
}

/** What the dialog remembers of a sent code for the tab (otp-memory), so a reload does not lose it. */
interface Remembered {
  name: string;
  phone: string;
  category: string;
  userId: string;
}

/** The code this tab sent for this programme, while it still works. */
function earlierSend(category: string) {
  const sent = recallSentCode<Remembered>('registration');
  return sent?.data?.userId && sent.data.category === category ? sent : null;
}

export interface RegistrationFormProps {
  category: RegistrationCategory | string;
  onClose: () => void;
}

/** Step 1: name, e-mail, phone → register (code e-mailed). Step 2: the code → verifyRegistration → signed in. */
export default function RegistrationForm({ category, onClose }: RegistrationFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const signIn = useSignIn();
  const [register] = useRegister();
  const [verify] = useVerifyRegistration();

  // Opened again after a reload while the code sent for this programme still works: straight to the code.
  const [earlier] = useState(() => earlierSend(String(category)));
  const [step, setStep] = useState<1 | 2 | 'done'>(earlier ? 2 : 1);
  const [details, setDetails] = useState<Details>(() => {
    if (earlier) return { name: earlier.data.name, email: earlier.email, phone: earlier.data.phone };
    // Drawn by the server (a page that opens the dialog at once): what was typed before it was live.
    const typed = earlyValues('registration');
    return { name: typed.name ?? '', email: typed.email ?? '', phone: typed.phone ?? '' };
  });
  useEarlyInput('registration', () => ({ ...details }), (typed) =>
    setDetails((d) => ({ name: typed.name ?? d.name, email: typed.email ?? d.email, phone: typed.phone ?? d.phone })),
  );
  const [userId, setUserId] = useState<string | null>(earlier?.data.userId ?? null);
  const nameRef = useRef<HTMLInputElement>(null);

  const programme = isRegistrationCategory(category) ? t(`programmes.${category}.title`) : String(category);

  useEffect(() => {
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

  const flow = useOtpFlow({
    send: async () => {
      const { data } = await register({
        variables: {
          input: { name: details.name.trim(), email: details.email.trim(), phone: details.phone.trim(), category },
        },
      });
      if (!data?.register.userId) throw new Error('no userId');
      setUserId(data.register.userId);
      rememberSentCode<Remembered>('registration', details.email, {
        name: details.name,
        phone: details.phone,
        category: String(category),
        userId: data.register.userId,
      });
      return t('registration.otpSent');
    },
    sendFailureKey: 'registration.failure',
    verify: async (code) => {
      const { data } = await verify({ variables: { input: { userId: userId ?? '', otp: code } } });
      const token = data?.verifyRegistration.token;
      if (!token) throw new Error('no token');
      forgetSentCode('registration');
      await signIn(token, { fromRegistrationDialog: true });
      setNotice({ tone: 'success', text: t('registration.success') });
      setStep('done');
    },
    verifyFailureKey: 'registration.verifyFailure',
    initialNotice: earlier ? { tone: 'info', text: t('otp.earlierCode') } : null,
  });
  const { setNotice, startWait } = flow;

  useEffect(() => {
    if (earlier) startWait(resendWaitSeconds(earlier.sentAt));
  }, [earlier, startWait]);

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
    // Too soon for another code to an address whose code this tab still has: back to typing that one.
    const reuseEarlier = () => {
      const sent = recallSentCodeFor<Remembered>('registration', email);
      if (!sent?.data?.userId || sent.data.category !== category) return false;
      setUserId(sent.data.userId);
      return true;
    };
    if (await flow.requestCode({ reuseEarlier })) {
      flow.reset();
      setStep(2);
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
        name={name}
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

  const noticeBox = <NoticeBox notice={flow.notice} />;

  return (
    <Modal title={t('registration.dialogTitle', { programme })} onClose={onClose} data={{ 'data-category': String(category) }}>
      <div>
        <p className="modal__category">{t('registration.selectedCategory', { programme })}</p>
        {step === 1 ? (
          // POST, never GET: nothing typed goes into a URL (the fields are named for lib/early-input).
          <form method="post" data-form="registration" noValidate onSubmit={submitDetails} aria-describedby={`${id}-step`}>
            <p className="modal__step" id={`${id}-step`}>
              {t('registration.stepOf', { step: 1 })}
            </p>
            {field('name', 'text', 'name')}
            {field('email', 'email', 'email')}
            {field('phone', 'tel', 'tel-national')}
            {noticeBox}
            <OtpWait flow={flow} />
            <div className="modal__actions">
              <button type="submit" className="button button--primary" disabled={flow.sending || flow.waitSeconds > 0}>
                {flow.sending ? t('registration.sending') : t('registration.sendOtp')}
              </button>
            </div>
          </form>
        ) : step === 2 ? (
          <OtpStep
            flow={flow}
            email={details.email}
            verifyLabel={t('registration.verify')}
            verifyingLabel={t('registration.verifying')}
            back={{
              label: t('common.back'),
              onClick: () => {
                setNotice(null);
                setStep(1);
              },
            }}
            actionsClassName="modal__actions"
            describedBy={`${id}-step`}
            intro={
              <p className="modal__step" id={`${id}-step`}>
                {t('registration.stepOf', { step: 2 })}
              </p>
            }
          />
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
