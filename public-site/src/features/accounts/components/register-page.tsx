import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { NoticeBox, OtpStep, OtpWait, useOtpFlow } from '@/components/ui/otp-step';
import { forgetSentCode, recallSentCode, recallSentCodeFor, rememberSentCode, resendWaitSeconds } from '@/components/ui/otp-memory';
import { signupFieldProblem, type SignupField } from '../lib/signup-fields';
import { earlyValues, useEarlyInput } from '@/lib/early-input';
import { useServedForm } from '@/rendering/served-page';
import { messageOf } from '@/lib/use-error-message';
import { formAction, SEND_CODE_INTENT } from '@/lib/form-action';
import { useLive } from '@/rendering/use-live';
import { userTypes } from '../lib/user-types';
import { useSendSignupCode, useSignUp } from '../api/use-account-mutations';
import { useSignIn } from '../api/use-sign-in';
import { returnPath, returnSearch } from '../lib/return-path';
import { FormField } from '@/components/ui/form-field';
import './accounts.css';

export { userTypes };

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
  const { t, i18n } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  // The page to come back to goes along with the form sent before the script (only once live: the
  // prerendered page the server sends for any /register has no ?from=).
  const carried = useLive() ? returnSearch(location.search) : '';
  const signIn = useSignIn();
  const [sendCode] = useSendSignupCode();
  const [signUp] = useSignUp();
  // Send OTP sent before the script ran: the site server checked the details and asked for the code
  // (server/account-forms.ts), and drew the outcome; the page continues from it. The passwords were not
  // kept: with the code step drawn that way, they are asked for again beside the code.
  const served = useServedForm('signup');
  const [step, setStep] = useState<1 | 2>(served?.outcome === 'sent' ? 2 : 1);
  const [passwordsWithCode, setPasswordsWithCode] = useState(served?.outcome === 'sent');
  // What the fields start with: the served outcome's, then what was typed before hydration (drawn as
  // the fields' default values, so that the page without script shows them too).
  const [initial] = useState<Values>(() => {
    const typed = earlyValues('signup');
    const userType = [typed.userType, served?.values.userType].find((v) => (userTypes as readonly (string | undefined)[]).includes(v));
    return {
      name: typed.name ?? served?.values.name ?? '',
      email: typed.email ?? served?.values.email ?? '',
      phone: typed.phone ?? served?.values.phone ?? '',
      password: typed.password ?? '',
      confirmPassword: typed.confirmPassword ?? '',
      userType: (userType as Values['userType'] | undefined) ?? '',
    };
  });
  // The served field errors show until the form is sent again.
  const [servedErrors, setServedErrors] = useState(served?.outcome === 'invalid' ? (served.fieldErrors ?? {}) : {});
  const {
    register,
    trigger,
    getValues,
    setValue,
    clearErrors,
    reset,
    formState: { errors: formErrors },
  } = useForm<Values>({ defaultValues: initial, mode: 'onSubmit', reValidateMode: 'onChange', shouldUnregister: false });
  useEarlyInput('signup', () => getValues() as unknown as Record<string, string>, (typed) => {
    for (const [name, value] of Object.entries(typed)) {
      if (name in defaults) setValue(name as keyof Values, value as Values[keyof Values]);
    }
  });
  const errors: Partial<Record<keyof Values, FieldError>> = { ...formErrors };
  for (const [name, key] of Object.entries(servedErrors)) {
    if (name in defaults) errors[name as keyof Values] ??= { type: 'server', message: t(key) };
  }

  const check = (field: SignupField, value: string, password?: string) => {
    const problem = signupFieldProblem(field, value, password);
    return problem ? t(problem) : true;
  };

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
      // Asked again beside the code (the code step was drawn by the server): checked first.
      if (passwordsWithCode && !(await trigger(['password', 'confirmPassword']))) throw new Error('passwords');
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
      navigate(returnPath(location.state, location.search) ?? paths.verifyOtp.getHref());
    },
    verifyFailureKey: 'register.failure',
    initialNotice:
      served?.outcome === 'sent'
        ? { tone: 'info', text: t('otp.sent') }
        : served?.outcome === 'failed' && served.error
          ? { tone: 'error', text: messageOf(served.error, 'register.failure', t, i18n.language) }
          : null,
  });
  const { setNotice, startWait } = flow;

  // A reload after the code was sent: the details come back (never the password), and Send OTP
  // goes back to the code already sent while another may not be sent yet. (After hydration: the page is prerendered.)
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    if (served?.outcome === 'sent' && served.sentAt) {
      // The code the server asked for: remembered for this tab, as if the page had sent it.
      const { name, phone, email } = served.values;
      rememberSentCode<Remembered>('signup', email, { name, phone, userType: initial.userType }, served.sentAt);
      startWait(resendWaitSeconds(served.sentAt));
      return;
    }
    if (served?.error?.retryAfterSeconds) {
      startWait(served.error.retryAfterSeconds);
      return;
    }
    const sent = recallSentCode<Remembered>('signup');
    if (!sent) return;
    const userType = (userTypes as readonly string[]).includes(sent.data?.userType) ? sent.data.userType : '';
    reset({ ...defaults, name: sent.data?.name ?? '', email: sent.email, phone: sent.data?.phone ?? '', userType });
    setNotice({ tone: 'info', text: t('register.earlierCode', { email: sent.email }) });
  }, [reset, setNotice, startWait, t, served, initial.userType]);

  const submitDetails = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    setServedErrors({});
    if (!(await trigger([...detailFields]))) return;
    if (await flow.requestCode({ reuseEarlier: () => !!recallSentCodeFor('signup', getValues('email')) })) {
      flow.reset();
      setStep(2);
    }
  };

  const passwordRow = (
    <div className="form-row">
      <FormField
        id={`${id}-password`}
        label={t('register.password')}
        type="password"
        autoComplete="new-password"
        registration={register('password', { validate: (v) => check('password', v) })}
        error={errors.password}
      />
      <FormField
        id={`${id}-confirm`}
        label={t('register.confirmPassword')}
        type="password"
        autoComplete="new-password"
        registration={register('confirmPassword', {
          validate: (v, all) => check('confirmPassword', v, all.password),
        })}
        error={errors.confirmPassword}
      />
    </div>
  );

  return (
    <div className="container section account-page">
      <div className="card account-card">
        <h1 className="page-title account-card__title">{t('register.heading')}</h1>
        <p className="account-card__lead">{t('register.intro')}</p>
        {/* A real form: sent before the script runs (or without it), the site server checks it, asks for
            the code and draws the code step (server/account-forms.ts); once live, the handler sends it. */}
        <form
          method="post"
          action={formAction(`${paths.register.getHref()}${carried}`, i18n.language)}
          data-form="signup"
          noValidate
          onSubmit={submitDetails}
          hidden={step !== 1}
        >
          <p className="account-card__step">{t('register.step1')}</p>
          <FormField
            id={`${id}-name`}
            label={t('register.name')}
            autoComplete="name"
            defaultValue={initial.name}
            registration={register('name', { validate: (v) => check('name', v) })}
            error={errors.name}
          />
          <FormField
            id={`${id}-email`}
            label={t('register.email')}
            type="email"
            autoComplete="email"
            defaultValue={initial.email}
            registration={register('email', {
              validate: (v) => check('email', v),
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
            defaultValue={initial.phone}
            registration={register('phone', { validate: (v) => check('phone', v) })}
            error={errors.phone}
          />
          {passwordsWithCode ? null : passwordRow}
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
                  defaultChecked={initial.userType === type}
                  aria-labelledby={`${id}-userType-${type}`}
                  aria-describedby={`${id}-userType-${type}-help`}
                  {...register('userType', {
                    validate: (v) => check('userType', v),
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
            <button type="submit" name="intent" value={SEND_CODE_INTENT} className="button button--primary" disabled={flow.sending || flow.waitSeconds > 0}>
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
            intro={
              <>
                <p className="account-card__step">{t('register.step2')}</p>
                {passwordsWithCode ? (
                  <>
                    <p className="account-card__lead">{t('register.passwordsAgain')}</p>
                    {passwordRow}
                  </>
                ) : null}
              </>
            }
            back={{
              label: t('common.back'),
              onClick: () => {
                setNotice(null);
                setPasswordsWithCode(false);
                setStep(1);
              },
            }}
          />
        ) : null}
        <div className="account-card__footer">
          <p>
            {t('register.haveAccount')}{' '}
            <Link to={`${paths.login.getHref()}${returnSearch(location.search)}`} state={location.state}>
              {t('register.login')}
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
