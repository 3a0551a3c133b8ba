// Pages drawn with data through the renderer contract (a stand-in renderer and API): kept until the
// change feed says they changed, none kept while it is down; forms posted to a page.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createSiteServer } from '../server.js';
import { fakeApi, fakeRenderer, type GraphQLCall } from './helpers.js';

const TEMPLATE = `<!doctype html><html lang="en"><head><meta name="description" content="x" /><title>t</title></head><body><div id="root"></div><noscript>${'x'.repeat(1200)}</noscript></body></html>`;
const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function app({ forms = true } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-pages-'));
  dirs.push(dir);
  const dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, 'prerendered', 'events'), { recursive: true });
  mkdirSync(path.join(dir, 'dist-ssr'));
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  for (const f of ['index.html', 'events/[id].html', 'login.html']) writeFileSync(path.join(dist, 'prerendered', f), TEMPLATE);
  const routes = { '/': { en: 'index.html' }, '/events/:id': { en: 'events/[id].html' }, '/login': { en: 'login.html' } };
  writeFileSync(path.join(dist, 'prerendered', 'routes.json'), JSON.stringify({ expires: new Date(Date.now() + 3_600_000).toISOString(), routes }));
  writeFileSync(path.join(dir, 'dist-ssr', 'entry-server.js'), fakeRenderer({ forms }));
  return dist;
}

async function start(dist: string, answer: (call: GraphQLCall) => unknown) {
  const api = await fakeApi(answer);
  const handler = createSiteServer({ distDir: dist, apiUrl: api.url, publicOrigin: 'https://site.example', log: () => {} });
  const server = handler.listen(0);
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (let i = 0; i < 100 && !handler.feed?.connected; i++) await new Promise((r) => setTimeout(r, 20));
  return {
    api,
    handler,
    base,
    get: (url: string) => fetch(base + url).then(async (r) => ({ status: r.status, html: await r.text(), headers: r.headers })),
    post: (url: string, body: string, headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }) =>
      fetch(base + url, { method: 'POST', body, headers, redirect: 'manual' }).then(async (r) => ({ status: r.status, html: await r.text(), headers: r.headers })),
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await api.close();
    },
  };
}

const waitUntil = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(check());
};

describe('pages drawn with their data, kept until a change', () => {
  it('draws every route with data (home, an event), writes its link preview from meta, and keeps it until a change names it', async () => {
    let title = 'Science Fair';
    const site = await start(app(), ({ body }) => {
      const url = body.url as string;
      if (url === '/') return { page: { pageData: { title: 'Home', items: [title] }, meta: { title: 'Gyan Jyoti Education Mission' }, topics: ['events'] } };
      if (url === '/events/e1') return { page: { pageData: { title }, meta: { title, description: 'An event', image: '/uploads/a.webp', imageSrcSet: '/uploads/a.webp 640w', type: 'article' }, topics: ['events', 'event:e1'] } };
      if (url === '/events/gone') return { page: { pageData: { title: 'Not found' }, meta: { title: 'Not found' }, status: 404 } };
      if (url === '/events/old') return { page: { pageData: { title: 'Old shape' }, event: { title: 'Old shape', description: 'd', date: '2030-01-01', location: 'Naini', imageUrl: null } } };
      return { page: null };
    });
    try {
      const event = await site.get('/events/e1');
      assert.equal(event.status, 200);
      assert.match(event.html, /<main><h1>Science Fair<\/h1><\/main><\/div><script type="application\/json" id="page-data">\{"title":"Science Fair"\}<\/script>/);
      assert.match(event.html, /<meta property="og:title" content="Science Fair \| Gyan Jyoti Education Mission" \/>/);
      assert.match(event.html, /<meta property="og:image" content="https:\/\/site.example\/uploads\/a.webp" \/>/);
      assert.match(event.html, /<meta property="og:type" content="article" \/>/);
      assert.match((await site.get('/')).html, /<p>Science Fair<\/p>/);
      assert.match((await site.get('/')).html, /<title>Gyan Jyoti Education Mission<\/title>/);
      const asked = site.api.requests.length;
      await site.get('/events/e1');
      await site.get('/');
      assert.equal(site.api.requests.length, asked, 'kept: the API is not asked again');
      // A change to another event drops neither... a change to this one drops both (home shows events).
      site.api.change(['team']);
      await new Promise((r) => setTimeout(r, 50));
      await site.get('/events/e1');
      assert.equal(site.api.requests.length, asked, 'a change to the team keeps event pages');
      title = 'Science Fair, renamed';
      site.api.change(['events', 'event:e1']);
      await waitUntil(() => site.handler.keptPages().drawn === 0);
      assert.match((await site.get('/events/e1')).html, /og:title" content="Science Fair, renamed \|/);
      assert.match((await site.get('/')).html, /<p>Science Fair, renamed<\/p>/);
      // An unknown subject: drawn as the renderer draws it, answered 404; an older renderer's event still gives the preview.
      assert.equal((await site.get('/events/gone')).status, 404);
      assert.match((await site.get('/events/old')).html, /<title>Old shape \| Gyan Jyoti Education Mission<\/title>/);
    } finally {
      await site.close();
    }
  });

  it('keeps nothing while the change feed is down, and starts afresh once it is back', async () => {
    const site = await start(app(), () => ({ page: { pageData: { title: 'T' }, meta: { title: 'T' }, topics: ['events'] } }));
    try {
      await site.get('/events/e1');
      assert.equal(site.handler.keptPages().drawn, 1);
      site.api.refuseFeed = true;
      site.api.dropFeed();
      await waitUntil(() => site.handler.feed?.connected === false);
      assert.equal(site.handler.keptPages().drawn, 0);
      const before = site.api.requests.length;
      await site.get('/events/e1');
      await site.get('/events/e1');
      assert.equal(site.api.requests.length, before + 2, 'every request asks the API while the feed is down');
      site.api.refuseFeed = false;
      await waitUntil(() => site.handler.feed?.connected === true);
      await site.get('/events/e1');
      await site.get('/events/e1');
      assert.equal(site.api.requests.length, before + 3, 'kept again once the feed is back');
    } finally {
      await site.close();
    }
  });

  it('draws a page once for readers asking for it at the same time', async () => {
    const site = await start(app(), () => ({ page: { pageData: { title: 'T' }, meta: { title: 'T' }, topics: ['events'] } }));
    try {
      const pages = await Promise.all(Array.from({ length: 10 }, () => site.get('/events/e1')));
      assert.ok(pages.every((p) => p.status === 200 && p.html.includes('<h1>T</h1>')));
      assert.equal(site.api.requests.length, 1);
    } finally {
      await site.close();
    }
  });

  it('sends the page without its data when the API fails, and keeps nothing of it', async () => {
    const site = await start(app(), () => ({ fail: true }));
    try {
      const page = await site.get('/events/e1');
      assert.equal(page.status, 200);
      assert.match(page.html, /<div id="root"><\/div>/);
      assert.equal(site.handler.keptPages().drawn, 0);
    } finally {
      await site.close();
    }
  });
});

