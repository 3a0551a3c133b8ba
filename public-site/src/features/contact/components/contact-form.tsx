import { useEffect, useId, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from '@/i18n/translator';
import type { ContactInput } from '@/gql/graphql';
import { errorCode, validationFields } from '@/lib/errors';
import { contactFieldProblem, type ContactField } from '../lib/contact-fields';
import { earlyValues, useEarlyInput } from '@/lib/early-input';
import { useServedForm } from '@/rendering/served-page';
import { formAction } from '@/lib/form-action';
import { paths } from '@/config/paths';
import { useSubmitContact } from '../api/use-submit-contact';

export const SUCCESS_BANNER_MS = 3000;

type Values = ContactInput;
const fieldNames: (keyof Values)[] = ['name', 'email', 'phone', 'subject', 'message'];
const emptyValues: Values = { name: '', email: '', phone: '', subject: '', message: '' };

type Status = 'idle' | 'success' | 'failure' | 'invalid';

/** The form's own fields of what was typed. */
const pick = (typed: Record<string, string>): Partial<Values> =>
  Object.fromEntries(Object.entries(typed).filter(([name]) => (fieldNames as string[]).includes(name)));

export function ContactForm() {
  const { t, i18n } = useTranslation();
  const formId = useId();
  const [submitContact] = useSubmitContact();
  // A form the browser sent before the script ran (server/contact-form.ts): the page was drawn with its
  // outcome, and carries on from it until the reader sends the form again.
  const served = useServedForm('contact');
  const [status, setStatus] = useState<Status>(() =>
    served?.outcome === 'sent' ? 'success' : served?.outcome === 'invalid' ? 'invalid' : served?.outcome === 'failed' ? 'failure' : 'idle',
  );
  const [failureKey, setFailureKey] = useState(served?.error?.code === 'RATE_LIMITED' ? 'errors.RATE_LIMITED' : 'contact.failure');
  // The served outcome's field errors, shown until the form is sent again (react-hook-form's own errors
  // start empty, and are set only after the first render, which the server draws).
  const [servedErrors, setServedErrors] = useState(() => (served?.outcome === 'invalid' ? (served.fieldErrors ?? {}) : {}));
  // Also each field's defaultValue: react-hook-form sets its fields only once mounted, so the page the
  // server draws (a form sent before the script) shows what was typed through these.
  const [initialValues] = useState<Values>(() => ({
    ...emptyValues,
    ...(served && served.outcome !== 'sent' ? pick(served.values) : {}),
    ...pick(earlyValues('contact')),
  }));
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    // What was typed into the served form before the script ran (lib/early-input.ts): react-hook-form
    // would otherwise write its empty defaults into the fields when it registers them.
    defaultValues: initialValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useEarlyInput('contact', () => getValues(), (typed) => {
    for (const [name, value] of Object.entries(pick(typed))) setValue(name as keyof Values, value);
  });

  useEffect(() => {
    if (status !== 'success') return;
    const id = window.setTimeout(() => setStatus('idle'), SUCCESS_BANNER_MS);
    return () => window.clearTimeout(id);
  }, [status]);

  const onSubmit = async (values: Values) => {
    setStatus('idle');
    setServedErrors({});
    const input: Values = {
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
    };
    try {
      await submitContact({ variables: { input } });
      reset(emptyValues);
      setStatus('success');
    } catch (error) {
      const code = errorCode(error);
      if (code === 'VALIDATION') {
        const fields = validationFields(error);
        let marked = false;
        for (const field of Object.keys(fields)) {
          if ((fieldNames as string[]).includes(field)) {
            setError(field as FieldPath<Values>, {
              type: 'server',
              message: t(`validation.server.${field}`),
            });
            marked = true;
          }
        }
        if (marked) {
          setStatus('invalid');
          return;
        }
      }
      setFailureKey(code === 'RATE_LIMITED' ? 'errors.RATE_LIMITED' : 'contact.failure');
      setStatus('failure');
    }
  };

  const validateField = (field: ContactField, value: string) => {
    const problem = contactFieldProblem(field, value);
    return problem ? t(problem) : true;
  };
  const errorOf = (name: keyof Values): string | undefined => errors[name]?.message ?? (servedErrors[name] ? t(servedErrors[name]) : undefined);
  const describedBy = (name: keyof Values) => (errorOf(name) ? `${formId}-${name}-error` : undefined);
  const fieldError = (name: keyof Values) => {
    const message = errorOf(name);
    return message ? (
      <p className="field__error" id={`${formId}-${name}-error`}>
        {message}
      </p>
    ) : null;
  };

  return (
    // POST, never GET: sent before the script runs, nothing typed goes into a URL.
    <form method="post" action={formAction(paths.contact.getHref(), i18n.language)} data-form="contact" className="contact-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby={`${formId}-title`}>
      <h2 className="card-title" id={`${formId}-title`}>
        {t('contact.formHeading')}
      </h2>
      <div className="form-row">
        <div className="field">
          <label className="field__label" htmlFor={`${formId}-name`}>
            {t('contact.name')}
          </label>
          <input
            id={`${formId}-name`}
            className="field__control"
            autoComplete="name"
            aria-invalid={errorOf('name') ? true : undefined}
            aria-describedby={describedBy('name')}
            defaultValue={initialValues.name}
            {...register('name', { validate: (v) => validateField('name', v) })}
          />
          {fieldError('name')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${formId}-email`}>
            {t('contact.email')}
          </label>
          <input
            id={`${formId}-email`}
            className="field__control"
            type="email"
            autoComplete="email"
            aria-invalid={errorOf('email') ? true : undefined}
            aria-describedby={describedBy('email')}
            defaultValue={initialValues.email}
            {...register('email', { validate: (v) => validateField('email', v) })}
          />
          {fieldError('email')}
        </div>
      </div>
      <div className="form-row">
        <div className="field">
          <label className="field__label" htmlFor={`${formId}-phone`}>
            {t('contact.phone')}
          </label>
          <input
            id={`${formId}-phone`}
            className="field__control"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            aria-invalid={errorOf('phone') ? true : undefined}
            aria-describedby={describedBy('phone')}
            defaultValue={initialValues.phone}
            {...register('phone', { validate: (v) => validateField('phone', v) })}
          />
          {fieldError('phone')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${formId}-subject`}>
            {t('contact.subject')}
          </label>
          <input
            id={`${formId}-subject`}
            className="field__control"
            aria-invalid={errorOf('subject') ? true : undefined}
            aria-describedby={describedBy('subject')}
            defaultValue={initialValues.subject}
            {...register('subject', { validate: (v) => validateField('subject', v) })}
          />
          {fieldError('subject')}
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${formId}-message`}>
          {t('contact.message')}
        </label>
        <textarea
          id={`${formId}-message`}
          className="field__control"
          rows={6}
          aria-invalid={errorOf('message') ? true : undefined}
          aria-describedby={describedBy('message')}
          defaultValue={initialValues.message}
            {...register('message', { validate: (v) => validateField('message', v) })}
        />
        {fieldError('message')}
      </div>
      <div aria-live="polite" className="contact-form__status">
        {status === 'success' ? (
          <p className="alert alert--success" role="status">
            {t('contact.success')}
          </p>
        ) : null}
      </div>
      {status === 'failure' ? (
        <p className="alert alert--error" role="alert">
          {t(failureKey)}
        </p>
      ) : null}
      {status === 'invalid' ? (
        <p className="alert alert--error" role="alert">
          {t('contact.fixFields')}
        </p>
      ) : null}

      <button type="submit" className="button button--primary contact-form__submit" disabled={isSubmitting}>
        {isSubmitting ? t('contact.sending') : t('contact.send')}
      </button>
    </form>
  );
}
