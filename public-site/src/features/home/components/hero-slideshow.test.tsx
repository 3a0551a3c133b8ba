import { Profiler } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { HERO_INTERVAL_MS } from '@/lib/paging/carousel-paging';
import { advance, currentDot, useCarouselEnvironment } from '@/testing/carousel-environment';
import { HeroSlideshow } from './hero-slideshow';

/** The number of the slide shown (from the dots' aria-current). */
function currentSlide(): number {
  return currentDot(screen.getAllByRole('button', { name: /^Show slide \d of 3$/ }));
}

describe('HeroSlideshow: no work when nothing happens', () => {
  const env = useCarouselEnvironment();

  it('advances every 5 s with a single pending timer, re-rendering only itself', () => {
    let pageRenders = 0;
    let slideshowCommits = 0;
    function Page() {
      pageRenders += 1;
      return (
        <main>
          <h1>Home</h1>
          <Profiler id="hero" onRender={() => (slideshowCommits += 1)}>
            <HeroSlideshow />
          </Profiler>
        </main>
      );
    }
    render(<Page />);
    env.current.setOnScreen(true);
    expect(currentSlide()).toBe(1);
    expect(jest.getTimerCount()).toBe(1);
    const commitsBefore = slideshowCommits;

    advance(HERO_INTERVAL_MS - 1);
    expect(currentSlide()).toBe(1);
    advance(1);
    expect(currentSlide()).toBe(2);
    expect(jest.getTimerCount()).toBe(1);
    advance(HERO_INTERVAL_MS);
    expect(currentSlide()).toBe(3);
    advance(HERO_INTERVAL_MS);
    expect(currentSlide()).toBe(1);

    // Three slide changes: the slideshow committed once per change, the page around it never again.
    expect(pageRenders).toBe(1);
    expect(slideshowCommits - commitsBefore).toBe(3);
  });

  it('stops while scrolled off screen and starts a full interval when back', () => {
    render(<HeroSlideshow />);
    expect(env.current.observedCount()).toBe(1);
    advance(HERO_INTERVAL_MS - 1000);
    env.current.setOnScreen(false);
    expect(jest.getTimerCount()).toBe(0);
    advance(HERO_INTERVAL_MS * 4);
    expect(currentSlide()).toBe(1);

    env.current.setOnScreen(true);
    expect(jest.getTimerCount()).toBe(1);
    advance(HERO_INTERVAL_MS - 1);
    expect(currentSlide()).toBe(1);
    advance(1);
    expect(currentSlide()).toBe(2);
    // The controls still say it is playing: being off screen is not a pause by the reader.
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
  });

  it('stops in a background tab and resumes when the tab is shown again', () => {
    render(<HeroSlideshow />);
    env.current.setOnScreen(true);
    env.current.setTabHidden(true);
    expect(jest.getTimerCount()).toBe(0);
    advance(HERO_INTERVAL_MS * 3);
    expect(currentSlide()).toBe(1);

    env.current.setTabHidden(false);
    advance(HERO_INTERVAL_MS);
    expect(currentSlide()).toBe(2);
  });

  it('a hidden tab that comes back while the slideshow is off screen stays quiet', () => {
    render(<HeroSlideshow />);
    env.current.setOnScreen(false);
    env.current.setTabHidden(true);
    env.current.setTabHidden(false);
    expect(jest.getTimerCount()).toBe(0);
    advance(HERO_INTERVAL_MS * 2);
    expect(currentSlide()).toBe(1);
  });

  it('with reduced motion never rotates, sets no timer and observes nothing; the dots still work', () => {
    env.current.preferReducedMotion();
    render(<HeroSlideshow />);
    expect(jest.getTimerCount()).toBe(0);
    expect(env.current.observedCount()).toBe(0);
    expect(screen.queryByRole('button', { name: /slideshow/ })).not.toBeInTheDocument();
    advance(HERO_INTERVAL_MS * 3);
    expect(currentSlide()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3 of 3' }));
    expect(currentSlide()).toBe(3);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('paused by the reader: no timer and no observer until play is pressed', () => {
    render(<HeroSlideshow />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    expect(jest.getTimerCount()).toBe(0);
    expect(env.current.observedCount()).toBe(0);
    advance(HERO_INTERVAL_MS * 2);
    expect(currentSlide()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    expect(env.current.observedCount()).toBe(1);
    advance(HERO_INTERVAL_MS);
    expect(currentSlide()).toBe(2);
  });
});
