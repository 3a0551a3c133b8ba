import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { useMutation } from '@apollo/client/react';
import { AdminLoginDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { env } from '@/config/env';
import { en } from '@/i18n/en';
import { describeError } from '@/lib/errors';
import { clearSession, getAdminToken, isAdminCategory, saveSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Field, fieldA11y } from '@/components/ui/field';
import '../auth.css';

interface LoginValues {
  email: string;
  password: string;
}

const t = en.auth;

export function LoginPage() {
  useDocumentTitle(t.title);
  const navigate = useNavigate();
  const [login] = useMutation(AdminLoginDocument);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });

  if (getAdminToken()) return <Navigate to={paths.admin.getHref()} replace />;

  const onSubmit = async (values: LoginValues) => {
    setFormError(null);
    try {
      const { data } = await login({ variables: { input: { email: values.email.trim(), password: values.password } } });
      const payload = data?.adminLogin;
      if (!payload) throw new Error('empty response');
      if (!isAdminCategory(payload.user.category)) {
        clearSession();
        setFormError(t.notAdmin);
        return;
      }
      const { id, name, email, category } = payload.user;
      saveSession(payload.token, { id, name, email, category });
      navigate(paths.admin.getHref(), { replace: true });
    } catch (err) {
      setFormError(describeError(err, t.failed));
    }
  };

  return (
    <div className="login-screen">
      <main className="login-card" id="main">
        <div className="login-brand" aria-hidden="true">
          <img src="/favicon.svg" alt="" width="44" height="44" />
        </div>
        <h1 className="login-title">{t.title}</h1>
        <p className="login-subtitle">{t.subtitle}</p>
        {formError && (
          <div className="alert alert-error" role="alert">
            {formError}
          </div>
        )}
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="form">
          <Field id="login-email" label={t.email} error={errors.email?.message} required>
            <input
              {...fieldA11y('login-email', errors.email?.message, undefined, true)}
              type="email"
              autoComplete="username"
              autoFocus
              {...register('email', {
                required: t.emailRequired,
                pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: t.emailInvalid },
              })}
            />
          </Field>
          <Field id="login-password" label={t.password} error={errors.password?.message} required>
            <input
              {...fieldA11y('login-password', errors.password?.message, undefined, true)}
              type="password"
              autoComplete="current-password"
              {...register('password', { required: t.passwordRequired })}
            />
          </Field>
          <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? t.submitting : t.submit}
          </button>
        </form>
        <p className="login-footer">
          {t.userLoginPrompt} <a href={`${env.publicOrigin}/login`}>{t.userLogin}</a>
        </p>
      </main>
    </div>
  );
}

export default LoginPage;
