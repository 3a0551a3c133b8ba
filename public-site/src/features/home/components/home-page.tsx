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
  // SPEC section 8: public lists stay empty on failure (logged only).
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

export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <HeroSlideshow />
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
        <ProgrammeCards />
      </section>
      <div className="container section home-events">
        <PastEvents />
        <UpcomingEvents />
        <p className="home-events__all">
          <Link to={paths.events.getHref()} className="button button--secondary">
            {t('home.viewAllEvents')}
          </Link>
        </p>
      </div>
    </>
  );
}
