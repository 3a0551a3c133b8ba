import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { dataLayerLoaded, resetDataLayerForTests, wantDataLayer } from '@/rendering/data-layer-loader';
import { loadedEntryKey, PAGE_DATA_ELEMENT_ID, takeServedPageData, type ServedPage } from '@/rendering/served-page';
import { eventDetail } from '@/testing/fixtures';
import { pageDataKey } from '@/rendering/page-data';
import { eventQuery } from '../api/use-events';
import { hydrateServerHtml } from '@/testing/hydrate';
import { markServedPageHydrating, resetServedTextForTests } from '@/rendering/served-text';
import { EventDetailPage } from './event-detail-page';

// The data layer, as the browser fetches it: a client that notes the operations it is asked for (and never answers).
jest.mock('@/rendering/data-layer', () => {
  const { ApolloClient, ApolloLink, InMemoryCache } = jest.requireActual('@apollo/client');
  const { Observable } = jest.requireActual('rxjs');
  const asked: string[] = [];
  const link = new ApolloLink((operation: { operationName?: string }) => {
    asked.push(operation.operationName ?? '?');
    return new Observable(() => {});
  });
  return { asked, apolloClient: new ApolloClient({ link, cache: new InMemoryCache() }) };
});
const { asked } = jest.requireMock('@/rendering/data-layer') as { asked: string[] };

const event = eventDetail({ id: 'ev-1', title: 'Career Guidance Camp', date: '2099-03-15', maxParticipants: 60, registeredCount: 12 });

/** The served data of an event page, as entry-server's loadPageData gives it (the page's query's answer). */
const dataOf = (shown: typeof event) => ({ [pageDataKey(eventQuery(shown.id))]: { data: { event: shown } } });

function served(over: Partial<ServedPage> = {}): ServedPage {
  return { language: 'en', data: dataOf(event), key: 'default', ...over };
}

function servedEvent(id: string, over: Partial<ServedPage> = {}): ServedPage {
  return served({ data: dataOf({ ...event, id }), ...over });
}

/** The app around the event page, as main.tsx (browser) and entry-server (server) give it. */
function page(servedPage: ServedPage | null, route = '/events/ev-1') {
  return (
    <AppProvider served={servedPage}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/events/:id" element={<EventDetailPage />} />
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProvider>
  );
}

