import { Suspense } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { dataPart } from '@/app/data-part';
import { useAuthToken } from '@/lib/auth-token';
import { wantDataLayer } from '@/lib/data-layer-loader';
import { useServedPage } from '@/lib/served-page';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { EventNavigationState } from './event-card';
import { EventDetailLoading, EventDetails, type ShownEvent } from './event-details';
import './events.css';
import { Icon } from '@/components/ui/icon';

// The page's content from the API, with the data layer: for every page but the one the server drew.
const LiveEventDetail = dataPart(() => import('./live-event-detail'));

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
 * The event the server drew this page with, while the page is the one the server drew: the history
 * entry the document was loaded at, signed out, in the language it was drawn in. Null otherwise (then
 * the page asks the API).
 */
function useServedEvent(id: string) {
  const served = useServedPage();
  const { i18n } = useTranslation();
  const location = useLocation();
  const token = useAuthToken();
  const event = served?.data.event;
  return event && event.id === id && !token && location.key === served.key && served.language === i18n.language ? event : null;
}

function ServedEventDetail({ event }: { event: NonNullable<ReturnType<typeof useServedEvent>> }) {
  useDocumentTitle(event.title);
  return <EventDetails event={event} complete />;
}

function EventDetailWaiting({ preview }: { preview?: ShownEvent }) {
  const { t } = useTranslation();
  useDocumentTitle(preview?.title ?? t('titles.event'));
  return <EventDetailLoading preview={preview} />;
}

/**
 * An event's page. Drawn by the server with its event (scripts/serve-site.mjs), it hydrates from that
 * event alone, without the data layer (Apollo, a third of the site's code, and its first query: most of
 * what a cheap phone would otherwise do before the page answers a tap); Register Now and the waitlist
 * fetch the data layer only if a signed-in reader uses them. Any other time the page asks the API.
 */
export function EventDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const servedEvent = useServedEvent(id);
  const passed = (location.state as EventNavigationState | null)?.event;
  const preview = passed && passed.id === id ? passed : undefined;

  let body;
  if (servedEvent) {
    body = <ServedEventDetail event={servedEvent} />;
  } else {
    wantDataLayer(); // the page needs it now (the part waits for it)
    body = (
      <Suspense fallback={<EventDetailWaiting preview={preview} />}>
        <LiveEventDetail id={id} preview={preview} />
      </Suspense>
    );
  }

  return (
    <div className="container section">
      <BackLink />
      {body}
    </div>
  );
}
