import { useEffect } from 'react';
import { useTranslation } from '@/i18n/translator';
import { clearAuthToken } from '@/lib/auth-token';
import { replacePage } from '@/lib/reload';
import { Loading } from '@/components/ui/loading';

/** /logout (the mobile menu's link): removes authToken (and token) and reloads the site at the home page. */
export default function LogoutPage() {
  const { t } = useTranslation();
  useEffect(() => {
    clearAuthToken();
    replacePage('/');
  }, []);
  return <Loading label={t('accounts.loggingOut')} />;
}
