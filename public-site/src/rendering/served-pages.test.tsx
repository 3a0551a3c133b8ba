// The served HTML of every page with data, as the site server makes it: entry-server's loadPageData
// asks a (fake) API for the route's queries, render draws the page with the answers. In English and Hindi.
import { loadPageData, pageDataElementId, render } from '@/entry-server';
import { todayInIndia } from '@/lib/format';

const API = 'http://api.test/graphql';

const [year, month] = todayInIndia().split('-').map(Number);
const thisMonth = `${year}-${String(month).padStart(2, '0')}`;
// Later this month when there is room, else next month's first day (still upcoming).
const soon = Number(todayInIndia().slice(8, 10)) < 27 ? `${thisMonth}-28` : `${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}-01`;

function event(id: string, date: string, lang: string, title: { en: string; hi: string }, upcoming = true) {
  return {
    __typename: 'Event',
    id,
    title: title[lang as 'en' | 'hi'],
    description: lang === 'hi' ? 'बच्चों के प्रयोग' : 'Experiments by children',
    date,
    time: '10:00',
    location: lang === 'hi' ? 'प्रयागराज' : 'Prayagraj',
    category: 'PRIMARY',
    imageUrl: '/uploads/fair-1280.webp',
    imageSrcSet: '/uploads/fair-640.webp 640w, /uploads/fair-1280.webp 1280w',
    isUpcoming: upcoming,
    isRegistered: false,
    isFull: false,
    hasStarted: !upcoming,
    cancelled: false,
    endDate: null,
    endTime: null,
    startsAt: `${date}T04:30:00.000Z`,
    externalLink: null,
    maxParticipants: 60,
    speaker: null,
    registeredCount: 12,
    offeredCount: 0,
    waitlistCount: 0,
    myWaitlist: null,
  };
}

const FAIR = { en: 'Science Fair', hi: 'विज्ञान मेला' };
const CAMP = { en: 'Career Guidance Camp', hi: 'करियर मार्गदर्शन शिविर' };
const FAIR_ID = '6c1f6b0e-3a51-4b8e-9d0c-2f4a7e5b9c01';
const CAMP_ID = '7d2a7c1f-4b62-4c9f-8e1d-3a5b8f6cad02';

/** What the API answers, by operation, in the request's language; the requests it got. */
const asked: Array<{ operationName: string; variables: Record<string, unknown>; lang: string }> = [];
function answer(operationName: string, variables: Record<string, unknown>, lang: string): unknown {
  const upcoming = [event(FAIR_ID, soon, lang, FAIR)];
  const past = [event(CAMP_ID, '2020-01-15', lang, CAMP, false)];
  switch (operationName) {
    case 'Events': {
      const filter = variables.filter as { when: string; month?: number; year?: number };
      let items = filter.when === 'PAST' ? past : filter.when === 'UPCOMING' ? upcoming : [...past, ...upcoming];
      if (filter.month) items = items.filter((e) => Number(e.date.slice(5, 7)) === filter.month && Number(e.date.slice(0, 4)) === filter.year);
      return { data: { events: { __typename: 'EventPage', items, total: items.length, offset: 0, limit: variables.limit } } };
    }
    case 'EventCountsByDay':
      return { data: { eventCountsByDay: Number(soon.slice(5, 7)) === variables.month && Number(soon.slice(0, 4)) === variables.year ? [{ __typename: 'DayCount', date: soon, count: 1 }] : [] } };
    case 'Event':
      if (variables.id === FAIR_ID) return { data: { event: upcoming[0] } };
      return { data: null, errors: [{ message: 'Event not found', extensions: { code: 'NOT_FOUND' } }] };
    case 'TeamMembers':
      return {
        data: {
          teamMembers: [
            { __typename: 'TeamMember', id: 't1', name: lang === 'hi' ? 'सुनीता पांडेय' : 'Sunita Pandey', designation: 'Trustee', description: 'Teacher', imageUrl: null, imageSrcSet: null, socialLinks: { __typename: 'SocialLinks', facebook: null, linkedin: null, twitter: null, github: null } },
          ],
        },
      };
    default:
      throw new Error(`unexpected operation ${operationName}`);
  }
}

/** As much of a fetch Response as Apollo's HttpLink reads (jsdom has none). */
function response(body: string, status = 200) {
  return { ok: status < 300, status, headers: new Headers({ 'content-type': status < 300 ? 'application/json' : 'text/plain' }), text: async () => body, json: async () => JSON.parse(body) as unknown };
}

const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    expect(String(input)).toBe(API);
    const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
    const lang = new Headers(init?.headers).get('accept-language') ?? 'en';
    asked.push({ operationName: body.operationName, variables: body.variables, lang });
    return response(JSON.stringify(answer(body.operationName, body.variables, lang)));
  }) as unknown as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});
beforeEach(() => {
  asked.length = 0;
});

/** The page as the site server draws it: its data loaded, then rendered with it. */
async function served(url: string, lang: 'en' | 'hi') {
  const loaded = await loadPageData(url, lang, { graphqlUrl: API });
  if (!loaded) throw new Error(`${url} has no data`);
  const html = await render(url, lang, { pageData: loaded.pageData });
  return { loaded, html, text: html.replace(/<[^>]+>/g, ' ') };
}