describe('An event page drawn by the server with its event', () => {
  // A new page load: the data layer not fetched yet.
  beforeAll(() => resetDataLayerForTests());
  beforeEach(() => {
    asked.length = 0;
    window.localStorage.clear();
  });
  afterAll(() => wantDataLayer());

  it('hydrates from its own data without the data layer, and Register Now asks a signed-out reader to log in', async () => {
    const html = renderToString(page(served()));
    expect(html).toContain('Career Guidance Camp</h1>');
    expect(html).toContain('12 / 60 registered');
    // Drawn by the server, pressable before the page is live: the press is kept (rendering/early-press.ts);
    // without script it is a GET of /login that comes back to the registration (SignInFirst).
    expect(html).toContain(
      '<form class="get-form--contents" action="/login" method="get"><input type="hidden" name="from" value="/events/ev-1#register"/>' +
        '<button type="submit" class="button button--primary" data-early-press="register:ev-1">Register Now</button></form>',
    );

    const user = userEvent.setup();
    markServedPageHydrating();
    const hydrated = await hydrateServerHtml(html, page(served()));
    try {
      expect(hydrated.errors).not.toHaveBeenCalled(); // no mismatch: the same page, from the same data
      // The event's text is kept as drawn (ServedText): React owns no node in it; the button is live.
      const ownedByReact = (node: Node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
      expect(ownedByReact(screen.getByRole('heading', { level: 1 }))).toBe(false);
      expect(ownedByReact(screen.getByText('12 / 60 registered', { exact: false }))).toBe(false);
      expect(ownedByReact(screen.getByRole('button', { name: 'Register Now' }))).toBe(true);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Career Guidance Camp');
      const register = screen.getByRole('button', { name: 'Register Now' });
      expect(register).toBeEnabled();
      // Seen after React's own listener (on the root): whether the browser would send the form.
      const submitted = jest.fn();
      const onSubmit = (e: Event) => submitted((e.target as HTMLFormElement).action, e.defaultPrevented);
      window.addEventListener('submit', onSubmit);
      await user.click(register);
      window.removeEventListener('submit', onSubmit);
      expect(screen.getByRole('alert')).toHaveTextContent('You must be logged in to register.');
      // Live, the click is the app's: the form's GET of /login is not sent.
      expect(submitted).toHaveBeenCalledWith(expect.stringMatching(/\/login$/), true);
      // Nothing of Apollo was fetched or asked: not for the page, not for the click.
      expect(dataLayerLoaded()).toBe(false);
      expect(asked).toEqual([]);
      expect(document.title).toBe('Career Guidance Camp | Gyan Jyoti Education Mission');
    } finally {
      hydrated.cleanup();
      resetServedTextForTests();
    }
  });

  // After the test above (each case a page of its own event: the client keeps one request per query).
  it.each([
    ['signed in (their registration is not in the served data)', (id: string) => servedEvent(id), (id: string) => id, 'jwt'],
    ['in another language than it was drawn in', (id: string) => servedEvent(id, { language: 'hi' }), (id: string) => id, null],
    ['another event', (id: string) => servedEvent(id), (id: string) => `${id}-other`, null],
    ['another entry of the history (a page opened in the app)', (id: string) => servedEvent(id, { key: 'k3x9' }), (id: string) => id, null],
    ['no served data (the shell)', () => null, (id: string) => id, null],
  ])('asks the API, with the data layer, for any other page: %s', async (name, servedPage, routeId, token) => {
    const id = `ev-${name.length}`;
    if (token) window.localStorage.setItem('authToken', token);
    render(page(servedPage(id), `/events/${routeId(id)}`));
    expect(await screen.findByText('Loading event...')).toBeInTheDocument();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(dataLayerLoaded()).toBe(true);
    expect(asked).toEqual(['Event']);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});

describe('takeServedPageData', () => {
  function documentWith(json: string | null) {
    const doc = document.implementation.createHTMLDocument('page');
    doc.body.innerHTML = '<div id="root"></div>';
    if (json !== null) {
      const script = doc.createElement('script');
      script.type = 'application/json';
      script.id = PAGE_DATA_ELEMENT_ID;
      script.textContent = json;
      doc.body.append(script);
    }
    return doc;
  }

  it('reads the data the site server wrote (escaped JSON) and takes the element out of the page', () => {
    const doc = documentWith(JSON.stringify(dataOf({ ...event, title: '</script> Camp' })).replace(/</g, '\\u003c'));
    expect(takeServedPageData(doc)).toEqual(dataOf({ ...event, title: '</script> Camp' }));
    expect(doc.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();
  });

  it('gives nothing when there is none or it cannot be read (the page then asks the API)', () => {
    expect(takeServedPageData(documentWith(null))).toBeNull();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const doc = documentWith('{not json');
    expect(takeServedPageData(doc)).toBeNull();
    expect(warn).toHaveBeenCalled();
    expect(doc.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();
    warn.mockRestore();
  });
});

describe('loadedEntryKey', () => {
  function KeyOfLocation() {
    return <p>{useLocation().key}</p>;
  }

  afterEach(() => window.history.replaceState(null, ''));

  // The served page is shown only while location.key is this key: it must be the router's own.
  it.each([
    ['a first load (no history state)', null, 'default'],
    ['a reload of an entry the app had pushed', { usr: null, key: 'k3x9ab', idx: 2 }, 'k3x9ab'],
  ])('is the key BrowserRouter gives the entry the document was loaded at: %s', (_case, state, key) => {
    window.history.replaceState(state, '');
    expect(loadedEntryKey()).toBe(key);
    render(
      <BrowserRouter>
        <KeyOfLocation />
      </BrowserRouter>,
    );
    expect(screen.getByText(key)).toBeInTheDocument();
  });
});
