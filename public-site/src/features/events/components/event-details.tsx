import { Suspense } from 'react';
import { useTranslation } from '@/i18n/translator';
import { lazyPart } from '@/rendering/lazy-part';
import type { EventCardFieldsFragment, EventDetailFieldsFragment, SeriesDatesFieldsFragment } from '@/gql/graphql';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Loading } from '@/components/ui/loading';
import { formatEventDate, formatEventTime, formatNumber } from '@/lib/format';
import { useLocale } from '@/i18n/use-locale';
import { useAuthToken } from '@/lib/auth-token';
import { EventBadge } from './event-badge';
import { EventRegistrationSlot } from './event-registration-slot';
import { EventSessionList, type ShownSession } from './event-sessions';
import { OnlineEventLink } from '@/features/online/components/online-event-link';
import { OnlineBadge } from '@/features/online/components/online-badge';
import { SeriesDates } from '@/features/series/components/series-dates';
import defaultEventImage from '@/assets/event-default.webp';
import { EVENT_IMAGE_SIZES } from '../lib/event-image';
import { ServedText } from '@/rendering/served-text';

// Only a signed-in reader has a check-in code or certificate: its code (and the data layer) loads for them.
const MyEventPass = lazyPart<{ eventId: string }>(() => import('./my-event-pass').then((m) => ({ default: m.MyEventPass })), { data: 'when-wanted' });

export type ShownEvent = EventCardFieldsFragment & Partial<EventDetailFieldsFragment> & Partial<SeriesDatesFieldsFragment> & { sessions?: readonly ShownSession[] | null };

/**
 * An event's page content: from the event itself (`complete`), or from its card's fields while it loads
 * (no registration or pass then).
 */
export function EventDetails({ event, complete }: { event: ShownEvent; complete: boolean }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const token = useAuthToken();
  // The viewer's check-in code (registered) or certificate (past events): only signed in, once the
  // event itself is loaded; remounted when registration changes, so that it is read again.
  const showPass = complete && Boolean(token) && !event.cancelled && (event.isRegistered || !event.isUpcoming);
  const start = t('events.dateTime', {
    date: formatEventDate(event.date, locale, 'long'),
    time: formatEventTime(event.time, locale),
  });
  let end: string | null = null;
  if (event.endDate && event.endTime) {
    end = t('events.dateTime', {
      date: formatEventDate(event.endDate, locale, 'long'),
      time: formatEventTime(event.endTime, locale),
    });
  } else if (event.endDate) {
    end = formatEventDate(event.endDate, locale, 'long');
  } else if (event.endTime) {
    end = formatEventTime(event.endTime, locale);
  }
  const speaker = event.speaker?.trim();

  return (
    <article className="event-detail">
      {/* The event's text is kept as the server drew it while the page hydrates (rendering/served-text.tsx). */}
      <ServedText as="header" className="event-detail__header">
        <EventBadge event={event} />
        <h1 className="page-title event-detail__title">{event.title}</h1>
        {speaker ? <p className="event-detail__speaker">{t('eventDetail.speaker', { speaker })}</p> : null}
        {event.cancelled ? (
          <p className="alert alert--error event-detail__cancelled" role="status">
            {t('eventDetail.cancelled')}
          </p>
        ) : null}
      </ServedText>
      <div className="event-detail__layout">
        <div className="event-detail__media">
          <FallbackImage
            className="event-detail__image"
            src={event.imageUrl}
            srcSet={event.imageSrcSet}
            sizes={EVENT_IMAGE_SIZES}
            // The page's largest element: fetched first (the site server also preloads it with these sizes).
            fetchPriority="high"
            fallbackSrc={defaultEventImage}
            alt={t('events.eventImage', { title: event.title })}
            width={1280}
            height={800}
          />
        </div>
        <div className="event-detail__facts">
          <ServedText as="dl">
            <div className="fact">
              <dt>{t('eventDetail.starts')}</dt>
              <dd>
                <time dateTime={`${event.date}T${event.time}`}>{start}</time>
              </dd>
            </div>
            {end ? (
              <div className="fact">
                <dt>{t('eventDetail.ends')}</dt>
                <dd>{end}</dd>
              </div>
            ) : null}
            <div className="fact">
              <dt>{t('eventDetail.location')}</dt>
              <dd>
                {event.location}
                <OnlineBadge event={event} />
              </dd>
            </div>
            <div className="fact">
              <dt>{t('eventDetail.category')}</dt>
              <dd>{t(`eventDetail.categories.${event.category}`)}</dd>
            </div>
            {event.maxParticipants != null && event.registeredCount != null ? (
              <div className="fact">
                <dt>{t('eventDetail.participants')}</dt>
                <dd data-testid="participants">
                  {t('eventDetail.registeredOf', {
                    registered: formatNumber(event.registeredCount, locale),
                    max: formatNumber(event.maxParticipants, locale),
                  })}
                  {!event.cancelled && !event.hasStarted && event.offeredCount ? (
                    <span className="fact__note" data-testid="held">
                      {t('eventDetail.held', { count: event.offeredCount, n: formatNumber(event.offeredCount, locale) })}
                    </span>
                  ) : null}
                  {!event.cancelled && event.waitlistCount != null && (event.waitlistCount > 0 || event.isFull) ? (
                    <span className="fact__note" data-testid="waiting">
                      {t('eventDetail.waiting', { n: formatNumber(event.waitlistCount, locale) })}
                    </span>
                  ) : null}
                </dd>
              </div>
            ) : null}
          </ServedText>
          {event.externalLink ? (
            <a className="button button--secondary" href={event.externalLink} target="_blank" rel="noopener noreferrer">
              {t('eventDetail.website')}
              <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
            </a>
          ) : null}
          {!event.isUpcoming && !event.cancelled ? (
            <p className="notice">{t('eventDetail.past')}</p>
          ) : complete && event.isUpcoming ? (
            <EventRegistrationSlot event={event as EventDetailFieldsFragment} />
          ) : null}
          <OnlineEventLink event={event} complete={complete} />
          {showPass ? (
            <Suspense fallback={null}>
              <MyEventPass key={String(event.isRegistered)} eventId={event.id} />
            </Suspense>
          ) : null}
        </div>
      </div>
      <ServedText className="contents">
        <EventSessionList sessions={event.sessions} />
      </ServedText>
      <ServedText className="event-detail__description">
        {() => event.description.split(/\n{2,}/).map((para, i) => <p key={i}>{para}</p>)}
      </ServedText>
      <SeriesDates event={event} />
    </article>
  );
}

/** While the event loads: its card's fields when the reader came from one, and the loading state. */
export function EventDetailLoading({ preview }: { preview?: ShownEvent }) {
  const { t } = useTranslation();
  return (
    <>
      {preview ? <EventDetails event={preview} complete={false} /> : null}
      <Loading label={t('eventDetail.loading')} />
    </>
  );
}
