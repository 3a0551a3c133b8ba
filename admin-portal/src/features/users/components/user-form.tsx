import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { UserCategory } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { describeError, validationFields } from '@/lib/errors';
import { Field, fieldA11y } from '@/components/ui/field';
import { formCategories, categoryOneLabel, statusLabel, userStatuses } from '../lib/categories';
import {
  needsPassword,
  needsSchoolFields,
  needsStudentFields,
  validateUserForm,
  type UserFormMode,
  type UserFormValues,
} from '../lib/user-rules';

const t = en.users;

export const emptyUserForm: UserFormValues = {
  name: '',
  email: '',
  phone: '',
  category: 'STUDENT',
  status: 'ACTIVE',
  password: '',
  fatherName: '',
  primaryEmail: '',
  schoolName: '',
  district: '',
  area: '',
};

interface Props {
  mode: UserFormMode;
  initialValues?: UserFormValues;
  onSubmit: (values: UserFormValues) => Promise<void>;
}

export function UserForm({ mode, initialValues = emptyUserForm, onSubmit }: Props) {
  const [formError, setFormError] = useState<string | null>(null);
  const resolver: Resolver<UserFormValues> = async (values) => {
    const errors = validateUserForm(values, mode);
    const entries = Object.entries(errors);
    if (entries.length === 0) return { values, errors: {} };
    return { values: {}, errors: Object.fromEntries(entries.map(([k, message]) => [k, { type: 'validate', message }])) };
  };
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues>({ defaultValues: initialValues, resolver });
  const category = watch('category') as UserCategory;
  const student = needsStudentFields(category);
  const school = needsSchoolFields(category);
  const passwordRequired = needsPassword(category, mode);

  const submit = async (values: UserFormValues) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (err) {
      const fields = validationFields(err);
      for (const [name, message] of Object.entries(fields)) {
        if (name in emptyUserForm) setError(name as keyof UserFormValues, { type: 'server', message });
      }
      setFormError(describeError(err, t.submitFailed));
    }
  };

  const text = (name: keyof UserFormValues, label: string, required: boolean, type = 'text', extra: Record<string, unknown> = {}, hint?: string) => {
    const id = `user-${name}`;
    const error = errors[name]?.message;
    return (
      <Field id={id} label={label} error={error} required={required} hint={hint}>
        <input {...fieldA11y(id, error, hint, required)} type={type} {...extra} {...register(name)} />
      </Field>
    );
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="form card">
      {formError && (
        <div className="alert alert-error" role="alert">
          {formError}
        </div>
      )}
      <div className="form-grid">
        {text('name', t.fields.name, true, 'text', { autoComplete: 'off' })}
        {text('email', t.fields.email, true, 'email', { autoComplete: 'off' })}
        {text('phone', t.fields.phone, true, 'tel', { inputMode: 'numeric', maxLength: 10, autoComplete: 'off' })}
        <Field id="user-category" label={t.fields.category} required>
          <select {...fieldA11y('user-category', undefined, undefined, true)} {...register('category')}>
            {formCategories.map((c) => (
              <option key={c} value={c}>
                {categoryOneLabel(c)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="user-status" label={t.fields.status}>
          <select id="user-status" {...register('status')}>
            {userStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </Field>
        {text('password', t.fields.password, passwordRequired, 'password', { autoComplete: 'new-password' }, mode === 'edit' ? t.fields.passwordEditHint : undefined)}
      </div>

      {student && (
        <fieldset className="form-section">
          <legend>{t.studentSection}</legend>
          <div className="form-grid">
            {text('fatherName', t.fields.fatherName, true)}
            {text('primaryEmail', t.fields.primaryEmail, true, 'email')}
            {text('schoolName', t.fields.schoolName, false)}
            {text('district', t.fields.district, false)}
            {text('area', t.fields.area, false)}
          </div>
        </fieldset>
      )}
      {school && (
        <fieldset className="form-section">
          <legend>{t.teacherSection}</legend>
          <div className="form-grid">
            {text('schoolName', t.fields.schoolName, true)}
            {text('district', t.fields.district, true)}
            {text('area', t.fields.area, true)}
          </div>
        </fieldset>
      )}

      <div className="form-actions">
        <Link to={paths.users.getHref()} className="btn btn-secondary">
          {en.common.cancel}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? en.common.saving : mode === 'create' ? t.createSubmit : t.submit}
        </button>
      </div>
    </form>
  );
}
