import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '@/i18n';
import { incrementVisitorUrl, resetVisitForTests } from '../api/record-visit';
import { VisitorCounter } from './visitor-counter';

// jsdom has no Response: the part of one that recordVisitOnce reads.
const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) });

describe('VisitorCounter', () => {
  const realFetch = global.fetch;
  let fetchMock: jest.Mock;
  beforeEach(() => {
    resetVisitForTests();
    fetchMock = jest.fn(() => answer({ success: true, visitorCount: 123456 }));
    global.fetch = fetchMock;
  });
  afterEach(async () => {
    global.fetch = realFetch;
    await act(() => setLanguage('en'));
  });

  it('records the visit once per page load (POST /api/increment-visitor), even under StrictMode and re-mounts', async () => {
    const { rerender, unmount } = render(
      <StrictMode>
        <VisitorCounter />
      </StrictMode>,
    );
    expect(await screen.findByText('1,23,456')).toBeInTheDocument();
    expect(screen.getByText('people visited our site')).toBeInTheDocument();
    rerender(
      <StrictMode>
        <VisitorCounter />
      </StrictMode>,
    );
    unmount();
    // A route change re-renders or even re-mounts the footer: still the same single visit.
    render(<VisitorCounter />);
    expect(await screen.findByText('1,23,456')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('http://localhost/api/increment-visitor', expect.objectContaining({ method: 'POST' }));
  });

  it('formats the count for Hindi', async () => {
    fetchMock.mockImplementation(() => answer({ success: true, visitorCount: 1500 }));
    await act(() => setLanguage('hi'));
    render(<VisitorCounter />);
    expect(await screen.findByTestId('visitor-count')).toHaveTextContent(new Intl.NumberFormat('hi-IN').format(1500));
    expect(screen.getByText('लोग हमारी वेबसाइट पर आ चुके हैं')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
  });

  it.each([
    ['the network fails', () => Promise.reject(new Error('offline'))],
    ['the server answers an error', () => answer({ error: 'Too many requests' }, 429)],
    ['the answer has no count', () => answer({ success: true })],
  ])('shows nothing when %s', async (_, impl) => {
    fetchMock.mockImplementation(impl);
    const spy = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = render(<VisitorCounter />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(container).toBeEmptyDOMElement();
    spy.mockRestore();
  });
});

describe('incrementVisitorUrl', () => {
  it('is the REST route beside the GraphQL endpoint', () => {
    expect(incrementVisitorUrl('/graphql', 'https://site.example/events/1')).toBe('https://site.example/api/increment-visitor');
    expect(incrementVisitorUrl('https://api.example/graphql', 'https://site.example/')).toBe('https://api.example/api/increment-visitor');
  });
});
