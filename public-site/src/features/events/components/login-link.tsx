import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import type { LoginReturnState } from '@/features/accounts/lib/return-path';

/** "Log in", coming back to this page (with its query, e.g. ?offer=accept) once signed in. */
export function LoginLink() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const state: LoginReturnState = { from: `${pathname}${search}` };
  return (
    <Link to={paths.login.getHref()} state={state}>
      {t('eventRegistration.loginLink')}
    </Link>
  );
}
