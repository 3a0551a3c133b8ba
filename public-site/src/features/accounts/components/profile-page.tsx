import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading } from '@/components/ui/loading';
import type { ViewerFieldsFragment } from '@/gql/graphql';
import { clearAuthToken } from '@/lib/auth-token';
import { errorCode } from '@/lib/errors';
import { reloadPage } from '@/lib/reload';
import { useErrorMessage } from '@/lib/use-error-message';
import { PHONE_PATTERN } from '@/lib/validation';
import { useUpdateProfile } from '../api/use-account-mutations';
import { useMe } from '../api/use-me';
import { categoryKey, statusBadgeClass, statusKey } from './account-labels';
import { NewsSwitch } from './news-switch';
import { ReminderSwitch } from './reminder-switch';
import { FormField } from '@/components/ui/form-field';
import './accounts.css';

interface Values {
  name: string;
  phone: string;
}

function logout() {
  clearAuthToken();
  reloadPage();
}

function EditForm({ user, onDone }: { user: ViewerFieldsFragment; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const messageFor = useErrorMessage();
  const [updateProfile] = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { name: user.name, phone: user.phone ?? '' } });

  const save = async (values: Values) => {
    setFailure(null);
    try {
      await updateProfile({ variables: { input: { name: values.name.trim(), phone: values.phone.trim() } } });
      onDone(true);
    } catch (error) {
      setFailure(messageFor(error, 'profile.updateFailed'));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(save)} aria-label={t('profile.edit')}>
      <FormField
        id={`${id}-name`}
        label={t('profile.name')}
        autoComplete="name"
        autoFocus
        registration={register('name', { validate: (v) => v.trim() !== '' || t('validation.requiredShort') })}
        error={errors.name}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          {t('profile.email')}
        </label>
        <input
          id={`${id}-email`}
          className="field__control"
          value={user.email}
          readOnly
          aria-describedby={`${id}-email-note`}
        />
        <p className="field__hint" id={`${id}-email-note`}>
          {t('profile.emailNote')}
        </p>
      </div>
      <FormField
        id={`${id}-phone`}
        label={t('profile.phone')}
        type="tel"
        inputMode="numeric"
        maxLength={10}
        autoComplete="tel-national"
        registration={register('phone', {
          validate: (v) => (v.trim() === '' ? t('validation.requiredShort') : PHONE_PATTERN.test(v.trim()) || t('validation.phoneDigits')),
        })}
        error={errors.phone}
      />
      {failure ? (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="account-card__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? t('profile.saving') : t('profile.save')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => onDone(false)}>
          {t('profile.cancel')}
        </button>
      </div>
    </form>
  );
}

function Details({ user }: { user: ViewerFieldsFragment }) {
  const { t } = useTranslation();
  return (
    <dl className="details-list">
      <div className="details-list__row">
        <dt>{t('profile.name')}</dt>
        <dd>{user.name}</dd>
      </div>
      <div className="details-list__row">
        <dt>{t('profile.email')}</dt>
        <dd>
          {user.email}
          <span className="field__hint">({t('profile.emailNote')})</span>
        </dd>
      </div>
      <div className="details-list__row">
        <dt>{t('profile.phone')}</dt>
        <dd>{user.phone || '—'}</dd>
      </div>
      <div className="details-list__row">
        <dt>{t('profile.accountType')}</dt>
        <dd>{t(categoryKey(user.category))}</dd>
      </div>
      <div className="details-list__row">
        <dt>{t('profile.status')}</dt>
        <dd>
          <span className={statusBadgeClass(user.status)}>{t(statusKey(user.status))}</span>
          {(user.status ?? 'PENDING') === 'PENDING' ? <span className="badge badge--pending">{t('profile.awaiting')}</span> : null}
        </dd>
      </div>
    </dl>
  );
}

/** /profile and /settings (the same page, opened for editing). */
export default function ProfilePage({ startEditing = false }: { startEditing?: boolean }) {
  const { t } = useTranslation();
  const { data, loading, error, signedIn } = useMe();
  const [editing, setEditing] = useState(startEditing);
  const [saved, setSaved] = useState(false);
  const unauthenticated = errorCode(error) === 'UNAUTHENTICATED';

  useEffect(() => {
    if (unauthenticated) clearAuthToken();
  }, [unauthenticated]);
  useEffect(() => setEditing(startEditing), [startEditing]);

  if (!signedIn || unauthenticated) return <Navigate to={paths.login.getHref()} replace />;

  let body;
  if (data?.me) {
    const user = data.me;
    body = (
      <>
        <div aria-live="polite">
          {saved ? (
            <p className="alert alert--success" role="status">
              {t('profile.updated')}
            </p>
          ) : null}
        </div>
        {editing ? (
          <EditForm
            user={user}
            onDone={(ok) => {
              setSaved(ok);
              setEditing(false);
            }}
          />
        ) : (
          <>
            <Details user={user} />
            <div className="account-card__actions">
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  setSaved(false);
                  setEditing(true);
                }}
              >
                {t('profile.edit')}
              </button>
              {user.category === 'PRIMARY' ? (
                <Link className="button button--secondary" to={paths.addStudent.getHref()}>
                  {t('profile.teacherArea')}
                </Link>
              ) : null}
              <button type="button" className="button button--ghost" onClick={logout}>
                {t('profile.logout')}
              </button>
            </div>
          </>
        )}
        <ReminderSwitch user={user} />
        <NewsSwitch />
      </>
    );
  } else if (loading) {
    body = <Loading label={t('profile.loading')} />;
  } else {
    body = <ErrorAlert>{t('profile.loadError')}</ErrorAlert>;
  }

  return (
    <div className="container section account-page">
      <div className="card account-card">
        <h1 className="page-title account-card__title">{t('profile.heading')}</h1>
        {body}
      </div>
    </div>
  );
}