describe('served pages with their data', () => {
  it.each([
    ['en', 'Past social and educational events', 'Upcoming Events'],
    ['hi', 'पिछले सामाजिक और शैक्षिक कार्यक्रम', 'आगामी कार्यक्रम'],
  ] as const)('home (%s): both carousels with their events and links, no loading', async (lang, pastHeading, upcomingHeading) => {
    const { loaded, html, text } = await served('/', lang);
    expect(asked.map((a) => [a.operationName, (a.variables.filter as { when: string }).when, a.lang]).sort()).toEqual([
      ['Events', 'PAST', lang],
      ['Events', 'UPCOMING', lang],
    ]);
    expect(text).toContain(pastHeading);
    expect(text).toContain(upcomingHeading);
    expect(text).toContain(FAIR[lang]);
    expect(text).toContain(CAMP[lang]);
    expect(html).toContain(`href="/events/${FAIR_ID}"`);
    expect(html).not.toMatch(/Loading|लोड हो/);
    expect(loaded.topics).toEqual(['events']);
    expect(loaded.meta).toBeUndefined();
  });

  it.each([
    ['en', 'Coming up'],
    ['hi', 'आने वाले कार्यक्रम'],
  ] as const)('events (%s): what is coming, under its month', async (lang, heading) => {
    const { html, text } = await served('/events', lang);
    expect(asked.map((a) => a.operationName)).toEqual(['Events']);
    expect(html).toContain(`>${heading}</h1>`);
    expect(text).toContain(FAIR[lang]);
    const monthOfSoon = new Date(`${soon}T12:00:00Z`).toLocaleDateString(lang === 'hi' ? 'hi-IN' : 'en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(text).toContain(monthOfSoon);
    expect(html).not.toMatch(/Loading|लोड हो/);
  });

  it.each(['en', 'hi'] as const)('events (%s): the month calendar of the month in the URL, or of this month, with its counts', async (lang) => {
    const locale = lang === 'hi' ? 'hi-IN' : 'en-IN';
    const monthTitle = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });

    const now = await served('/events?view=calendar', lang);
    expect(asked.map((a) => [a.operationName, a.variables.month ?? (a.variables.filter as { month: number }).month]).sort()).toEqual([
      ['EventCountsByDay', month],
      ['Events', month],
    ]);
    expect(now.html).toContain(`>${monthTitle(year, month)}</h1>`);
    expect(now.html).toContain('<table');
    if (soon.startsWith(thisMonth)) expect(now.text).toContain(FAIR[lang]);

    // The month of the event to come: its day counted (EventCountsByDay), its event listed.
    const ofSoon = await served(`/events?month=${soon.slice(0, 7)}`, lang);
    expect(ofSoon.html).toMatch(lang === 'hi' ? /aria-label="[^"]*: 1 कार्यक्रम"/ : /aria-label="[^"]*: 1 event"/);
    expect(ofSoon.text).toContain(FAIR[lang]);
    expect(now.html).not.toMatch(/Loading|लोड हो/);

    asked.length = 0;
    const january = await served('/events?month=2020-01&type=past', lang);
    expect(asked.find((a) => a.operationName === 'Events')?.variables).toEqual({ filter: { when: 'PAST', month: 1, year: 2020 }, offset: 0, limit: 100 });
    expect(january.html).toContain(`>${monthTitle(2020, 1)}</h1>`);
    expect(january.text).toContain(CAMP[lang]);
    expect(january.text).not.toContain(FAIR[lang]);
  });

  it.each(['en', 'hi'] as const)('an event (%s): its title, date, place and description, and its link preview', async (lang) => {
    const { loaded, html, text } = await served(`/events/${FAIR_ID}`, lang);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${FAIR[lang]}</h1>`));
    expect(text).toContain(lang === 'hi' ? 'प्रयागराज' : 'Prayagraj');
    expect(text).toContain(lang === 'hi' ? 'बच्चों के प्रयोग' : 'Experiments by children');
    expect(html).not.toMatch(/Loading|लोड हो/);
    expect(loaded.status).toBe(200);
    expect(loaded.meta).toMatchObject({
      title: `${FAIR[lang]} | ${lang === 'hi' ? 'ज्ञान ज्योति शिक्षा मिशन' : 'Gyan Jyoti Education Mission'}`,
      image: '/uploads/fair-1280.webp',
      imageSrcSet: '/uploads/fair-640.webp 640w, /uploads/fair-1280.webp 1280w',
      type: 'article',
    });
    expect(loaded.meta?.description).toContain(lang === 'hi' ? 'प्रयागराज' : 'Prayagraj');
  });

  it.each([
    ['en', 'Event not found'],
    ['hi', 'कार्यक्रम नहीं मिला'],
  ] as const)('an unknown event (%s): 404, drawn as not found', async (lang, message) => {
    const { loaded, html } = await served('/events/00000000-0000-4000-8000-000000000000', lang);
    expect(loaded.status).toBe(404);
    expect(loaded.meta).toBeUndefined();
    expect(html).toContain(message);
  });

  it.each([
    ['en', 'Sunita Pandey'],
    ['hi', 'सुनीता पांडेय'],
  ] as const)('team (%s): its members', async (lang, name) => {
    const { loaded, html } = await served('/teams', lang);
    expect(html).toContain(`>${name}</h2>`);
    expect(html).not.toMatch(/Loading|लोड हो/);
    expect(loaded.topics).toEqual(['team']);
  });

  it('pages without data have none to load; the data goes to the element the client reads', async () => {
    expect(await loadPageData('/about', 'en', { graphqlUrl: API })).toBeNull();
    expect(await loadPageData('/contact', 'en', { graphqlUrl: API })).toBeNull();
    expect(asked).toEqual([]);
    expect(pageDataElementId).toBe('page-data');
  });

  it('throws when the API fails (the site server then serves the shell)', async () => {
    const before = globalThis.fetch;
    globalThis.fetch = (async () => response('bad gateway', 502)) as unknown as typeof fetch;
    try {
      await expect(loadPageData('/', 'en', { graphqlUrl: API })).rejects.toThrow();
    } finally {
      globalThis.fetch = before;
    }
  });
});
