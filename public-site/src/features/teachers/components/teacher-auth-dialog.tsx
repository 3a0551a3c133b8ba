import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/translator';
import { Modal } from '@/components/ui/modal';
import { NoticeBox, OtpStep, OtpWait, useOtpFlow, type Notice } from '@/components/ui/otp-step';
import {
  useLoginWithPassword,
  useRequestLoginCode,
  useVerifyLoginCode,
} from '@/features/accounts/api/use-account-mutations';
import { useSignIn } from '@/features/accounts/api/use-sign-in';
import type { TeacherRegistrationInput } from '@/gql/graphql';
import { useErrorMessage } from '@/lib/use-error-message';
import { isValidEmail, isValidPhone } from '@/lib/validation';
import { useRegisterTeacher } from '../api/use-teachers';

function TextInput({
  id,
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__control"
        type={type}
        inputMode={type === 'tel' ? 'numeric' : undefined}
        maxLength={type === 'tel' ? 10 : undefined}
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function LoginForm({ initialEmail, notice: initialNotice, onSignedIn }: { initialEmail: string; notice: Notice; onSignedIn: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const messageFor = useErrorMessage();
  const signIn = useSignIn();
  const [loginWithPassword, { loading: loggingIn }] = useLoginWithPassword();
  const [requestCode] = useRequestLoginCode();
  const [verifyCode] = useVerifyLoginCode();
  const [method, setMethod] = useState<'password' | 'otp'>('password');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [userId, setUserId] = useState<string | null>(null);

  const finish = async (token: string) => {
    await signIn(token);
    onSignedIn();
  };

  const flow = useOtpFlow({
    send: async () => {
      const { data } = await requestCode({ variables: { email: email.trim() } });
      if (!data?.requestLoginCode.userId) throw new Error('no userId');
      setUserId(data.requestLoginCode.userId);
      // The site's own words, in the reader's language (the API answers in English).
      return t('otp.sent');
    },
    sendFailureKey: 'teacher.auth.otpSendFailed',
    verify: async (code) => {
      const { data } = await verifyCode({ variables: { input: { userId: userId ?? '', otp: code } } });
      if (!data?.verifyLoginCode.token) throw new Error('no token');
      await finish(data.verifyLoginCode.token);
    },
    verifyFailureKey: 'teacher.auth.otpFailed',
    initialNotice,
  });
  const { notice, setNotice } = flow;

  const checkEmail = () => {
    if (!email.trim() || (method === 'password' && !password)) {
      setNotice({ tone: 'error', text: t('validation.fillAll') });
      return false;
    }
    if (!isValidEmail(email)) {
      setNotice({ tone: 'error', text: t('validation.emailInvalidShort') });
      return false;
    }
    return true;
  };

  const submitPassword = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    if (!checkEmail()) return;
    try {
      const { data } = await loginWithPassword({ variables: { input: { email: email.trim(), password } } });
      if (!data?.loginWithPassword.token) throw new Error('no token');
      await finish(data.loginWithPassword.token);
    } catch (error) {
      setNotice({ tone: 'error', text: messageFor(error, 'teacher.auth.loginFailed') });
    }
  };

  const sendOtp = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    if (!checkEmail()) return;
    if (await flow.requestCode()) flow.reset();
  };

  return (
    <>
      <fieldset className="segmented">
        <legend className="segmented__legend">{t('teacher.auth.mode')}</legend>
        {(['password', 'otp'] as const).map((m) => (
          <label key={m} className={`segmented__option${method === m ? ' segmented__option--on' : ''}`}>
            <input
              type="radio"
              name={`${id}-method`}
              value={m}
              checked={method === m}
              onChange={() => {
                setMethod(m);
                setUserId(null);
                flow.reset();
                setNotice(null);
              }}
            />
            {m === 'password' ? t('teacher.auth.withPassword') : t('teacher.auth.withOtp')}
          </label>
        ))}
      </fieldset>
      {method === 'password' ? (
        <form noValidate onSubmit={submitPassword}>
          <TextInput id={`${id}-email`} label={t('teacher.auth.email')} type="email" autoComplete="email" value={email} onChange={setEmail} />
          <TextInput
            id={`${id}-password`}
            label={t('teacher.auth.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <NoticeBox notice={notice} />
          <button type="submit" className="button button--primary account-card__submit" disabled={loggingIn}>
            {loggingIn ? t('teacher.auth.loggingIn') : t('teacher.auth.login')}
          </button>
        </form>
      ) : userId === null ? (
        <form noValidate onSubmit={sendOtp}>
          <TextInput id={`${id}-email`} label={t('teacher.auth.email')} type="email" autoComplete="email" value={email} onChange={setEmail} />
          <NoticeBox notice={notice} />
          <OtpWait flow={flow} />
          <button type="submit" className="button button--primary account-card__submit" disabled={flow.sending || flow.waitSeconds > 0}>
            {flow.sending ? t('teacher.auth.sending') : t('teacher.auth.sendOtp')}
          </button>
        </form>
      ) : (
        <OtpStep
          flow={flow}
          email={email}
          verifyLabel={t('teacher.auth.verify')}
          verifyingLabel={t('teacher.auth.verifying')}
          back={{
            label: t('common.back'),
            onClick: () => {
              setUserId(null);
              setNotice(null);
            },
          }}
        />
      )}
    </>
  );
}

const emptyTeacher: TeacherRegistrationInput = { name: '', email: '', password: '', phone: '', area: '', district: '', schoolName: '' };

function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const messageFor = useErrorMessage();
  const [registerTeacher, { loading }] = useRegisterTeacher();
  const [values, setValues] = useState<TeacherRegistrationInput>(emptyTeacher);
  const [notice, setNotice] = useState<Notice>(null);
  const set = (key: keyof TeacherRegistrationInput) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const input = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, k === 'password' ? String(v) : String(v).trim()]),
    ) as TeacherRegistrationInput;
    if (Object.values(input).some((v) => !v)) {
      setNotice({ tone: 'error', text: t('validation.fillAll') });
      return;
    }
    if (!isValidEmail(input.email)) {
      setNotice({ tone: 'error', text: t('validation.emailInvalidShort') });
      return;
    }
    if (!isValidPhone(input.phone)) {
      setNotice({ tone: 'error', text: t('validation.phoneDigits') });
      return;
    }
    if (input.password.length < 6) {
      setNotice({ tone: 'error', text: t('validation.passwordMin') });
      return;
    }
    try {
      await registerTeacher({ variables: { input } });
      onRegistered(input.email);
    } catch (error) {
      setNotice({ tone: 'error', text: messageFor(error, 'teacher.auth.registerFailed') });
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <TextInput id={`${id}-name`} label={t('teacher.auth.name')} autoComplete="name" value={values.name} onChange={set('name')} />
      <div className="form-row">
        <TextInput id={`${id}-email`} label={t('teacher.auth.email')} type="email" autoComplete="email" value={values.email} onChange={set('email')} />
        <TextInput id={`${id}-phone`} label={t('teacher.auth.phone')} type="tel" autoComplete="tel-national" value={values.phone} onChange={set('phone')} />
      </div>
      <TextInput
        id={`${id}-password`}
        label={t('teacher.auth.password')}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
      />
      <TextInput id={`${id}-school`} label={t('teacher.auth.schoolName')} autoComplete="organization" value={values.schoolName} onChange={set('schoolName')} />
      <div className="form-row">
        <TextInput id={`${id}-area`} label={t('teacher.auth.area')} value={values.area} onChange={set('area')} />
        <TextInput id={`${id}-district`} label={t('teacher.auth.district')} value={values.district} onChange={set('district')} />
      </div>
      <NoticeBox notice={notice} />
      <button type="submit" className="button button--primary account-card__submit" disabled={loading}>
        {loading ? t('teacher.auth.registering') : t('teacher.auth.register')}
      </button>
    </form>
  );
}

/** The teacher's Login / Register modal of /add-student. */
export default function TeacherAuthDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [registered, setRegistered] = useState<{ email: string } | null>(null);

  return (
    <Modal title={mode === 'login' ? t('teacher.auth.loginTitle') : t('teacher.auth.registerTitle')} onClose={onClose} className="modal--wide">
      {mode === 'login' ? (
        <LoginForm
          key={registered?.email ?? 'login'}
          initialEmail={registered?.email ?? ''}
          notice={registered ? { tone: 'success', text: t('teacher.auth.registered') } : null}
          onSignedIn={onClose}
        />
      ) : (
        <RegisterForm
          onRegistered={(email) => {
            setRegistered({ email });
            setMode('login');
          }}
        />
      )}
      <div className="account-card__footer">
        <button type="button" className="link-button" onClick={() => setMode(mode === 'login' ? 'register' : 'login')}>
          {mode === 'login' ? t('teacher.auth.toRegister') : t('teacher.auth.toLogin')}
        </button>
      </div>
    </Modal>
  );
}
