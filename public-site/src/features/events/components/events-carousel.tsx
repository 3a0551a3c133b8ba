import { memo, useId } from 'react';
import { useTranslation } from '@/i18n/translator';
import { useMediaQuery } from '@/lib/use-media-query';
import { useAutoPaging } from '@/lib/paging/use-auto-paging';
import {
  CAROUSEL_INTERVAL_MS,
  MOBILE_BREAKPOINT_PX,
  itemsPerPage,
  pageCount,
  pageItems,
} from '@/lib/paging/carousel-paging';
import { Loading } from '@/components/ui/loading';
import { EventCard, type EventCardEvent } from './event-card';
import { Icon } from '@/components/ui/icon';
import { earlyPress, useEarlyPresses } from '@/rendering/early-press';

const PAGING_OPTIONS = { pauseOnNavigate: true };

// The carousel re-renders on hover, focus and every slide change; the cards of the page on screen
// keep their props (events come from Apollo's cache), so they are not rendered again for nothing.
const CarouselCard = memo(EventCard);

interface Props {
  /** Unique on the page: names the controls whose presses before the page is live are replayed. */
  name: string;
  title: string;
  events: readonly EventCardEvent[];
  loading: boolean;
  emptyText: string;
}

export function EventsCarousel({ name, title, events, loading, emptyText }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const narrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
  const perPage = itemsPerPage(narrow ? MOBILE_BREAKPOINT_PX - 1 : MOBILE_BREAKPOINT_PX);
  const count = pageCount(events.length, perPage);
  const { state, dispatch, reducedMotion, containerProps } = useAutoPaging(count, CAROUSEL_INTERVAL_MS, PAGING_OPTIONS);
  const index = Math.min(state.index, Math.max(0, count - 1));
  const visible = pageItems(events, index, perPage);
  const paused = state.userPaused || reducedMotion;
  useEarlyPresses(containerProps.ref);

  return (
    <section className="carousel" aria-labelledby={headingId} aria-roledescription={t('common.carousel')} {...containerProps}>
      <div className="carousel__header">
        <h2 id={headingId} className="section-title">
          {title}
        </h2>
        {count > 1 ? (
          <div className="carousel__controls needs-script">
            <button
              type="button"
              className="icon-button"
              onClick={() => dispatch({ type: 'previous' })}
              {...earlyPress(`${name}:previous`)}
              aria-label={t('events.previousPage')}
            >
              <Icon name="chevron-left" size="1em" strokeWidth={2.2} />
            </button>
            {!reducedMotion ? (
              <button
                type="button"
                className="icon-button"
                onClick={() => dispatch({ type: 'togglePause' })}
                {...earlyPress(`${name}:toggle`)}
                aria-label={paused ? t('events.playCarousel') : t('events.pauseCarousel')}
              >
                <Icon name={paused ? 'play' : 'pause'} size="0.8em" strokeWidth={3} />
              </button>
            ) : null}
            <button
              type="button"
              className="icon-button"
              onClick={() => dispatch({ type: 'next' })}
              {...earlyPress(`${name}:next`)}
              aria-label={t('events.nextPage')}
            >
              <Icon name="chevron-right" size="1em" strokeWidth={2.2} />
            </button>
          </div>
        ) : null}
      </div>

      {loading && events.length === 0 ? (
        <Loading label={t('events.loading')} />
      ) : events.length === 0 ? (
        <p className="carousel__empty">{emptyText}</p>
      ) : (
        <>
          <div
            className="carousel__page"
            role="group"
            aria-roledescription={t('common.slide')}
            aria-label={t('events.pageStatus', { number: index + 1, total: count })}
            aria-live={paused ? 'polite' : 'off'}
            data-per-page={perPage}
          >
            {visible.map((event) => (
              <CarouselCard key={event.id} event={event} />
            ))}
          </div>
          {count > 1 ? (
            <div className="dots needs-script" role="group" aria-label={title}>
              {Array.from({ length: count }, (_, i) => (
                <button
                  key={i}
                  type="button"
                  className="dots__dot"
                  aria-label={t('events.goToPage', { number: i + 1, total: count })}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => dispatch({ type: 'goTo', index: i })}
                  {...earlyPress(`${name}:page-${i}`)}
                />
              ))}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
