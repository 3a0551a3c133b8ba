import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';

/** Temporary body of the account pages until the accounts work replaces them. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="container section coming-soon">
      <h1 className="page-title">{t(titleKey)}</h1>
      <p className="page-lead">{t('accounts.comingSoon')}</p>
      <p>{t('accounts.comingSoonText')}</p>
      <p>
        <Link to={paths.home.getHref()} className="button button--secondary">
          {t('accounts.backHome')}
        </Link>
      </p>
    </div>
  );
}
