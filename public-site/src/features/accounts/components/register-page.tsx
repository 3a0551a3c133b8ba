import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { NoticeBox, OtpStep, OtpWait, useOtpFlow } from '@/components/ui/otp-step';
import { forgetSentCode, recallSentCode, recallSentCodeFor, rememberSentCode } from '@/components/ui/otp-memory';
import { EMAIL_PATTERN, PHONE_PATTERN } from '@/lib/validation';
import { useSendSignupCode, useSignUp } from '../api/use-account-mutations';
import { useSignIn } from '../api/use-sign-in';
import { returnPath } from '../lib/return-path';
import { FormField } from '@/components/ui/form-field';
import './accounts.css';

/**
 * The API's userType values (unchanged): upperStudent → secondary, graduate → graduate (active once the
 * e-mail is verified), student → primary, which SPEC.md defines as a teacher who enrols primary-school
 * children and whose account waits for an admin's approval. The ones needing no approval come first.
 */
export const userTypes = ['upperStudent', 'graduate', 'student'] as const;

interface Values {
  name: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  /** Empty until the person chooses: no category is preselected (the teacher one needs approval). */
  userType: (typeof userTypes)[number] | '';
}

const defaults: Values = { name: '', email: '', phone: '', password: '', confirmPassword: '', userType: '' };
/** What a reload brings back of the first step (never the password). */
interface Remembered {
  name: string;
  phone: string;
  userType: Values['userType'];
}

const detailFields = ['name', 'email', 'phone', 'password', 'confirmPassword', 'userType'] as const;

/**
 * /register: details → sendSignupCode → code (also Resend OTP) → signUp → /verify-otp, or back to the
 * page that asked for an account (router state `from`, passed on by /login: e.g. the event whose
 * Register Now led here, which opens with Register Now in focus).
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const [sendCode] = useSendSignupCode();
  const [signUp] = useSignUp();
  const [step, setStep] = useState<1 | 2>(1);
  const {
    register,
    trigger,
    getValues,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<Values>({ defaultValues: defaults, mode: 'onSubmit', reValidateMode: 'onChange', shouldUnregister: false });

  const required = (v: string) => v.trim() !== '' || t('validation.requiredShort');

  const flow = useOtpFlow({
    send: async () => {
      const { email, phone } = getValues();
      await sendCode({ variables: { input: { email: email.trim(), phone: phone.trim() } } });
      const { name, userType } = getValues();
      rememberSentCode<Remembered>('signup', email, { name, phone, userType });
      // The site's own words, in the reader's language (the API answers in English).
      return t('otp.sent');
    },
    sendFailureKey: 'register.failure',
    // The code is checked by the sign-up itself.
    verify: async (otp) => {
      const values = getValues();
      const { data } = await signUp({
        variables: {
          input: {
            name: values.name.trim(),
            email: values.email.trim(),
            phone: values.phone.trim(),
            password: values.password,
            confirmPassword: values.confirmPassword,
            userType: values.userType,
            otp,
          },
        },
      });
      if (!data?.signUp.token) throw new Error('no token');
      forgetSentCode('signup');
      await signIn(data.signUp.token);
      navigate(returnPath(location.state) ?? paths.verifyOtp.getHref());
    },
    verifyFailureKey: 'register.failure',
  });
  const { setNotice } = flow;

  // A reload after the code was sent: the details come back (never the password), and Send OTP
  // goes back to the code already sent while another may not be sent yet. (After hydration: the page is prerendered.)
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const sent = recallSentCode<Remembered>('signup');
    if (!sent) return;
    const userType = (userTypes as readonly string[]).includes(sent.data?.userType) ? sent.data.userType : '';
    reset({ ...defaults, name: sent.data?.name ?? '', email: sent.email, phone: sent.data?.phone ?? '', userType });
    setNotice({ tone: 'info', text: t('register.earlierCode', { email: sent.email }) });
  }, [reset, setNotice, t]);

  const submitDetails = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    if (!(await trigger([...detailFields]))) return;
    if (await flow.requestCode({ reuseEarlier: () => !!recallSentCodeFor('signup', getValues('email')) })) {
      flow.reset();
      setStep(2);
    }
  };

  return (
    <div className="container section account-page">
      <div className="card account-card">
        <h1 className="page-title account-card__title">{t('register.heading')}</h1>
        <p className="account-card__lead">{t('register.intro')}</p>
        <form noValidate onSubmit={submitDetails} hidden={step !== 1}>
          <p className="account-card__step">{t('register.step1')}</p>
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
          <fieldset
            className="field user-types"
            role="radiogroup"
            aria-required="true"
            aria-invalid={errors.userType ? true : undefined}
            aria-describedby={errors.userType ? `${id}-userType-error` : undefined}
          >
            <legend className="field__label">{t('register.userType')}</legend>
            {userTypes.map((type) => (
              <label key={type} className="user-types__option">
                <input
                  type="radio"
                  value={type}
                  aria-labelledby={`${id}-userType-${type}`}
                  aria-describedby={`${id}-userType-${type}-help`}
                  {...register('userType', {
                    validate: (v) => v !== '' || t('register.userTypeRequired'),
                    onChange: () => clearErrors('userType'),
                  })}
                />
                <span className="user-types__text">
                  <span className="user-types__name" id={`${id}-userType-${type}`}>{t(`register.userTypes.${type}`)}</span>
                  <span className="user-types__help" id={`${id}-userType-${type}-help`}>
                    {t(`register.userTypeHelp.${type}`)}
                  </span>
                </span>
              </label>
            ))}
            <p className="field__hint">
              {t('register.childrenNote')} <Link to={paths.addStudent.getHref()}>{t('register.childrenLink')}</Link>
            </p>
            {errors.userType ? (
              <p className="field__error" id={`${id}-userType-error`}>
                {errors.userType.message}
              </p>
            ) : null}
          </fieldset>
          {/* While hidden (step 2), the code step shows the message and the wait. */}
          {step === 1 ? (
            <>
              <NoticeBox notice={flow.notice} />
              <OtpWait flow={flow} />
            </>
          ) : null}
          <div className="account-card__actions">
            <button type="submit" className="button button--primary" disabled={flow.sending || flow.waitSeconds > 0}>
              {flow.sending ? t('register.sending') : t('register.sendOtp')}
            </button>
          </div>
        </form>
        {step === 2 ? (
          <OtpStep
            flow={flow}
            email={getValues('email')}
            verifyLabel={t('register.verify')}
            verifyingLabel={t('register.verifying')}
            intro={<p className="account-card__step">{t('register.step2')}</p>}
            back={{
              label: t('common.back'),
              onClick: () => {
                setNotice(null);
                setStep(1);
              },
            }}
          />
        ) : null}
        <div className="account-card__footer">
          <p>
            {t('register.haveAccount')}{' '}
            <Link to={paths.login.getHref()} state={location.state}>
              {t('register.login')}
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
