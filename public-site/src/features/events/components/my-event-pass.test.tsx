import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { EventDocument, MyEventPassDocument, type EventDetailFieldsFragment, type MyEventPassQuery, type SeriesDatesFieldsFragment } from '@/gql/graphql';
import { setLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { EventDetailPage } from './event-detail-page';
import { svgDataUrl } from './my-event-pass';

const event: EventDetailFieldsFragment & SeriesDatesFieldsFragment & { __typename: 'Event'; sessions: unknown[] } = {
  __typename: 'Event',
  // The event page asks for the sessions too: one.
  sessions: [{ __typename: 'EventSession', id: 'session-1', date: '2030-12-01', time: '10:00', endTime: null, title: null, location: null, isOnline: false }],
  id: 'ev-1',
  title: 'Career Guidance Camp',
  description: 'Mentoring for graduates.',
  date: '2099-03-15',
  time: '10:30',
  location: 'Civil Lines, Prayagraj',
  category: 'GRADUATE',
  imageUrl: null,
  imageSrcSet: null,
  isUpcoming: true,
  isRegistered: true,
  isFull: false,
  hasStarted: false,
  endDate: null,
  endTime: null,
  startsAt: '2099-03-15T05:00:00.000Z',
  externalLink: null,
  maxParticipants: 10,
  speaker: null,
  registeredCount: 4,
  offeredCount: 0,
  cancelled: false,
  waitlistCount: 0,
  questions: [],
  myWaitlist: null,
  seriesId: null,
  isOnline: false,
  seriesDates: [],
};

const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0z"/></svg>';

type Pass = MyEventPassQuery['event'] & { __typename: 'Event' };
const checkIn = (over: Partial<NonNullable<MyEventPassQuery['event']['myCheckIn']>> = {}) => ({
  __typename: 'MyCheckIn' as const,
  code: 'K7PM-3QXD',
  qrSvg: QR,
  checkedInAt: null,
  ...over,
});
const certificate = (over: Partial<NonNullable<MyEventPassQuery['event']['myCertificate']>> = {}) => ({
  __typename: 'MyCertificate' as const,
  code: 'ABCD-EFGH-JKLM-NPQR',
  issuedAt: '2099-03-16T06:00:00.000Z',
  revoked: false,
  downloadUrl: '/api/events/ev-1/certificate',
  ...over,
});

function renderPage(shown: typeof event, pass: Pass) {
  return renderWithProviders(
    <Routes>
      <Route path="/events/:id" element={<EventDetailPage />} />
    </Routes>,
    {
      route: '/events/ev-1',
      mocks: [
        { request: { query: EventDocument, variables: { id: 'ev-1' } }, result: { data: { event: shown } } },
        { request: { query: MyEventPassDocument, variables: { id: 'ev-1' } }, result: { data: { event: pass } } },
      ],
    },
  );
}

describe('Event page: the viewer’s check-in code and certificate', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('shows a registered viewer their check-in code and the QR code as an image', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    const { container } = renderPage(event, { __typename: 'Event', id: 'ev-1', myCheckIn: checkIn(), myCertificate: null });
    expect(await screen.findByText('Check-in code: K7PM-3QXD')).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'QR code for check-in code K7PM-3QXD' });
    expect(qr).toHaveAttribute('src', svgDataUrl(QR));
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;/);
    // The SVG is never put into the page as markup.
    expect(container.querySelector('svg path[d="M0 0h7v7H0z"]')).toBeNull();
    expect(screen.getByText('Show this code or the QR code at the entrance.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download certificate' })).not.toBeInTheDocument();
  });

  it('says when the viewer was checked in, in Hindi too', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    await act(() => setLanguage('hi'));
    renderPage(event, { __typename: 'Event', id: 'ev-1', myCheckIn: checkIn({ checkedInAt: '2099-03-15T05:12:00.000Z' }), myCertificate: null });
    expect(await screen.findByText('चेक-इन कोड: K7PM-3QXD')).toBeInTheDocument();
    expect(screen.getByText(/चेक-इन हुआ/)).toBeInTheDocument();
  });

  it('shows Checked in at … once checked in', async () => {
    window.localStorage.setItem('authToken', 'jwt');
    renderPage(event, { __typename: 'Event', id: 'ev-1', myCheckIn: checkIn({ checkedInAt: '2099-03-15T05:12:00.000Z' }), myCertificate: null });
    // 05:12 UTC is 10:42 in India.
    expect(await screen.findByText(/^Checked in at 10:42\s?am on Sun, 15 Mar/i)).toBeInTheDocument();
    expect(screen.queryByText('Show this code or the QR code at the entrance.')).not.toBeInTheDocument();
  });

  it('asks nothing and shows nothing of the kind when signed out', async () => {
    renderPage({ ...event, isRegistered: false }, { __typename: 'Event', id: 'ev-1', myCheckIn: null, myCertificate: null });
    expect(await screen.findByRole('heading', { name: 'Career Guidance Camp' })).toBeInTheDocument();
    expect(screen.queryByText(/Check-in code/)).not.toBeInTheDocument();
  });

  describe('the certificate', () => {
    const past = { ...event, date: '2020-03-15', startsAt: '2020-03-15T05:00:00.000Z', isUpcoming: false, hasStarted: true };
    const originalFetch = global.fetch;
    const createObjectURL = jest.fn(() => 'blob:certificate');
    const revokeObjectURL = jest.fn();
    let click: jest.SpyInstance;

    beforeEach(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    });
    afterEach(() => {
      global.fetch = originalFetch;
      click.mockRestore();
      createObjectURL.mockClear();
    });

    it('Download certificate fetches the PDF with the token and saves it', async () => {
      window.localStorage.setItem('authToken', 'jwt');
      const blob = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
      const fetchMock = jest.fn(async () => ({ ok: true, status: 200, blob: async () => blob }) as unknown as Response);
      global.fetch = fetchMock as unknown as typeof fetch;
      const user = userEvent.setup();
      renderPage(past, { __typename: 'Event', id: 'ev-1', myCheckIn: checkIn({ checkedInAt: '2020-03-15T05:12:00.000Z' }), myCertificate: certificate() });

      await user.click(await screen.findByRole('button', { name: 'Download certificate' }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(fetchMock).toHaveBeenCalledWith('/api/events/ev-1/certificate', { headers: { Authorization: 'Bearer jwt' } });
      expect(createObjectURL).toHaveBeenCalledWith(blob);
      const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
      expect(anchor.download).toBe('certificate-ABCD-EFGH-JKLM-NPQR.pdf');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('says so when the download fails', async () => {
      window.localStorage.setItem('authToken', 'jwt');
      global.fetch = jest.fn(async () => ({ ok: false, status: 500 }) as unknown as Response) as unknown as typeof fetch;
      const user = userEvent.setup();
      renderPage(past, { __typename: 'Event', id: 'ev-1', myCheckIn: null, myCertificate: certificate() });
      await user.click(await screen.findByRole('button', { name: 'Download certificate' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The certificate could not be downloaded. Please try again later.');
      expect(click).not.toHaveBeenCalled();
    });

    it('a revoked certificate says so and offers no download', async () => {
      window.localStorage.setItem('authToken', 'jwt');
      renderPage(past, { __typename: 'Event', id: 'ev-1', myCheckIn: null, myCertificate: certificate({ revoked: true }) });
      expect(await screen.findByText('Your certificate for this event has been withdrawn by the organisers.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Download certificate' })).not.toBeInTheDocument();
    });
  });
});
