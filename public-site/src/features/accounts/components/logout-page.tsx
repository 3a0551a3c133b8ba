import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { clearAuthToken } from '@/lib/auth-token';
import { Loading } from '@/components/ui/loading';

/** /logout: removes authToken and reloads the site at the home page. */
export default function LogoutPage() {
  const { t } = useTranslation();
  useEffect(() => {
    clearAuthToken();
    window.location.replace('/');
  }, []);
  return <Loading label={t('accounts.loggingOut')} />;
}
