import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { GetForm } from '@/components/ui/get-form';
import { RETURN_PARAM, type LoginReturnState } from '@/features/accounts/lib/return-path';

/** The fragment of an event page's URL that brings its registration into focus on arrival (EventRegistrationSlot). */
export const REGISTER_HASH = '#register';

/** This page (with its query, e.g. ?offer=accept), to come back to after signing in; `#register` with `focus`. */
function useThisPage(focus?: 'register'): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}${focus === 'register' ? REGISTER_HASH : ''}`;
}

/**
 * "Log in", coming back to this page (with its query, e.g. ?offer=accept) once signed in, or signed
 * up. `focus="register"`: back with the registration in focus (`#register`), one tap away.
 */
export function LoginLink({ focus }: { focus?: 'register' } = {}) {
  const { t } = useTranslation();
  const state: LoginReturnState = { from: useThisPage(focus) };
  return (
    <Link to={paths.login.getHref()} state={state}>
      {t('eventRegistration.loginLink')}
    </Link>
  );
}

/**
 * Around a button that needs a sign-in (Register Now, Join waitlist): without script (or pressed before
 * the page is live and then kept by early-press.js) it is a GET of /login?from=<this page>#register, so a
 * signed-out reader reaches the login and comes back here. Once live the button's onClick decides (signed
 * out: it asks to log in; signed in: it acts); the form takes no box.
 */
export function SignInFirst({ children }: { children: ReactNode }) {
  const from = useThisPage('register');
  return (
    <GetForm action={paths.login.getHref()} fields={{ [RETURN_PARAM]: from }} inline>
      {children}
    </GetForm>
  );
}
