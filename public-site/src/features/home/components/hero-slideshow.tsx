import { useTranslation } from '@/i18n/translator';
import { useAutoPaging } from '@/lib/paging/use-auto-paging';
import { HERO_INTERVAL_MS } from '@/lib/paging/carousel-paging';
import hero1Small from '@/assets/hero-1-800.webp';
import hero1Large from '@/assets/hero-1-1600.webp';
import hero2Small from '@/assets/hero-2-800.webp';
import hero2Large from '@/assets/hero-2-1600.webp';
import hero3Small from '@/assets/hero-3-800.webp';
import hero3Large from '@/assets/hero-3-1600.webp';
import { Icon } from '@/components/ui/icon';
import { earlyPress, useEarlyPresses } from '@/rendering/early-press';

const slides = [
  { altKey: 'hero.slide1', small: hero1Small, large: hero1Large },
  { altKey: 'hero.slide2', small: hero2Small, large: hero2Large },
  { altKey: 'hero.slide3', small: hero3Small, large: hero3Large },
] as const;

const PAGING_OPTIONS = { pauseOnNavigate: false };

export function HeroSlideshow() {
  const { t } = useTranslation();
  const { state, dispatch, reducedMotion, containerProps } = useAutoPaging(slides.length, HERO_INTERVAL_MS, PAGING_OPTIONS);
  const paused = state.userPaused || reducedMotion;
  const total = slides.length;
  useEarlyPresses(containerProps.ref);

  return (
    <section className="hero" aria-roledescription={t('common.carousel')} aria-label={t('hero.label')} {...containerProps}>
      <div className="hero__slides" aria-live={paused ? 'polite' : 'off'}>
        {slides.map((slide, i) => (
          <div
            key={slide.altKey}
            className={`hero__slide${i === state.index ? ' hero__slide--active' : ''}`}
            role="group"
            aria-roledescription={t('common.slide')}
            aria-label={t('hero.slideOf', { number: i + 1, total })}
            aria-hidden={i !== state.index}
          >
            <img
              className="hero__image"
              src={slide.large}
              srcSet={`${slide.small} 800w, ${slide.large} 1600w`}
              sizes="100vw"
              alt={t(slide.altKey)}
              width={1600}
              height={500}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'low'}
              decoding={i === 0 ? 'sync' : 'async'}
            />
            <p className="hero__caption">{t(slide.altKey)}</p>
          </div>
        ))}
      </div>
      <div className="hero__controls needs-script">
        {!reducedMotion ? (
          <button
            type="button"
            className="hero__toggle"
            onClick={() => dispatch({ type: 'togglePause' })}
            {...earlyPress('hero:toggle')}
            aria-label={paused ? t('common.playSlideshow') : t('common.pauseSlideshow')}
          >
            <Icon name={paused ? 'play' : 'pause'} size="1.25em" strokeWidth={3} />
          </button>
        ) : null}
        <div className="dots dots--light" role="group" aria-label={t('hero.label')}>
          {slides.map((slide, i) => (
            <button
              key={slide.altKey}
              type="button"
              className="dots__dot"
              aria-label={t('hero.goToSlide', { number: i + 1, total })}
              aria-current={i === state.index ? 'true' : undefined}
              onClick={() => dispatch({ type: 'goTo', index: i })}
              {...earlyPress(`hero:slide-${i}`)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
