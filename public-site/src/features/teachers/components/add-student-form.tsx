import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/i18n/translator';
import type { StudentInput } from '@/gql/graphql';
import { FormField } from '@/components/ui/form-field';
import { useErrorMessage } from '@/lib/use-error-message';
import { EMAIL_PATTERN, PHONE_PATTERN } from '@/lib/validation';
import { useAddStudent } from '../api/use-teachers';

const empty: StudentInput = { name: '', fatherName: '', area: '', district: '', schoolName: '', email: '', phone: '' };

/** The add-student form: every field required, phone 10 digits. */
export function AddStudentForm() {
  const { t } = useTranslation();
  const id = useId();
  const messageFor = useErrorMessage();
  const [addStudent] = useAddStudent();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<StudentInput>({ defaultValues: empty });

  const required = (v: string) => v.trim() !== '' || t('validation.requiredShort');

  const submit = async (values: StudentInput) => {
    setResult(null);
    const input = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v).trim()])) as StudentInput;
    try {
      await addStudent({ variables: { input } });
      reset(empty);
      setResult({ ok: true, text: t('teacher.form.added') });
    } catch (error) {
      setResult({ ok: false, text: messageFor(error, 'teacher.form.failed') });
    }
  };

  const text = (name: keyof StudentInput, autoComplete = 'off') => (
    <FormField
      id={`${id}-${name}`}
      label={t(`teacher.form.${name}`)}
      autoComplete={autoComplete}
      registration={register(name, { validate: required })}
      error={errors[name]}
    />
  );

  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 className="card-title" id={`${id}-heading`}>
        {t('teacher.form.heading')}
      </h2>
      <form noValidate onSubmit={handleSubmit(submit)}>
        <div className="form-row">
          {text('name')}
          {text('fatherName')}
        </div>
        <div className="form-row">
          <FormField
            id={`${id}-email`}
            label={t('teacher.form.email')}
            type="email"
            autoComplete="off"
            registration={register('email', {
              validate: (v) => (v.trim() === '' ? t('validation.requiredShort') : EMAIL_PATTERN.test(v.trim()) || t('validation.emailInvalidShort')),
            })}
            error={errors.email}
          />
          <FormField
            id={`${id}-phone`}
            label={t('teacher.form.phone')}
            type="tel"
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
            registration={register('phone', {
              validate: (v) => (v.trim() === '' ? t('validation.requiredShort') : PHONE_PATTERN.test(v.trim()) || t('validation.phoneDigits')),
            })}
            error={errors.phone}
          />
        </div>
        {text('schoolName')}
        <div className="form-row">
          {text('area')}
          {text('district')}
        </div>
        <div aria-live="polite">
          {result?.ok ? (
            <p className="alert alert--success" role="status">
              {result.text}
            </p>
          ) : null}
        </div>
        {result && !result.ok ? (
          <p className="alert alert--error" role="alert">
            {result.text}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? t('teacher.form.adding') : t('teacher.form.submit')}
        </button>
      </form>
    </section>
  );
}
