import { Profiler, type ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { MockedProvider } from '@apollo/client/testing/react';
import { CAROUSEL_INTERVAL_MS } from '@/lib/paging/carousel-paging';
import { renderWithProviders } from '@/testing/render';
import { carouselEnvironment } from '@/testing/carousel-environment';
import { EventsCarousel } from './events-carousel';
import type { EventCardEvent } from './event-card';

const events: EventCardEvent[] = Array.from({ length: 7 }, (_, i) => ({
  id: `ev-${i + 1}`,
  title: `Event ${i + 1}`,
  description: 'A day of learning.',
  date: '2030-03-15',
  time: '10:30',
  location: 'Prayagraj',
  category: 'GRADUATE',
  imageUrl: null,
  imageSrcSet: null,
  isUpcoming: true,
  isRegistered: false,
  isFull: false,
  hasStarted: false,
  cancelled: false,
}));

/** The page shown (from the dots' aria-current), three events per page on a wide screen. */
function currentPage(): number {
  const dots = screen.getAllByRole('button', { name: /^Show page \d of 3$/ });
  return dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true') + 1;
}

function wait(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

describe('EventsCarousel: no work when nothing happens', () => {
  let env: ReturnType<typeof carouselEnvironment>;
  beforeEach(() => {
    jest.useFakeTimers();
    env = carouselEnvironment();
  });
  afterEach(() => {
    jest.useRealTimers();
    env.restore();
  });

  it('pages every 3 s and a page change re-renders only the carousel', () => {
    let pageRenders = 0;
    let carouselCommits = 0;
    function Page() {
      pageRenders += 1;
      return (
        <main>
          <h1>Home</h1>
          <Profiler id="carousel" onRender={() => (carouselCommits += 1)}>
            <EventsCarousel title="Upcoming Events" events={events} loading={false} emptyText="None" />
          </Profiler>
        </main>
      );
    }
    renderWithProviders(<Page />);
    env.setOnScreen(true);
    expect(screen.getByRole('heading', { name: 'Event 1' })).toBeInTheDocument();
    expect(jest.getTimerCount()).toBe(1);
    const before = carouselCommits;

    wait(CAROUSEL_INTERVAL_MS);
    expect(currentPage()).toBe(2);
    expect(screen.getByRole('heading', { name: 'Event 4' })).toBeInTheDocument();
    wait(CAROUSEL_INTERVAL_MS);
    wait(CAROUSEL_INTERVAL_MS);
    expect(currentPage()).toBe(1);
    expect(pageRenders).toBe(1);
    expect(carouselCommits - before).toBe(3);
  });

  it('does not page while off screen, and pages again a full interval after coming back', () => {
    renderWithProviders(<EventsCarousel title="Past events" events={events} loading={false} emptyText="None" />);
    env.setOnScreen(false);
    expect(jest.getTimerCount()).toBe(0);
    wait(CAROUSEL_INTERVAL_MS * 5);
    expect(currentPage()).toBe(1);

    env.setOnScreen(true);
    wait(CAROUSEL_INTERVAL_MS - 1);
    expect(currentPage()).toBe(1);
    wait(1);
    expect(currentPage()).toBe(2);
    expect(screen.getByRole('button', { name: 'Pause automatic scrolling' })).toBeInTheDocument();
  });

  it('does not page in a background tab', () => {
    renderWithProviders(<EventsCarousel title="Past events" events={events} loading={false} emptyText="None" />);
    env.setOnScreen(true);
    env.setTabHidden(true);
    expect(jest.getTimerCount()).toBe(0);
    wait(CAROUSEL_INTERVAL_MS * 5);
    expect(currentPage()).toBe(1);
    env.setTabHidden(false);
    wait(CAROUSEL_INTERVAL_MS);
    expect(currentPage()).toBe(2);
  });

  it('events that arrive while the tab is hidden do not start it', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MockedProvider>
        <MemoryRouter>{children}</MemoryRouter>
      </MockedProvider>
    );
    const { rerender } = render(<EventsCarousel title="Past events" events={[]} loading emptyText="None" />, { wrapper });
    env.setTabHidden(true);
    rerender(<EventsCarousel title="Past events" events={events} loading={false} emptyText="None" />);
    expect(jest.getTimerCount()).toBe(0);
    wait(CAROUSEL_INTERVAL_MS * 3);
    expect(screen.getByRole('heading', { name: 'Event 1' })).toBeInTheDocument();
  });

  it('with reduced motion never pages by itself and has no pause control; the arrows still work', () => {
    env.preferReducedMotion();
    renderWithProviders(<EventsCarousel title="Past events" events={events} loading={false} emptyText="None" />);
    expect(jest.getTimerCount()).toBe(0);
    expect(env.observedCount()).toBe(0);
    expect(screen.queryByRole('button', { name: /automatic scrolling/ })).not.toBeInTheDocument();
    wait(CAROUSEL_INTERVAL_MS * 5);
    expect(currentPage()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next events' }));
    expect(currentPage()).toBe(2);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('a single page sets no timer', () => {
    renderWithProviders(<EventsCarousel title="Past events" events={events.slice(0, 3)} loading={false} emptyText="None" />);
    expect(jest.getTimerCount()).toBe(0);
    expect(env.observedCount()).toBe(0);
  });
});
