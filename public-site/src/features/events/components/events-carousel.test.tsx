import { Profiler, type ReactNode } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { MockedProvider } from '@apollo/client/testing/react';
import { CAROUSEL_INTERVAL_MS } from '@/lib/paging/carousel-paging';
import { renderWithProviders } from '@/testing/render';
import { advance, currentDot, useCarouselEnvironment } from '@/testing/carousel-environment';
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
  endDate: null,
  endTime: null,
  cancelled: false,
}));

/** The page shown (from the dots' aria-current), three events per page on a wide screen. */
function currentPage(): number {
  return currentDot(screen.getAllByRole('button', { name: /^Show page \d of 3$/ }));
}

describe('EventsCarousel: no work when nothing happens', () => {
  const env = useCarouselEnvironment();

  it('pages every 3 s and a page change re-renders only the carousel', () => {
    let pageRenders = 0;
    let carouselCommits = 0;
    function Page() {
      pageRenders += 1;
      return (
        <main>
          <h1>Home</h1>
          <Profiler id="carousel" onRender={() => (carouselCommits += 1)}>
            <EventsCarousel name="test" title="Upcoming Events" events={events} loading={false} emptyText="None" />
          </Profiler>
        </main>
      );
    }
    renderWithProviders(<Page />);
    env.current.setOnScreen(true);
    expect(screen.getByRole('heading', { name: 'Event 1' })).toBeInTheDocument();
    expect(jest.getTimerCount()).toBe(1);
    const before = carouselCommits;

    advance(CAROUSEL_INTERVAL_MS);
    expect(currentPage()).toBe(2);
    expect(screen.getByRole('heading', { name: 'Event 4' })).toBeInTheDocument();
    advance(CAROUSEL_INTERVAL_MS);
    advance(CAROUSEL_INTERVAL_MS);
    expect(currentPage()).toBe(1);
    expect(pageRenders).toBe(1);
    expect(carouselCommits - before).toBe(3);
  });

  it('does not page while off screen, and pages again a full interval after coming back', () => {
    renderWithProviders(<EventsCarousel name="test" title="Past events" events={events} loading={false} emptyText="None" />);
    env.current.setOnScreen(false);
    expect(jest.getTimerCount()).toBe(0);
    advance(CAROUSEL_INTERVAL_MS * 5);
    expect(currentPage()).toBe(1);

    env.current.setOnScreen(true);
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(currentPage()).toBe(1);
    advance(1);
    expect(currentPage()).toBe(2);
    expect(screen.getByRole('button', { name: 'Pause automatic scrolling' })).toBeInTheDocument();
  });

  it('does not page in a background tab', () => {
    renderWithProviders(<EventsCarousel name="test" title="Past events" events={events} loading={false} emptyText="None" />);
    env.current.setOnScreen(true);
    env.current.setTabHidden(true);
    expect(jest.getTimerCount()).toBe(0);
    advance(CAROUSEL_INTERVAL_MS * 5);
    expect(currentPage()).toBe(1);
    env.current.setTabHidden(false);
    advance(CAROUSEL_INTERVAL_MS);
    expect(currentPage()).toBe(2);
  });

  it('events that arrive while the tab is hidden do not start it', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MockedProvider>
        <MemoryRouter>{children}</MemoryRouter>
      </MockedProvider>
    );
    const { rerender } = render(<EventsCarousel name="test" title="Past events" events={[]} loading emptyText="None" />, { wrapper });
    env.current.setTabHidden(true);
    rerender(<EventsCarousel name="test" title="Past events" events={events} loading={false} emptyText="None" />);
    expect(jest.getTimerCount()).toBe(0);
    advance(CAROUSEL_INTERVAL_MS * 3);
    expect(screen.getByRole('heading', { name: 'Event 1' })).toBeInTheDocument();
  });

  it('with reduced motion never pages by itself and has no pause control; the arrows still work', () => {
    env.current.preferReducedMotion();
    renderWithProviders(<EventsCarousel name="test" title="Past events" events={events} loading={false} emptyText="None" />);
    expect(jest.getTimerCount()).toBe(0);
    expect(env.current.observedCount()).toBe(0);
    expect(screen.queryByRole('button', { name: /automatic scrolling/ })).not.toBeInTheDocument();
    advance(CAROUSEL_INTERVAL_MS * 5);
    expect(currentPage()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next events' }));
    expect(currentPage()).toBe(2);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('a single page sets no timer', () => {
    renderWithProviders(<EventsCarousel name="test" title="Past events" events={events.slice(0, 3)} loading={false} emptyText="None" />);
    expect(jest.getTimerCount()).toBe(0);
    expect(env.current.observedCount()).toBe(0);
  });
});
