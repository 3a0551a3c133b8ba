import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import type { EventCardFieldsFragment } from '@/gql/graphql';
import { FallbackImage } from '@/components/ui/fallback-image';
import { formatEventDate, formatEventTime } from '@/lib/format';
import { useLocale } from '@/i18n/use-locale';
import { descriptionPreview } from '../lib/event-text';
import { EventBadge } from './event-badge';
import { RegisterButton } from './register-button';
import { SessionCount } from './event-sessions';
import defaultEventImage from '@/assets/event-default.webp';
import './events.css';
import { Icon } from '@/components/ui/icon';
import { ServedText } from '@/rendering/served-text';

/** The card's fields; a list that asks for the session count (or the sessions) gets "10 sessions" on the card. */
export type EventCardEvent = EventCardFieldsFragment & { sessionCount?: number | null; sessions?: readonly { id: string }[] | null };

/** Navigation state passed to the detail page so it can render at once while it fetches. */
export interface EventNavigationState {
  event: EventCardEvent;
}

const CARD_IMAGE_SIZES = '(max-width: 639px) 100vw, (max-width: 1100px) 33vw, 360px';

export function EventCard({ event, headingLevel = 3 }: { event: EventCardEvent; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const state: EventNavigationState = { event };
  return (
    <article className="event-card">
      <div className="event-card__media">
        <FallbackImage
          className="event-card__image"
          src={event.imageUrl}
          srcSet={event.imageSrcSet}
          sizes={CARD_IMAGE_SIZES}
          fallbackSrc={defaultEventImage}
          alt={t('events.eventImage', { title: event.title })}
          loading="lazy"
          decoding="async"
          width={640}
          height={400}
        />
        <EventBadge event={event} className="event-card__badge" />
      </div>
      <div className="event-card__body">
        {/* The card's text: kept as the server drew it while the page hydrates (no work for it). */}
        <ServedText className="contents">
          {() => (
            <>
              <Heading className="event-card__title">{event.title}</Heading>
              <p className="event-card__when">
                <time dateTime={`${event.date}T${event.time}`}>
                  {t('events.dateTime', {
                    date: formatEventDate(event.date, locale),
                    time: formatEventTime(event.time, locale),
                  })}
                </time>
              </p>
              <SessionCount count={event.sessionCount ?? event.sessions?.length ?? 0} />
              <p className="event-card__location">{event.location}</p>
              <p className="event-card__description">{descriptionPreview(event.description, locale)}</p>
            </>
          )}
        </ServedText>
        <div className="event-card__actions">
          <Link
            className="event-card__link"
            to={paths.event.getHref(event.id)}
            state={state}
            aria-label={t('events.learnMoreAbout', { title: event.title })}
          >
            {t('common.learnMore')}
            {/* The card's title in the link's text too: "Learn More" alone tells a search engine nothing. */}
            <span className="visually-hidden">: {event.title}</span>{' '}
            <Icon name="arrow-right" size="1em" strokeWidth={2.2} />
          </Link>
          {event.isUpcoming && !event.cancelled ? <RegisterButton event={event} compact /> : null}
        </div>
      </div>
    </article>
  );
}
