import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { Icon } from '@/components/ui/icon';

/** 'Back to Events': one page back, or the events page when this is the first page. */
export function BackToEvents() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const canGoBack = location.key !== 'default';
  return (
    <Link
      to={paths.events.getHref()}
      className="back-link"
      onClick={(e) => {
        if (canGoBack) {
          e.preventDefault();
          navigate(-1);
        }
      }}
    >
      <Icon name="arrow-left" size="1em" strokeWidth={2.2} />{' '}
      {t('login.backToEvents')}
    </Link>
  );
}
