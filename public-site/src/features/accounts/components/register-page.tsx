import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { OtpField } from '@/components/ui/otp-field';
import { useErrorMessage } from '@/lib/use-error-message';
import { EMAIL_PATTERN, PHONE_PATTERN } from '@/lib/validation';
import { useSendSignupCode, useSignUp } from '../api/use-account-mutations';
import { useSignIn } from '../api/use-sign-in';
import { FormField } from '@/components/ui/form-field';
import './accounts.css';

export const userTypes = ['student', 'upperStudent', 'graduate'] as const;

interface Values {
  name: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  userType: (typeof userTypes)[number];
  otp: string;
}

const defaults: Values = { name: '', email: '', phone: '', password: '', confirmPassword: '', userType: 'student', otp: '' };
const detailFields = ['name', 'email', 'phone', 'password', 'confirmPassword', 'userType'] as const;

/** /register (SPEC 2.12): details → sendSignupCode → code → signUp → /verify-otp. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const messageFor = useErrorMessage();
  const signIn = useSignIn();
  const [sendCode, { loading: sending }] = useSendSignupCode();
  const [signUp] = useSignUp();
  const [step, setStep] = useState<1 | 2>(1);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: defaults, mode: 'onSubmit', reValidateMode: 'onChange', shouldUnregister: false });

  const required = (v: string) => v.trim() !== '' || t('validation.requiredShort');

  const submitDetails = async () => {
    setNotice(null);
    if (!(await trigger([...detailFields]))) return;
    const { email, phone } = getValues();
    try {
      const { data } = await sendCode({ variables: { input: { email: email.trim(), phone: phone.trim() } } });
      setNotice({ tone: 'info', text: data?.sendSignupCode.message ?? t('registration.otpSent') });
      setStep(2);
    } catch (error) {
      setNotice({ tone: 'error', text: messageFor(error, 'register.failure') });
    }
  };

  const submitAll = async (values: Values) => {
    setNotice(null);
    try {
      const { data } = await signUp({
        variables: {
          input: {
            name: values.name.trim(),
            email: values.email.trim(),
            phone: values.phone.trim(),
            password: values.password,
            confirmPassword: values.confirmPassword,
            userType: values.userType,
            otp: values.otp.trim(),
          },
        },
      });
      if (!data?.signUp.token) throw new Error('no token');
      await signIn(data.signUp.token);
      navigate(paths.verifyOtp.getHref());
    } catch (error) {
      setNotice({ tone: 'error', text: messageFor(error, 'register.failure') });
    }
  };

  const noticeBox = notice ? (
    <p className={`alert alert--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </p>
  ) : null;

  return (
    <div className="container section account-page">
      <div className="card account-card">
        <h1 className="page-title account-card__title">{t('register.heading')}</h1>
        <p className="account-card__lead">{t('register.intro')}</p>
        <form
          noValidate
          onSubmit={(e) => {
            if (step === 1) {
              e.preventDefault();
              void submitDetails();
            } else {
              void handleSubmit(submitAll)(e);
            }
          }}
        >
          <p className="account-card__step">{step === 1 ? t('register.step1') : t('register.step2')}</p>
          <div hidden={step !== 1}>
            <FormField
              id={`${id}-name`}
              label={t('register.name')}
              autoComplete="name"
              registration={register('name', { validate: required })}
              error={errors.name}
            />
            <FormField
              id={`${id}-email`}
              label={t('register.email')}
              type="email"
              autoComplete="email"
              registration={register('email', {
                validate: (v) => (v.trim() === '' ? t('validation.requiredShort') : EMAIL_PATTERN.test(v.trim()) || t('validation.emailInvalidShort')),
              })}
              error={errors.email}
            />
            <FormField
              id={`${id}-phone`}
              label={t('register.phone')}
              type="tel"
              inputMode="numeric"
              maxLength={10}
              autoComplete="tel-national"
              registration={register('phone', { validate: (v) => PHONE_PATTERN.test(v.trim()) || t('validation.phoneDigits') })}
              error={errors.phone}
            />
            <div className="form-row">
              <FormField
                id={`${id}-password`}
                label={t('register.password')}
                type="password"
                autoComplete="new-password"
                registration={register('password', { validate: (v) => v.length >= 6 || t('validation.passwordMin') })}
                error={errors.password}
              />
              <FormField
                id={`${id}-confirm`}
                label={t('register.confirmPassword')}
                type="password"
                autoComplete="new-password"
                registration={register('confirmPassword', {
                  validate: (v, all) => v === all.password || t('validation.passwordsMatch'),
                })}
                error={errors.confirmPassword}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-userType`}>
                {t('register.userType')}
              </label>
              <select
                id={`${id}-userType`}
                className="field__control"
                aria-invalid={errors.userType ? true : undefined}
                {...register('userType', { required: t('validation.requiredShort') })}
              >
                {userTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`register.userTypes.${type}`)}
                  </option>
                ))}
              </select>
              {errors.userType ? <p className="field__error">{errors.userType.message}</p> : null}
            </div>
          </div>
          {step === 2 ? (
            <OtpField
              id={`${id}-otp`}
              label={t('otp.label')}
              hint={t('otp.hint', { email: getValues('email').trim() })}
              error={errors.otp?.message}
              autoFocus
              {...register('otp', {
                validate: (v) => {
                  const code = v.trim();
                  if (!code) return t('validation.otpRequired');
                  return /^\d{6}$/.test(code) || t('validation.otpDigits');
                },
              })}
            />
          ) : null}
          {noticeBox}
          <div className="account-card__actions">
            <button type="submit" className="button button--primary" disabled={sending || isSubmitting}>
              {step === 1
                ? sending
                  ? t('register.sending')
                  : t('register.sendOtp')
                : isSubmitting
                  ? t('register.verifying')
                  : t('register.verify')}
            </button>
            {step === 2 ? (
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
            ) : null}
          </div>
        </form>
        <div className="account-card__footer">
          <p>
            {t('register.haveAccount')} <Link to={paths.login.getHref()}>{t('register.login')}</Link>
          </p>
        </div>
      </div>
    </div>
  );
}
