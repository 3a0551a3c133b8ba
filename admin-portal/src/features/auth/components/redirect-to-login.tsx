import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { clearSession } from '@/lib/session';
import { Loading } from '@/components/ui/loading';
import { en } from '@/i18n/en';

/** Ends the session (token and admin info) and goes to the sign-in page. */
export function RedirectToLogin() {
  const navigate = useNavigate();
  useEffect(() => {
    clearSession();
    navigate(paths.login.getHref(), { replace: true });
  }, [navigate]);
  return <Loading label={en.auth.verifying} />;
}
