import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import type { LoginReturnState } from '@/features/accounts/lib/return-path';

/** The fragment of an event page's URL that brings its registration into focus on arrival (EventRegistrationSlot). */
export const REGISTER_HASH = '#register';

/**
 * "Log in", coming back to this page (with its query, e.g. ?offer=accept) once signed in, or signed
 * up. `focus="register"`: back with the registration in focus (`#register`), one tap away.
 */
export function LoginLink({ focus }: { focus?: 'register' } = {}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const state: LoginReturnState = { from: `${pathname}${search}${focus === 'register' ? REGISTER_HASH : ''}` };
  return (
    <Link to={paths.login.getHref()} state={state}>
      {t('eventRegistration.loginLink')}
    </Link>
  );
}
