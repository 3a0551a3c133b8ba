import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/testing/render';
import { MyEventOnline } from '../components/my-event-online';

const event = { id: 'ev-1', title: 'Online workshop', hasStarted: false, meetingLink: 'https://meet.example.org/room' };

describe("'My events': an online event", () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    window.localStorage.clear();
  });

  it('shows the meeting link, opening in a new tab, and downloads the calendar file with the token (the one with the link)', async () => {
    window.localStorage.setItem('authToken', 'reader-token');
    const fetched: { url: string; auth: string | null }[] = [];
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      fetched.push({ url, auth: new Headers(init?.headers).get('authorization') });
      return { ok: true, status: 200, blob: async () => new Blob(['BEGIN:VCALENDAR']) } as unknown as Response;
    }) as unknown as typeof fetch;
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    renderWithProviders(<MyEventOnline event={event} />);
    const link = screen.getByRole('link', { name: /Join the online meeting for Online workshop/ });
    expect(link).toHaveAttribute('href', 'https://meet.example.org/room');
    expect(link).toHaveAttribute('target', '_blank');
    await userEvent.click(screen.getByRole('button', { name: /Add to calendar \(with the link\)/ }));
    await waitFor(() => expect(fetched).toEqual([{ url: '/api/events/ev-1/ics', auth: 'Bearer reader-token' }]));
  });

  it("a hybrid course: each session's own link, named by its number, even when the event has none", async () => {
    const sessions = [
      { id: 's-1', meetingLink: null },
      { id: 's-2', meetingLink: 'https://meet.example.org/session-two' },
    ];
    renderWithProviders(<MyEventOnline event={{ ...event, meetingLink: null, sessions }} />);
    const link = screen.getByRole('link', { name: /Join the online meeting for Online workshop, Session 2/ });
    expect(link).toHaveAttribute('href', 'https://meet.example.org/session-two');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText('These sessions have a link of their own:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add to calendar \(with the link\)/ })).toBeInTheDocument();
  });

  it('shows nothing for an event without a link', () => {
    const { container } = renderWithProviders(<MyEventOnline event={{ ...event, meetingLink: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
