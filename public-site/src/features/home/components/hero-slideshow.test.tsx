import { Profiler } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { HERO_INTERVAL_MS } from '@/lib/paging/carousel-paging';
import { carouselEnvironment } from '@/testing/carousel-environment';
import { HeroSlideshow } from './hero-slideshow';

/** The number of the slide shown (from the dots' aria-current). */
function currentSlide(): number {
  const dots = screen.getAllByRole('button', { name: /^Show slide \d of 3$/ });
  return dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true') + 1;
}

function wait(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

describe('HeroSlideshow: no work when nothing happens', () => {
  let env: ReturnType<typeof carouselEnvironment>;
  beforeEach(() => {
    jest.useFakeTimers();
    env = carouselEnvironment();
  });
  afterEach(() => {
    jest.useRealTimers();
    env.restore();
  });

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
    env.setOnScreen(true);
    expect(currentSlide()).toBe(1);
    expect(jest.getTimerCount()).toBe(1);
    const commitsBefore = slideshowCommits;

    wait(HERO_INTERVAL_MS - 1);
    expect(currentSlide()).toBe(1);
    wait(1);
    expect(currentSlide()).toBe(2);
    expect(jest.getTimerCount()).toBe(1);
    wait(HERO_INTERVAL_MS);
    expect(currentSlide()).toBe(3);
    wait(HERO_INTERVAL_MS);
    expect(currentSlide()).toBe(1);

    // Three slide changes: the slideshow committed once per change, the page around it never again.
    expect(pageRenders).toBe(1);
    expect(slideshowCommits - commitsBefore).toBe(3);
  });

  it('stops while scrolled off screen and starts a full interval when back', () => {
    render(<HeroSlideshow />);
    expect(env.observedCount()).toBe(1);
    wait(HERO_INTERVAL_MS - 1000);
    env.setOnScreen(false);
    expect(jest.getTimerCount()).toBe(0);
    wait(HERO_INTERVAL_MS * 4);
    expect(currentSlide()).toBe(1);

    env.setOnScreen(true);
    expect(jest.getTimerCount()).toBe(1);
    wait(HERO_INTERVAL_MS - 1);
    expect(currentSlide()).toBe(1);
    wait(1);
    expect(currentSlide()).toBe(2);
    // The controls still say it is playing: being off screen is not a pause by the reader.
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
  });

  it('stops in a background tab and resumes when the tab is shown again', () => {
    render(<HeroSlideshow />);
    env.setOnScreen(true);
    env.setTabHidden(true);
    expect(jest.getTimerCount()).toBe(0);
    wait(HERO_INTERVAL_MS * 3);
    expect(currentSlide()).toBe(1);

    env.setTabHidden(false);
    wait(HERO_INTERVAL_MS);
    expect(currentSlide()).toBe(2);
  });

  it('a hidden tab that comes back while the slideshow is off screen stays quiet', () => {
    render(<HeroSlideshow />);
    env.setOnScreen(false);
    env.setTabHidden(true);
    env.setTabHidden(false);
    expect(jest.getTimerCount()).toBe(0);
    wait(HERO_INTERVAL_MS * 2);
    expect(currentSlide()).toBe(1);
  });

  it('with reduced motion never rotates, sets no timer and observes nothing; the dots still work', () => {
    env.preferReducedMotion();
    render(<HeroSlideshow />);
    expect(jest.getTimerCount()).toBe(0);
    expect(env.observedCount()).toBe(0);
    expect(screen.queryByRole('button', { name: /slideshow/ })).not.toBeInTheDocument();
    wait(HERO_INTERVAL_MS * 3);
    expect(currentSlide()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3 of 3' }));
    expect(currentSlide()).toBe(3);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('paused by the reader: no timer and no observer until play is pressed', () => {
    render(<HeroSlideshow />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    expect(jest.getTimerCount()).toBe(0);
    expect(env.observedCount()).toBe(0);
    wait(HERO_INTERVAL_MS * 2);
    expect(currentSlide()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    expect(env.observedCount()).toBe(1);
    wait(HERO_INTERVAL_MS);
    expect(currentSlide()).toBe(2);
  });
});
