import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className="container section not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">{t('notFound.heading')}</h1>
      <p className="page-lead">{t('notFound.text')}</p>
      <p>
        <Link className="button button--primary" to={paths.home.getHref()}>
          {t('notFound.home')}
        </Link>
      </p>
    </div>
  );
}
