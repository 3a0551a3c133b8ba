import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import type { EventNavigationState } from './event-card';
import { LiveEventDetail } from './live-event-detail';
import './events.css';
import { Icon } from '@/components/ui/icon';

function BackLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // 'default' is the key of the first entry of this session: there is no previous page of ours.
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
      {t('eventDetail.back')}
    </Link>
  );
}

/**
 * An event's page. Drawn by the site server with its event (the route's page data), it hydrates from
 * that event alone, without the data layer; Register Now and the waitlist fetch the data layer only if
 * a signed-in reader uses them. Opened in the app, the page asks the API (usePageQuery).
 */
export function EventDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const passed = (location.state as EventNavigationState | null)?.event;
  const preview = passed && passed.id === id ? passed : undefined;
  return (
    <div className="container section">
      <BackLink />
      <LiveEventDetail id={id} preview={preview} />
    </div>
  );
}
