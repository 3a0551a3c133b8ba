// An online event's page as the site server serves it (entry-server: loadPageData, then render, and its
// link preview meta): the meeting link is never asked for, never drawn, never in the preview, even from
// an API that wrongly sent it. The other dates of its series are drawn, linked.
import { loadPageData, render } from '@/entry-server';
import { todayInIndia } from '@/lib/format';

const API = 'http://api.test/graphql';
const LINK = 'https://meet.example.org/secret-room';
const SESSION_LINK = 'https://meet.example.org/secret-session-room';
const ID = '6c1f6b0e-3a51-4b8e-9d0c-2f4a7e5b9c01';
const NEXT = '7d2a7c1f-4b62-4c9f-8e1d-3a5b8f6cad02';
const [year, month] = todayInIndia().split('-').map(Number);
const later = `${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}-10`;
const after = `${month >= 11 ? year + 1 : year}-${String(((month + 1) % 12) + 1).padStart(2, '0')}-10`;

function onlineEvent(lang: string) {
  return {
    __typename: 'Event',
    id: ID,
    title: lang === 'hi' ? 'ऑनलाइन कार्यशाला' : 'Online workshop',
    description: 'On the web',
    date: later,
    time: '10:00',
    location: 'Online',
    category: 'PRIMARY',
    imageUrl: null,
    imageSrcSet: null,
    isUpcoming: true,
    isRegistered: false,
    isFull: false,
    hasStarted: false,
    cancelled: false,
    endDate: null,
    endTime: null,
    startsAt: `${later}T04:30:00.000Z`,
    externalLink: null,
    maxParticipants: null,
    speaker: null,
    registeredCount: 3,
    offeredCount: 0,
    waitlistCount: 0,
    myWaitlist: null,
    seriesId: 'series-1',
    isOnline: true,
    seriesDates: [{ __typename: 'Event', id: NEXT, date: after, time: '10:00', cancelled: false }],
    // A hybrid course: its second session has a link of its own.
    sessions: [
      { __typename: 'EventSession', id: 'session-1', date: later, time: '10:00', endTime: '12:00', title: null, location: null, isOnline: false, meetingLink: null },
      { __typename: 'EventSession', id: 'session-2', date: later, time: '14:00', endTime: '16:00', title: null, location: null, isOnline: true, meetingLink: SESSION_LINK },
    ],
    // An API that wrongly sent it (it never does signed out): the page must still not show it.
    meetingLink: LINK,
  };
}

const queries: string[] = [];
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { query: string };
    queries.push(body.query);
    const lang = new Headers(init?.headers).get('accept-language') ?? 'en';
    const json = JSON.stringify({ data: { event: onlineEvent(lang) } });
    return { ok: true, status: 200, headers: new Headers({ 'content-type': 'application/json' }), text: async () => json, json: async () => JSON.parse(json) as unknown };
  }) as unknown as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

describe('an online event in a series, served', () => {
  it.each(['en', 'hi'] as const)('(%s) never asks for, draws or previews the meeting link; lists the other dates', async (lang) => {
    queries.length = 0;
    const loaded = await loadPageData(`/events/${ID}`, lang, { graphqlUrl: API });
    expect(loaded).not.toBeNull();
    const html = await render(`/events/${ID}`, lang, { pageData: loaded!.pageData });
    expect(queries.length).toBeGreaterThan(0);
    for (const q of queries) expect(q).not.toContain('meetingLink');
    expect(html).not.toContain('secret-room');
    expect(JSON.stringify(loaded!.meta)).not.toContain('secret-room');
    // Nor a session's own link; the session list says which session is online.
    expect(html).not.toContain('secret-session-room');
    expect(JSON.stringify(loaded!.meta)).not.toContain('secret-session-room');
    expect(html).toContain(`href="/events/${NEXT}"`);
    expect(html).toContain(lang === 'hi' ? 'इस शृंखला की दूसरी तारीखें' : 'Other dates of this series');
    expect(html).toContain(lang === 'hi' ? 'ऑनलाइन' : 'Online');
  });
});
