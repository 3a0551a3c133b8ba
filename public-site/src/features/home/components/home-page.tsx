import { Suspense, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { ProgrammeCards } from '@/features/registration/components/programme-cards';
import { lazyPart, useWantDataLayerWhenVisible } from '@/rendering/lazy-part';
import { Loading } from '@/components/ui/loading';
import { ServedText } from '@/rendering/served-text';
import { HeroSlideshow } from './hero-slideshow';
import './home.css';

// The events need the API: they come with the data layer when the reader nears them or first
// touches the page; until then the prerendered carousels stay as the server drew them.
const HomeEvents = lazyPart(() => import('./home-events'), { data: 'when-wanted' });

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
  const events = useRef<HTMLDivElement>(null);
  useWantDataLayerWhenVisible(events);
  return (
    <>
      <HydratesApart>
        <HeroSlideshow />
      </HydratesApart>
      <ServedText as="section" className="home-title">
        <div className="container home-title__inner">
          <hgroup>
            <h1 className="home-title__name">{t('org.programme')}</h1>
            <p className="home-title__org">{t('org.line')}</p>
            <p className="home-title__tagline">{t('org.tagline')}</p>
          </hgroup>
          <p className="home-title__intro">{t('home.intro')}</p>
        </div>
      </ServedText>
      <section className="container section home-programmes" aria-labelledby="programmes-heading">
        <h2 id="programmes-heading" className="section-title">
          {t('home.programmesHeading')}
        </h2>
        <HydratesApart>
          <ProgrammeCards />
        </HydratesApart>
      </section>
      <div className="container section home-events" ref={events}>
        <Suspense fallback={<Loading label={t('common.loading')} />}>
          <HomeEvents />
        </Suspense>
        <p className="home-events__all">
          <Link to={paths.events.getHref()} className="button button--secondary">
            {t('home.viewAllEvents')}
          </Link>
        </p>
      </div>
    </>
  );
}