describe('forms posted to a page', () => {
  it('redirects (303) or draws the page with the answer, never kept, with the reader\'s address and languages sent on', async () => {
    const site = await start(app(), ({ body }) => {
      const form = body.form as Record<string, string> | undefined;
      if (!form) return { page: null };
      if (form.email === 'go@example.org') return { form: { redirect: '/verify-otp?email=go' } };
      if (form.email === 'evil@example.org') return { form: { redirect: 'https://evil.example/' } };
      if (form.email === 'none@example.org') return { form: null };
      return { form: { pageData: { title: `Code sent to ${form.email}` } } };
    });
    try {
      const redirect = await site.post('/login', 'email=go%40example.org');
      assert.equal(redirect.status, 303);
      assert.equal(redirect.headers.get('location'), '/verify-otp?email=go');
      assert.equal((await site.post('/login', 'email=evil%40example.org')).headers.get('location'), '/', 'only to a path of this site');
      const drawn = await site.post('/login', 'email=a%40example.org&email=b%40example.org', { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', 'accept-language': 'hi', 'x-forwarded-for': '203.0.113.9', 'user-agent': 'Phone/1', origin: 'https://site.example' });
      assert.equal(drawn.status, 200);
      assert.match(drawn.html, /<h1>Code sent to a@example.org<\/h1>/);
      assert.match(drawn.html, /<output>\{&#34;email&#34;:&#34;a@example.org&#34;\}<\/output>/);
      assert.equal(drawn.headers.get('cache-control'), 'no-store');
      const call = site.api.requests.at(-1)!;
      assert.equal(call.headers['accept-language'], 'hi');
      assert.equal(call.headers['user-agent'], 'Phone/1');
      assert.match(String(call.headers['x-forwarded-for']), /^203\.0\.113\.9, (::ffff:)?127\.0\.0\.1$/);
      assert.equal(site.handler.keptPages().drawn, 0);
      const back = await site.post('/login', 'email=none%40example.org');
      assert.equal(back.status, 303, 'a page whose form has no server action: back to the page');
      assert.equal(back.headers.get('location'), '/login');
    } finally {
      await site.close();
    }
  });

  it('refuses other types (415), large bodies (413) and another site\'s forms (403); 404 without handleForm', async () => {
    const site = await start(app(), () => ({ form: { redirect: '/' } }));
    const plain = await start(app({ forms: false }), () => ({ page: null }));
    try {
      assert.equal((await site.post('/login', '{"email":"x"}', { 'content-type': 'application/json' })).status, 415);
      assert.equal((await site.post('/login', `email=${'x'.repeat(17 * 1024)}`)).status, 413);
      assert.equal((await site.post('/login', 'email=x', { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' })).status, 403);
      const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
      assert.equal((await site.post('/login', 'email=x', { ...urlencoded, origin: 'null' })).status, 403, 'Origin: null alone');
      // The site's own form under Referrer-Policy: no-referrer: Origin null, and the browser's Sec-Fetch-Site.
      assert.equal((await site.post('/login', 'email=x', { ...urlencoded, origin: 'null', 'sec-fetch-site': 'same-origin' })).status, 303);
      assert.equal((await site.post('/login', 'email=x', { ...urlencoded, origin: 'https://site.example', 'sec-fetch-site': 'cross-site' })).status, 403);
      assert.equal((await site.post('/login', 'email=x', { 'content-type': 'application/x-www-form-urlencoded', origin: site.base })).status, 303, 'its own host');
      const none = await plain.post('/login', 'email=x');
      assert.equal(none.status, 404);
      assert.match(none.html, /Cannot POST \/login/);
    } finally {
      await site.close();
      await plain.close();
    }
  });
});
