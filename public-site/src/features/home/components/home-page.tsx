import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { ProgrammeCards } from '@/features/registration/components/programme-cards';
import { EventsCarousel } from '@/features/events/components/events-carousel';
import { useEvents } from '@/features/events/api/use-events';
import { HeroSlideshow } from './hero-slideshow';
import './home.css';

function PastEvents() {
  const { t } = useTranslation();
  const { data, loading, error } = useEvents({ when: 'PAST' });
  // Public lists stay empty on failure (logged only).
  if (error) console.warn('past events failed to load', error);
  return (
    <EventsCarousel
      title={t('home.pastEvents')}
      events={data?.events.items ?? []}
      loading={loading}
      emptyText={t('home.noPastEvents')}
    />
  );
}

function UpcomingEvents() {
  const { t } = useTranslation();
  const { data, loading, error } = useEvents({ when: 'UPCOMING' });
  if (error) console.warn('upcoming events failed to load', error);
  return (
    <EventsCarousel
      title={t('home.upcomingEvents')}
      events={data?.events.items ?? []}
      loading={loading}
      emptyText={t('home.noUpcomingEvents')}
    />
  );
}

/**
 * A part of the page that hydrates on its own. Nothing in it suspends: the boundary is there because
 * React hydrates the content of a server-rendered boundary after the rest of the page, at low priority
 * and in slices that give the main thread back every few milliseconds, instead of in the one long
 * task that hydrates the page. On a slow phone the page answers sooner, and its hydration does not
 * block for hundreds of milliseconds (Total Blocking Time). A click on a part not hydrated yet makes
 * React hydrate that part first and replay the click.
 */
function HydratesApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <HydratesApart>
        <HeroSlideshow />
      </HydratesApart>
      <section className="home-title">
        <div className="container home-title__inner">
          <h1 className="home-title__name">{t('org.programme')}</h1>
          <p className="home-title__org">{t('org.line')}</p>
          <p className="home-title__tagline">{t('org.tagline')}</p>
          <p className="home-title__intro">{t('home.intro')}</p>
        </div>
      </section>
      <section className="container section" aria-labelledby="programmes-heading">
        <h2 id="programmes-heading" className="section-title">
          {t('home.programmesHeading')}
        </h2>
        <HydratesApart>
          <ProgrammeCards />
        </HydratesApart>
      </section>
      <div className="container section home-events">
        <HydratesApart>
          <PastEvents />
        </HydratesApart>
        <HydratesApart>
          <UpcomingEvents />
        </HydratesApart>
        <p className="home-events__all">
          <Link to={paths.events.getHref()} className="button button--secondary">
            {t('home.viewAllEvents')}
          </Link>
        </p>
      </div>
    </>
  );
}
