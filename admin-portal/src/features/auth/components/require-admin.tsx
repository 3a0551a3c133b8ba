import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { AdminMeDocument } from '@/gql/graphql';
import { getAdminToken, isAdminCategory, saveAdminInfo } from '@/lib/session';
import { Loading } from '@/components/ui/loading';
import { en } from '@/i18n/en';
import { AdminSessionContext } from './admin-session';
import { RedirectToLogin } from './redirect-to-login';

/**
 * Admin verification: with no token, a failed `adminMe` check, or a
 * category other than admin/superadmin, the token is removed and the admin goes to /admin/login.
 */
export function RequireAdmin() {
  const token = getAdminToken();
  const { data, error, loading } = useQuery(AdminMeDocument, { skip: !token, fetchPolicy: 'network-only' });
  const me = data?.adminMe;
  const verified = !!me && isAdminCategory(me.category);

  useEffect(() => {
    if (me && verified) saveAdminInfo({ id: me.id, name: me.name, email: me.email, category: me.category });
  }, [me, verified]);

  if (!token) return <RedirectToLogin />;
  if (loading && !me) return <Loading label={en.auth.verifying} />;
  if (error || !verified) return <RedirectToLogin />;
  return (
    <AdminSessionContext.Provider value={me}>
      <Outlet />
    </AdminSessionContext.Provider>
  );
}
