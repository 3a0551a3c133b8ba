import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/testing/render';
import { setLanguage } from '@/i18n';
import { EventCard, type EventCardEvent } from './event-card';

const longDescription = 'A'.repeat(145) + 'BCDEFGHIJKLMNOPQRSTUVWXYZ';

const event: EventCardEvent = {
  id: 'ev-1',
  title: 'Career Guidance Camp',
  description: longDescription,
  date: '2030-03-15',
  time: '10:30',
  location: 'Civil Lines, Prayagraj',
  category: 'GRADUATE',
  imageUrl: '/uploads/camp-1280.webp',
  imageSrcSet: '/uploads/camp-320.webp 320w, /uploads/camp-1280.webp 1280w',
  isUpcoming: true,
  isRegistered: false,
  isFull: false,
  hasStarted: false,
  endDate: null,
  endTime: null,
  cancelled: false,
};

function DetailProbe() {
  const location = useLocation();
  const state = location.state as { event?: EventCardEvent } | null;
  return <p>detail page for {state?.event?.title ?? 'nothing'}</p>;
}

describe('EventCard', () => {
  it('shows title, Upcoming badge, formatted date and time, and a 150-character preview', () => {
    renderWithProviders(<EventCard event={event} />);
    expect(screen.getByRole('heading', { name: 'Career Guidance Camp' })).toBeInTheDocument();
    expect(screen.getByText('Upcoming')).toBeInTheDocument();
    expect(screen.queryByText('Past')).not.toBeInTheDocument();
    expect(screen.getByText(/15 Mar,? 2030/)).toBeInTheDocument();
    expect(screen.getByText(/10:30\s*am/i)).toBeInTheDocument();
    const preview = screen.getByText(/^A+BCDEF\.\.\.$/);
    expect(preview.textContent).toBe(longDescription.slice(0, 150) + '...');
    expect(preview.textContent).toHaveLength(153);
    expect(preview.textContent).not.toContain('G');
  });

  it('a cancelled event: the Cancelled badge and, signed in, no register button', () => {
    window.localStorage.setItem('authToken', 'jwt');
    renderWithProviders(<EventCard event={{ ...event, cancelled: true }} />);
    expect(screen.getByText('Cancelled')).toHaveClass('badge');
    expect(screen.queryByText('Upcoming')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    window.localStorage.clear();
  });

  it('shows the Past badge for past events and keeps short descriptions whole', () => {
    renderWithProviders(<EventCard event={{ ...event, isUpcoming: false, description: 'Short and sweet.' }} />);
    expect(screen.getByText('Past')).toBeInTheDocument();
    expect(screen.queryByText('Upcoming')).not.toBeInTheDocument();
    expect(screen.getByText('Short and sweet.')).toBeInTheDocument();
  });

  it('uses srcset with sizes, lazy loading, and falls back to the default image on error', () => {
    renderWithProviders(<EventCard event={event} />);
    const img = screen.getByRole('img', { name: 'Image for Career Guidance Camp' });
    expect(img).toHaveAttribute('src', '/uploads/camp-1280.webp');
    expect(img).toHaveAttribute('srcset', event.imageSrcSet);
    expect(img).toHaveAttribute('sizes');
    expect(img).toHaveAttribute('loading', 'lazy');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', 'test-file-stub');
    expect(img).not.toHaveAttribute('srcset');
  });

  it('uses the default image when there is no imageUrl', () => {
    renderWithProviders(<EventCard event={{ ...event, imageUrl: null, imageSrcSet: null }} />);
    expect(screen.getByRole('img')).toHaveAttribute('src', 'test-file-stub');
  });

  it('links Learn More to /events/{id} and passes the event as navigation state', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/" element={<EventCard event={event} />} />
        <Route path="/events/:id" element={<DetailProbe />} />
      </Routes>,
    );
    const link = screen.getByRole('link', { name: /learn more/i });
    expect(link).toHaveAttribute('href', '/events/ev-1');
    // Visible "Learn More", and the title in the link's text for search engines (Lighthouse's link-text audit).
    expect(link).toHaveTextContent('Learn More: Career Guidance Camp');
    expect(link).toHaveAccessibleName('Learn more about Career Guidance Camp');
    await userEvent.click(link);
    expect(screen.getByText('detail page for Career Guidance Camp')).toBeInTheDocument();
  });
});

describe('EventCard badge while the event runs', () => {
  // A Friday 6-7 pm event in Prayagraj, seen at 6:30 pm India time (13:00 UTC).
  const running = { ...event, date: '2026-11-27', time: '18:00', endTime: '19:00', isUpcoming: true, hasStarted: true };
  const at = (iso: string) => jest.spyOn(Date, 'now').mockReturnValue(Date.parse(iso));
  afterEach(async () => {
    jest.restoreAllMocks();
    await act(() => setLanguage('en'));
  });

  it('says Happening now between its start and its end, not Upcoming', () => {
    at('2026-11-27T18:30:00+05:30');
    renderWithProviders(<EventCard event={running} />);
    expect(screen.getByText('Happening now')).toHaveClass('badge', 'badge--now');
    expect(screen.queryByText('Upcoming')).not.toBeInTheDocument();
  });

  it('in Hindi: अभी चल रहा है', async () => {
    at('2026-11-27T18:30:00+05:30');
    await act(() => setLanguage('hi'));
    renderWithProviders(<EventCard event={running} />);
    expect(screen.getByText('अभी चल रहा है')).toBeInTheDocument();
    expect(screen.queryByText('आगामी')).not.toBeInTheDocument();
  });

  it('is Upcoming before the start and Past after the end (the same day)', () => {
    at('2026-11-27T17:59:00+05:30');
    const { unmount } = renderWithProviders(<EventCard event={{ ...running, hasStarted: false }} />);
    expect(screen.getByText('Upcoming')).toBeInTheDocument();
    unmount();
    at('2026-11-27T19:05:00+05:30');
    renderWithProviders(<EventCard event={running} />);
    expect(screen.getByText('Past')).toBeInTheDocument();
  });

  it('turns from Upcoming to Happening now at the start, and to Past at the end, by itself', () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-27T17:58:00+05:30') });
    try {
      renderWithProviders(<EventCard event={{ ...running, hasStarted: false }} />);
      expect(screen.getByText('Upcoming')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(3 * 60_000));
      expect(screen.getByText('Happening now')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(60 * 60_000));
      expect(screen.getByText('Past')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('without an end time it runs until the end of its day; a cancelled event stays Cancelled', () => {
    at('2026-11-27T23:00:00+05:30');
    const { unmount } = renderWithProviders(<EventCard event={{ ...running, endTime: null }} />);
    expect(screen.getByText('Happening now')).toBeInTheDocument();
    unmount();
    renderWithProviders(<EventCard event={{ ...running, cancelled: true }} />);
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
  });
});

describe('EventCard register button (the events page variant)', () => {
  afterEach(() => window.localStorage.clear());

  it('is hidden when signed out', () => {
    renderWithProviders(<EventCard event={event} />);
    expect(screen.queryByRole('button', { name: /Register for/ })).not.toBeInTheDocument();
  });

  it('is a small Register Now button when signed in, or Registered', () => {
    window.localStorage.setItem('authToken', 'jwt');
    const { unmount } = renderWithProviders(<EventCard event={event} />);
    expect(screen.getByRole('button', { name: 'Register for Career Guidance Camp' })).toHaveTextContent('Register Now');
    unmount();
    renderWithProviders(<EventCard event={{ ...event, isRegistered: true }} />);
    expect(screen.getByRole('button', { name: 'Registered for Career Guidance Camp' })).toBeDisabled();
  });
});
