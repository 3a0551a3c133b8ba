import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { useMe } from '@/features/accounts/api/use-me';
import { clearAuthToken } from '@/lib/auth-token';
import { reloadPage } from '@/lib/reload';
import { AccountButton } from './account-button';
import { useDisclosure } from './use-disclosure';

function logout() {
  clearAuthToken();
  reloadPage();
}

/** The signed-in user's name with My Profile, My events and Logout (a data part of the header). */
export default function UserMenu() {
  const { t } = useTranslation();
  const { data } = useMe();
  const menu = useDisclosure<HTMLDivElement>();
  return (
    <div className="user-menu" ref={menu.ref}>
      <AccountButton name={data?.me.name} aria-expanded={menu.open} aria-controls="user-menu" aria-haspopup="true" onClick={menu.toggle} />
      <ul id="user-menu" className="dropdown dropdown--right" hidden={!menu.open}>
        <li>
          <Link className="dropdown__link" to={paths.profile.getHref()} onClick={menu.close}>
            {t('nav.profile')}
          </Link>
        </li>
        <li>
          <Link className="dropdown__link" to={paths.myEvents.getHref()} onClick={menu.close}>
            {t('nav.myEvents')}
          </Link>
        </li>
        <li>
          <button type="button" className="dropdown__link" onClick={logout}>
            {t('nav.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
