// How the site server serves an app: prerendered pages per language, files from memory with their
// compressed forms and validators, the security headers, the API's paths, and (with the public site's
// own build, when built) an event page drawn with its event.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createServer, request, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from '../precompress.js';
import { createSiteServer, type SiteServerOptions } from '../server.js';
import { fakeApi as changeFeedApi, type FakeApi } from './helpers.js';

// Over 1 KB, as real pages are, so that they are sent compressed.
const NOSCRIPT = `<noscript>${'Please turn on JavaScript to use every part of this site. '.repeat(40)}</noscript>`;
const INDEX = `<!doctype html><html lang="en"><head><meta name="description" content="x" /><title>t</title></head><body><div id="root"></div>${NOSCRIPT}</body></html>`;
const page = (text: string, lang = 'en') => INDEX.replace('lang="en"', `lang="${lang}"`).replace('<div id="root"></div>', `<div id="root"><h1>${text}</h1></div>`);
const hour = 3_600_000;
const dirs: string[] = [];

/** An app folder with a built index.html, prerendered pages in both languages valid until `expires` and a prerender script. */
function appWith({ expires, prerenderScript }: { expires: number; prerenderScript: string }) {
  const appDir = mkdtempSync(path.join(os.tmpdir(), 'site-server-'));
  dirs.push(appDir);
  const dist = path.join(appDir, 'dist');
  mkdirSync(path.join(dist, 'prerendered', 'events'), { recursive: true });
  mkdirSync(path.join(dist, 'prerendered', 'hi', 'events'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'prerendered', 'about.html'), page('About, prerendered'));
  writeFileSync(path.join(dist, 'prerendered', 'hi', 'about.html'), page('हमारे बारे में, prerendered', 'hi'));
  writeFileSync(path.join(dist, 'prerendered', 'events', '[id].html'), page('Event, prerendered'));
  writeFileSync(path.join(dist, 'prerendered', 'hi', 'events', '[id].html'), page('कार्यक्रम, prerendered', 'hi'));
  const routes = {
    '/about': { en: 'about.html', hi: 'hi/about.html' },
    '/events/:id': { en: 'events/[id].html', hi: 'hi/events/[id].html' },
  };
  writeFileSync(path.join(dist, 'prerendered', 'routes.json'), JSON.stringify({ expires: new Date(expires).toISOString(), routes }));
  mkdirSync(path.join(appDir, 'scripts'));
  writeFileSync(path.join(appDir, 'scripts', 'prerender.mjs'), prerenderScript);
  return { appDir, dist };
}

export interface Raw {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

async function serve(dist: string, { apiUrl = 'http://127.0.0.1:9', feed = false, ...options }: Partial<SiteServerOptions> & { feed?: boolean } = {}) {
  // Nothing listens on port 9: the page's data (and the change feed) fail fast and the page still serves.
  const handler = createSiteServer({ distDir: dist, apiUrl, log: () => {}, ...options });
  const server: Server = handler.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  // With an API that streams its changes: pages are kept once the stream is up.
  if (feed) await eventually(() => handler.feed?.connected === true, 3_000);
  const fetchPage = (p: string, headers: Record<string, string> = {}) => fetch(`${base}${p}`, { headers });
  const get = async (p: string, headers?: Record<string, string>) => (await fetchPage(p, headers)).text();
  /** The answer as sent (fetch would decompress it): status, headers and body bytes. */
  const raw = (p: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: p, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  return {
    base,
    get,
    fetchPage,
    raw,
    handler,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const hindiCookie = { cookie: 'theme=dark; lang=hi' };

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('site server: prerendered pages', () => {
  it("serves a route's prerendered page, with the page's meta, and index.html for every other route", async () => {
    const { dist } = appWith({ expires: Date.now() + hour, prerenderScript: 'process.exit(1);' });
    const site = await serve(dist);
    try {
      const about = await site.get('/about');
      assert.match(about, /About, prerendered/);
      assert.match(about, /<title>About Us \| Gyan Jyoti Education Mission<\/title>/);
      assert.match(await site.get('/about/'), /About, prerendered/);
      assert.match(await site.get('/events/3f2a'), /Event, prerendered/);
      assert.match(await site.get('/profile'), /<div id="root"><\/div>/);
      assert.match(await site.get('/events/3f2a/extra'), /<div id="root"><\/div>/);
    } finally {
      await site.close();
    }
  });

  it('once expired, serves index.html (in the reader\'s language) and prerenders both languages again in the background', async () => {
    const script = `
      import { writeFileSync } from 'node:fs';
      const dir = new URL('../dist/prerendered/', import.meta.url);
      writeFileSync(new URL('about.html', dir), '<div id="root"><h1>About, made again</h1></div>');
      writeFileSync(new URL('hi/about.html', dir), '<html lang="hi"><div id="root"><h1>हमारे बारे में, made again</h1></div>');
      const routes = { '/about': { en: 'about.html', hi: 'hi/about.html' } };
      writeFileSync(new URL('routes.json', dir), JSON.stringify({ expires: new Date(Date.now() + 3600000).toISOString(), routes }));
    `;
    const { dist } = appWith({ expires: Date.now() - 1000, prerenderScript: script });
    const site = await serve(dist);
    try {
      assert.match(await site.get('/about'), /<div id="root"><\/div>/);
      const hindiFallback = await site.get('/about', hindiCookie);
      assert.match(hindiFallback, /<div id="root"><\/div>/);
      assert.match(hindiFallback, /<html lang="hi">/);
      await eventually(async () => /About, made again/.test(await site.get('/about')));
      assert.match(await site.get('/about', hindiCookie), /हमारे बारे में, made again/);
    } finally {
      await site.close();
    }
  });

  it('reads a routes.json of an older build (one English file per route) as English only', async () => {
    const { dist } = appWith({ expires: Date.now() + hour, prerenderScript: 'process.exit(1);' });
    const routes = { '/about': 'about.html' };
    writeFileSync(path.join(dist, 'prerendered', 'routes.json'), JSON.stringify({ expires: new Date(Date.now() + hour).toISOString(), routes }));
    const site = await serve(dist);
    try {
      assert.match(await site.get('/about'), /About, prerendered/);
      const hindi = await site.get('/about', hindiCookie);
      assert.match(hindi, /<div id="root"><\/div>/);
      assert.match(hindi, /<html lang="hi">/);
    } finally {
      await site.close();
    }
  });

  it('after a failed prerender, does not start another one on every request', async () => {
    const { appDir, dist } = appWith({ expires: Date.now() - 1000, prerenderScript: '' });
    const attempts = path.join(appDir, 'attempts.log');
    writeFileSync(
      path.join(appDir, 'scripts', 'prerender.mjs'),
      `import { appendFileSync } from 'node:fs'; appendFileSync(${JSON.stringify(attempts)}, 'x'); process.exit(1);`,
    );
    const site = await serve(dist);
    try {
      await site.get('/about');
      await eventually(() => existsSync(attempts));
      await new Promise((r) => setTimeout(r, 300)); // let the failed run finish
      for (let i = 0; i < 5; i++) assert.match(await site.get('/about'), /<div id="root"><\/div>/);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(readFileSync(attempts, 'utf8'), 'x');
    } finally {
      await site.close();
    }
  });
});

describe('site server: the page in the reader\'s language', () => {
  const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1];

  it('picks the language by ?lang=, then the lang cookie, then English', async () => {
    const { dist } = appWith({ expires: Date.now() + hour, prerenderScript: 'process.exit(1);' });
    const site = await serve(dist);
    try {
      const cases: [string, Record<string, string>, string][] = [
        ['/about', {}, 'en'],
        ['/about', hindiCookie, 'hi'],
        ['/about', { cookie: 'lang=en' }, 'en'],
        ['/about', { cookie: 'lang=fr' }, 'en'],
        ['/about?lang=hi', {}, 'hi'],
        ['/about?lang=en', hindiCookie, 'en'],
        ['/about?lang=fr', hindiCookie, 'hi'],
        ['/events/3f2a', hindiCookie, 'hi'],
      ];
      for (const [url, headers, lang] of cases) {
        const html = await site.get(url, headers);
        assert.match(html, new RegExp(`<html lang="${lang}">`), `${url} ${JSON.stringify(headers)}`);
        assert.match(rootOf(html)!, lang === 'hi' ? /prerendered/ : /^<h1>[A-Z]/, `${url} ${JSON.stringify(headers)}`);
        assert.equal(/[\u0900-\u097F]/.test(rootOf(html)!), lang === 'hi', `${url} ${JSON.stringify(headers)}`);
      }
    } finally {
      await site.close();
    }
  });

  it('tells caches that the page depends on the cookie, and never caches it', async () => {
    const { dist } = appWith({ expires: Date.now() + hour, prerenderScript: 'process.exit(1);' });
    const site = await serve(dist);
    try {
      for (const url of ['/about', '/profile', '/events/3f2a']) {
        const res = await site.fetchPage(url, hindiCookie);
        assert.match(res.headers.get('vary') ?? '', /\bCookie\b/i, url);
        assert.equal(res.headers.get('cache-control'), 'no-cache', url);
      }
    } finally {
      await site.close();
    }
  });

  it('writes title, description, og:locale and the language alternates in the page\'s language', async () => {
    const { dist } = appWith({ expires: Date.now() + hour, prerenderScript: 'process.exit(1);' });
    const site = await serve(dist);
    const url = `${site.base}/about`;
    try {
      const en = await site.get('/about');
      assert.match(en, /<title>About Us \| Gyan Jyoti Education Mission<\/title>/);
      assert.match(en, /<meta property="og:locale" content="en_IN" \/>/);
      assert.match(en, /<meta property="og:locale:alternate" content="hi_IN" \/>/);
      assert.match(en, /<meta property="og:site_name" content="Gyan Jyoti Education Mission" \/>/);
      assert.ok(en.includes(`<link rel="canonical" href="${url}" />`));
      assert.ok(en.includes(`<meta property="og:url" content="${url}" />`));

      const hi = await site.get('/about', hindiCookie);
      assert.match(hi, /<title>हमारे बारे में \| ज्ञान ज्योति शिक्षा मिशन<\/title>/);
      assert.match(hi, /<meta name="description" content="हम कौन हैं: [^"]+" \/>/);
      assert.match(hi, /<meta property="og:title" content="हमारे बारे में \| ज्ञान ज्योति शिक्षा मिशन" \/>/);
      assert.match(hi, /<meta property="og:locale" content="hi_IN" \/>/);
      assert.match(hi, /<meta property="og:locale:alternate" content="en_IN" \/>/);
      assert.ok(hi.includes(`<link rel="canonical" href="${url}?lang=hi" />`));
      assert.ok(hi.includes(`<meta property="og:url" content="${url}?lang=hi" />`));

      for (const html of [en, hi]) {
        assert.ok(html.includes(`<link rel="alternate" hreflang="en" href="${url}" />`));
        assert.ok(html.includes(`<link rel="alternate" hreflang="hi" href="${url}?lang=hi" />`));
        assert.ok(html.includes(`<link rel="alternate" hreflang="x-default" href="${url}" />`));
        assert.equal(html.match(/rel="canonical"/g)?.length, 1);
        assert.equal(html.match(/property="og:locale"/g)?.length, 1);
      }
      // The query does not leak into the URLs: ?lang=hi names the same Hindi page.
      assert.equal(await site.get('/about?lang=hi&utm=x'), hi);
    } finally {
      await site.close();
    }
  });
});

// ---- /events/:id drawn with its event (the public site's own build, when it has been built) ----

const publicDist = fileURLToPath(new URL('../../../public-site/dist', import.meta.url));
const built = existsSync(path.join(publicDist, 'prerendered', 'routes.json')) && existsSync(path.join(publicDist, '..', 'dist-ssr', 'entry-server.js'));
const EVENT_ID = '6c1f6b0e-3a51-4b8e-9d0c-2f4a7e5b9c01';

/** The API's answer to the event page's query (every field of EventDetailFields), in `lang`. */
function eventAnswer(lang: string, title?: string) {
  return {
    __typename: 'Event',
    id: EVENT_ID,
    title: title ?? (lang === 'hi' ? 'विज्ञान मेला' : 'Science Fair'),
    description: lang === 'hi' ? 'बच्चों के प्रयोग' : 'Experiments by children',
    date: '2030-12-01',
    time: '10:00',
    location: lang === 'hi' ? 'प्रयागराज' : 'Prayagraj',
    category: 'PRIMARY',
    imageUrl: '/uploads/ab12-1280.webp',
    imageSrcSet: '/uploads/ab12-640.webp 640w, /uploads/ab12-1280.webp 1280w',
    isUpcoming: true,
    isRegistered: false,
    isFull: false,
    hasStarted: false,
    cancelled: false,
    endDate: null,
    endTime: null,
    startsAt: '2030-12-01T04:30:00.000Z',
    externalLink: null,
    maxParticipants: 60,
    speaker: null,
    registeredCount: 12,
    offeredCount: 0,
    waitlistCount: 0,
    questions: [],
    myWaitlist: null,
  };
}

/** A stand-in API: the event page's query answered per Accept-Language, and the change feed. */
async function fakeApi({ title }: { title?: string } = {}) {
  const api = await changeFeedApi(({ body, lang }) => {
    const variables = body.variables as { id?: string } | undefined;
    if (variables?.id !== EVENT_ID) return { data: null, errors: [{ message: 'Event not found', path: ['event'], extensions: { code: 'NOT_FOUND' } }] };
    return { data: { event: eventAnswer(lang!, title) } };
  });
  const calls = () => api.requests.map((r) => ({ operationName: r.body.operationName, lang: r.lang, authorization: r.headers.authorization, cookie: r.headers.cookie }));
  return Object.defineProperty(api, 'calls', { get: calls }) as FakeApi & { readonly calls: ReturnType<typeof calls> };
}

/** The data a page carries, parsed as the client parses it. */
function servedState(html: string) {
  const m = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]) : null;
}

/** The event in a page's data (the answer of its Event query, keyed by operation and variables). */
function servedEvent(html: string) {
  const state = servedState(html) as Record<string, { data?: { event?: Record<string, unknown> } }> | null;
  return state ? Object.entries(state).find(([key]) => key.startsWith('Event:'))?.[1]?.data?.event : undefined;
}

describe('site server: an event page drawn with its event', { skip: !built && 'public-site is not built (npm run build -w public-site)' }, () => {
  it('renders the event into the page in the page\'s language, with its data for the client, asking the API once per language', async () => {
    const api = await fakeApi();
    const site = await serve(publicDist, { apiUrl: api.url, feed: true });
    try {
      const en = await site.get(`/events/${EVENT_ID}`);
      assert.match(en, /<h1 class="page-title event-detail__title">Science Fair<\/h1>/);
      assert.match(en, /<html lang="en">/);
      assert.match(en, /<title>Science Fair \| Gyan Jyoti Education Mission<\/title>/);
      assert.match(en, /<link rel="preload" as="image" href="\/uploads\/ab12-1280.webp"/);
      assert.match(en, /12 \/ 60 registered/);
      const event = servedEvent(en);
      assert.equal(event?.id, EVENT_ID);
      assert.equal(event?.title, 'Science Fair', 'the answer of the query the page runs');
      // Data only, outside #root, and never a script the CSP would have to allow.
      assert.doesNotMatch(en, /<script>/);
      assert.match(en, /<\/div><script type="application\/json" id="page-data">/);

      const hi = await site.get(`/events/${EVENT_ID}`, hindiCookie);
      assert.match(hi, /<html lang="hi">/);
      assert.match(hi, /<h1 class="page-title event-detail__title">विज्ञान मेला<\/h1>/);
      assert.match(hi, /<title>विज्ञान मेला \| ज्ञान ज्योति शिक्षा मिशन<\/title>/);
      assert.match(hi, /आगामी/); // the page's own words in Hindi too, not only the event's
      assert.equal(servedEvent(hi)?.title, 'विज्ञान मेला');
      assert.match(await site.get(`/events/${EVENT_ID}?lang=hi`), /विज्ञान मेला<\/h1>/);

      // Kept a few seconds per event and language: asking again asks the API nothing.
      await site.get(`/events/${EVENT_ID}`);
      assert.deepEqual(api.calls.map((r) => [r.operationName, r.lang]), [['Event', 'en'], ['Event', 'hi']]);
      // The same page, the same ETag: a 304 for a reader who has it.
      const first = await site.raw(`/events/${EVENT_ID}`, br);
      const again = await site.raw(`/events/${EVENT_ID}`, { ...br, 'if-none-match': first.headers.etag });
      assert.equal(again.status, 304);
      assert.equal(first.headers.vary, 'Cookie, Accept-Encoding');
      assert.equal(first.headers['cache-control'], 'no-cache');
      assertSecurityHeaders(first.headers, 'event page');
    } finally {
      await site.close();
      await api.close();
    }
  });

  it('never sends the reader\'s credentials to the API, so nothing personal is in the page', async () => {
    const api = await fakeApi();
    const site = await serve(publicDist, { apiUrl: api.url, feed: true });
    try {
      const html = await site.get(`/events/${EVENT_ID}`, { cookie: 'lang=en; session=abc', authorization: 'Bearer reader-token' });
      assert.match(html, /Science Fair<\/h1>/);
      assert.deepEqual(api.calls.map((r) => [r.authorization, r.cookie]), [[undefined, undefined]]);
      assert.equal(servedEvent(html)?.isRegistered, false);
    } finally {
      await site.close();
      await api.close();
    }
  });

  it('escapes the state against </script> and comments, and the client reads back the same text', async () => {
    const title = '</script><script>alert(1)</script><!-- & \u2028';
    const api = await fakeApi({ title });
    const site = await serve(publicDist, { apiUrl: api.url, feed: true });
    try {
      const html = await site.get(`/events/${EVENT_ID}`);
      assert.doesNotMatch(html, /<script>alert/);
      assert.doesNotMatch(html, /<\/script><!--/);
      const m = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)!;
      assert.doesNotMatch(m[1], /[<>&\u2028]/);
      assert.equal(servedEvent(html)?.title, title);
      assert.match(html, /<h1 class="page-title event-detail__title">&lt;\/script&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    } finally {
      await site.close();
      await api.close();
    }
  });

  it('draws an unknown event as not found, with a 404', async () => {
    const api = await fakeApi();
    const site = await serve(publicDist, { apiUrl: api.url, feed: true });
    try {
      const res = await site.fetchPage('/events/no-such-event');
      assert.equal(res.status, 404);
      const html = await res.text();
      assert.match(html, /role="alert">Event not found</);
      assert.doesNotMatch(html, /class="loading" role="status"/);
      assert.deepEqual(Object.values(servedState(html)), [{ error: 'NOT_FOUND' }]);
    } finally {
      await site.close();
      await api.close();
    }
  });

  it('sends the shell ("loading") when the API is down, never an error', async () => {
    const down = await serve(publicDist, { apiUrl: 'http://127.0.0.1:9' });
    try {
      for (const url of [`/events/${EVENT_ID}`, `/events/${EVENT_ID}?lang=hi`]) {
        const res = await down.fetchPage(url);
        assert.equal(res.status, 200, url);
        const html = await res.text();
        assert.match(html, /class="loading" role="status"/, url);
        assert.doesNotMatch(html, /<h1 class="page-title event-detail__title">/, url);
        assert.equal(servedState(html), null, url);
      }
    } finally {
      await down.close();
    }
  });
});

// ---- Compression, validators, caching and headers (everything is sent from memory) ----

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";
/** helmet's headers as the Express version of this server sent them on every answer. */
const SECURITY = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const HSTS = 'max-age=31536000; includeSubDomains';
const JS = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};\n`;
const CSS = `${Array.from({ length: 80 }, (_, i) => `.c${i} { color: #123; margin: ${i}px; }`).join('\n')}\n`;

/** appWith plus hashed assets (a script, a stylesheet, an image), a small favicon and build metadata. */
function appWithAssets() {
  const app = appWith({ expires: Date.now() + hour, prerenderScript: 'process.exit(1);' });
  const assets = path.join(app.dist, 'assets');
  mkdirSync(assets);
  writeFileSync(path.join(assets, 'index-Ab12Cd34.js'), JS);
  writeFileSync(path.join(assets, 'index-Ef56Gh78.css'), CSS);
  writeFileSync(path.join(assets, 'photo-Zz99Yy88.webp'), randomBytes(3000));
  writeFileSync(path.join(app.dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(app.dist, 'robots.txt'), `User-agent: *\n${'Allow: /\n'.repeat(200)}`);
  mkdirSync(path.join(app.dist, '.vite'));
  writeFileSync(path.join(app.dist, '.vite', 'manifest.json'), '{}');
  return app;
}

const decode = (r: Raw) => {
  const encoding = r.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(r.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(r.body).toString('utf8');
  assert.equal(encoding, undefined);
  return r.body.toString('utf8');
};
const br: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };

function assertSecurityHeaders(headers: Record<string, string>, where: string, { csp = CSP, hsts = false } = {}) {
  for (const [name, value] of Object.entries(SECURITY)) assert.equal(headers[name], name === 'content-security-policy' ? csp : value, `${where}: ${name}`);
  assert.equal(headers['strict-transport-security'], hsts ? HSTS : undefined, `${where}: strict-transport-security`);
  assert.equal(headers['x-powered-by'], undefined, `${where}: x-powered-by`);
}

describe('site server: compressed forms, validators and caching', () => {
  it('sends br when accepted, else gzip, else identity, each the same page, with Vary: Cookie, Accept-Encoding', async () => {
    const { dist } = appWith({ expires: Date.now() + hour, prerenderScript: 'process.exit(1);' });
    const site = await serve(dist);
    try {
      const cases: [Record<string, string>, string | undefined][] = [
        [{ 'accept-encoding': 'gzip, br' }, 'br'],
        [br, 'br'],
        [{ 'accept-encoding': 'gzip, deflate' }, 'gzip'],
        [{ 'accept-encoding': 'br;q=0, gzip' }, 'gzip'],
        [{ 'accept-encoding': 'gzip;q=1.0, br;q=0.5' }, 'gzip'],
        [{ 'accept-encoding': '*' }, 'br'],
        [{ 'accept-encoding': 'identity' }, undefined],
        [{ 'accept-encoding': 'deflate' }, undefined],
        [{}, undefined],
      ];
      for (const url of ['/about', '/about?lang=hi', '/profile']) {
        const plain = await site.get(url);
        for (const [headers, encoding] of cases) {
          const r = await site.raw(url, headers);
          const where = `${url} ${JSON.stringify(headers)}`;
          assert.equal(r.status, 200, where);
          assert.equal(r.headers['content-encoding'], encoding, where);
          assert.equal(Number(r.headers['content-length']), r.body.length, where);
          assert.equal(r.headers.vary, 'Cookie, Accept-Encoding', where);
          assert.equal(r.headers['content-type'], 'text/html; charset=utf-8', where);
          assert.equal(decode(r), plain, where);
          if (encoding) assert.ok(r.body.length < Buffer.byteLength(plain) / 2, `${where}: compressed`);
        }
      }
      assert.match(decode(await site.raw('/about', { ...br, ...hindiCookie })), /हमारे बारे में, prerendered/);
      const head = await site.raw('/about', br, 'HEAD');
      assert.equal(head.body.length, 0);
      assert.equal(head.headers['content-length'], (await site.raw('/about', br)).headers['content-length']);
    } finally {
      await site.close();
    }
  });

  it('answers 304 to the ETag of the form it would send, for pages and assets', async () => {
    const { dist } = appWithAssets();
    const site = await serve(dist);
    try {
      for (const [url, cacheControl] of [
        ['/about', 'no-cache'],
        ['/events/3f2a', 'no-cache'],
        ['/profile', 'no-cache'],
        ['/assets/index-Ab12Cd34.js', 'public, max-age=31536000, immutable'],
        ['/robots.txt', 'public, max-age=3600'],
      ]) {
        const compressed = await site.raw(url, br);
        const plain = await site.raw(url);
        const { etag } = compressed.headers;
        assert.match(etag, /^W\/"[\w-]+-br"$/, url);
        assert.match(plain.headers.etag, /^"[\w-]+"$/, url);
        const again = await site.raw(url, { ...br, 'if-none-match': etag });
        assert.equal(again.status, 304, url);
        assert.equal(again.body.length, 0, url);
        assert.equal(again.headers.etag, etag, url);
        assert.equal(again.headers['cache-control'], cacheControl, url);
        assert.match(again.headers.vary, /Accept-Encoding/, url);
        assertSecurityHeaders(again.headers, `${url} 304`);
        // A list of tags, weak or not, is compared weakly.
        assert.equal((await site.raw(url, { ...br, 'if-none-match': `"other", ${etag.replace(/^W\//, '')}` })).status, 304, url);
        assert.equal((await site.raw(url, { 'if-none-match': plain.headers.etag })).status, 304, url);
        // Another form, or another version, is sent in full.
        assert.equal((await site.raw(url, { 'if-none-match': etag })).status, 200, url);
        assert.equal((await site.raw(url, { ...br, 'if-none-match': '"stale"' })).status, 200, url);
      }
      // Each language is its own page, with its own tag.
      const en = await site.raw('/about', br);
      const hi = await site.raw('/about', { ...br, ...hindiCookie });
      assert.notEqual(en.headers.etag, hi.headers.etag);
      assert.equal((await site.raw('/about', { ...br, ...hindiCookie, 'if-none-match': en.headers.etag })).status, 200);
      // Files also answer If-Modified-Since with their Last-Modified.
      const asset = await site.raw('/assets/index-Ab12Cd34.js');
      assert.ok(asset.headers['last-modified']);
      assert.equal((await site.raw('/assets/index-Ab12Cd34.js', { 'if-modified-since': asset.headers['last-modified'] })).status, 304);
      assert.equal((await site.raw('/assets/index-Ab12Cd34.js', { 'if-modified-since': new Date(0).toUTCString() })).status, 200);
    } finally {
      await site.close();
    }
  });

  it('keeps a page\'s ETag when its compressed form is made again at the best settings', async () => {
    const { dist } = appWith({ expires: Date.now() + hour, prerenderScript: 'process.exit(1);' });
    const site = await serve(dist);
    try {
      const first = await site.raw('/about', br);
      await site.raw('/about', br); // asked again: brotli 11 is made off the main thread
      await new Promise((r) => setTimeout(r, 300));
      const later = await site.raw('/about', br);
      assert.equal(later.headers.etag, first.headers.etag);
      assert.ok(later.body.length <= first.body.length);
      assert.equal(decode(later), decode(first));
      assert.equal((await site.raw('/about', { ...br, 'if-none-match': first.headers.etag })).status, 304);
    } finally {
      await site.close();
    }
  });

  it('serves hashed assets immutable for a year and other files for an hour, with the .br and .gz the build wrote', async () => {
    const { dist } = appWithAssets();
    const made = await precompressDir(dist);
    assert.equal(made.files, 3); // the script, the stylesheet and robots.txt: not HTML, not the small favicon, not the image
    const site = await serve(dist);
    try {
      const js = path.join(dist, 'assets', 'index-Ab12Cd34.js');
      const brotli = await site.raw('/assets/index-Ab12Cd34.js', br);
      assert.equal(brotli.headers['content-encoding'], 'br');
      assert.deepEqual(brotli.body, readFileSync(`${js}.br`));
      assert.equal(brotli.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(brotli.headers['content-type'], 'text/javascript; charset=utf-8');
      assert.equal(brotli.headers.vary, 'Accept-Encoding');
      const gzip = await site.raw('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
      assert.deepEqual(gzip.body, readFileSync(`${js}.gz`));
      assert.equal(decode(gzip), JS);
      const plain = await site.raw('/assets/index-Ab12Cd34.js');
      assert.equal(plain.body.toString(), JS);
      assert.equal(plain.headers['accept-ranges'], 'bytes');
      const css = await site.raw('/assets/index-Ef56Gh78.css', br);
      assert.equal(css.headers['content-type'], 'text/css; charset=utf-8');
      assert.equal(decode(css), CSS);
      // A byte range of the file as it is.
      const range = await site.raw('/assets/index-Ab12Cd34.js', { ...br, range: 'bytes=0-5' });
      assert.equal(range.status, 206);
      assert.equal(range.body.toString(), JS.slice(0, 6));
      assert.equal(range.headers['content-range'], `bytes 0-5/${JS.length}`);
      // An image is sent as it is, whatever the client accepts.
      const image = await site.raw('/assets/photo-Zz99Yy88.webp', br);
      assert.equal(image.headers['content-encoding'], undefined);
      assert.equal(image.headers['content-type'], 'image/webp');
      assert.equal(image.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(image.body.length, 3000);
      for (const url of ['/favicon.svg', '/robots.txt']) {
        const r = await site.raw(url, br);
        assert.equal(r.status, 200, url);
        assert.equal(r.headers['cache-control'], 'public, max-age=3600', url);
      }
      assert.equal((await site.raw('/robots.txt', br)).headers['content-encoding'], 'br');
      assert.equal((await site.raw('/favicon.svg', br)).headers['content-encoding'], undefined);
      // No such asset: 404, not the app.
      const missing = await site.raw('/assets/index-00000000.js', br);
      assert.equal(missing.status, 404);
      assert.doesNotMatch(missing.body.toString(), /id="root"/);
      assert.equal((await site.raw('/assets/index-Ab12Cd34.js', {}, 'POST')).status, 405);
      // Build metadata is not a file of the site: that path is a client route like any other.
      assert.match((await site.get('/.vite/manifest.json')), /<div id="root"><\/div>/);
    } finally {
      await site.close();
    }
  });

  it('ignores a .br or .gz older than its file, and compresses the file itself', async () => {
    const { dist } = appWithAssets();
    const js = path.join(dist, 'assets', 'index-Ab12Cd34.js');
    writeFileSync(`${js}.br`, 'stale');
    const past = new Date(Date.now() - hour);
    utimesSync(`${js}.br`, past, past);
    const site = await serve(dist);
    try {
      const r = await site.raw('/assets/index-Ab12Cd34.js', br);
      assert.equal(r.headers['content-encoding'], 'br');
      assert.equal(decode(r), JS);
    } finally {
      await site.close();
    }
  });

  it('sends the security headers it always sent on pages, assets, files, 404s and the API\'s answers', async () => {
    const api = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ path: req.url, forwardedFor: req.headers['x-forwarded-for'] ?? null }));
    }).listen(0);
    await new Promise((resolve) => api.once('listening', resolve));
    const { dist } = appWithAssets();
    for (const production of [false, true]) {
      const site = await serve(dist, { apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, production });
      try {
        for (const url of ['/', '/about', '/profile', '/events/3f2a', '/assets/index-Ab12Cd34.js', '/assets/photo-Zz99Yy88.webp', '/favicon.svg']) {
          const r = await site.raw(url, br);
          assert.equal(r.status, 200, url);
          assertSecurityHeaders(r.headers, url, { hsts: production });
        }
        // Error pages keep the rest and forbid everything else.
        const missing = await site.raw('/assets/index-00000000.js');
        assert.equal(missing.status, 404);
        assertSecurityHeaders(missing.headers, '404', { csp: "default-src 'none'", hsts: production });
        // A POST to a page is a form; this build has no renderer to answer it.
        const post = await site.raw('/about', {}, 'POST');
        assert.equal(post.status, 404);
        assert.match(post.body.toString(), /Cannot POST \/about/);
        assertSecurityHeaders(post.headers, 'POST', { csp: "default-src 'none'", hsts: production });
        // /api, /graphql, /uploads, /healthz and /readyz go to the API, as they are.
        for (const url of ['/api/events?when=upcoming', '/graphql', '/uploads/a.webp', '/healthz', '/readyz']) {
          const r = await site.raw(url, br);
          assert.equal(r.status, 200, url);
          const body = JSON.parse(r.body.toString());
          assert.equal(body.path, url);
          assert.ok(body.forwardedFor, `${url}: X-Forwarded-For`);
          assert.equal(r.headers['content-encoding'], undefined, url);
          assertSecurityHeaders(r.headers, url, { hsts: production });
        }
      } finally {
        await site.close();
      }
    }
    await new Promise((resolve) => api.close(resolve));
  });

  it('reads an absolute-form request target (as a proxy may send it), and answers 400 to one it cannot read', async () => {
    const { dist } = appWithAssets();
    const site = await serve(dist);
    try {
      const port = new URL(site.base).port;
      const send = (target: string, method = 'GET') =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
          let text = '';
          socket.on('data', (d) => (text += d));
          socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), body: text }));
          socket.on('error', reject);
        });
      const about = await send('http://site.example/about?lang=hi');
      assert.equal(about.status, 200);
      assert.match(about.body, /हमारे बारे में, prerendered/);
      assert.equal((await send('http://site.example/assets/index-Ab12Cd34.js')).status, 200);
      assert.equal((await send('http://site.example/assets/index-Ab12Cd34.js', 'HEAD')).status, 200);
      assert.equal((await send('http://[bad/about')).status, 400);
    } finally {
      await site.close();
    }
  });

  it('refuses (508) a proxied request that comes back to it, rather than going round', async () => {
    const { dist } = appWith({ expires: Date.now() + hour, prerenderScript: 'process.exit(1);' });
    // The API's address is the site server's own (as behind a proxy that sends /healthz back to it).
    const probe = createServer().listen(0);
    await new Promise((resolve) => probe.once('listening', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const handler = createSiteServer({ distDir: dist, apiUrl: `http://127.0.0.1:${port}`, changeFeed: false, log: () => {} });
    const server = handler.listen(port);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5_000) });
      assert.equal(res.status, 508);
      assert.match(await res.text(), /Loop Detected/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('serves the admin portal\'s index.html (noindex) as it is for every route, never cached', async () => {
    const { dist } = appWithAssets();
    const admin = INDEX.replace('<title>', '<meta name="robots" content="noindex, nofollow" /><title>');
    writeFileSync(path.join(dist, 'index.html'), admin);
    rmSync(path.join(dist, 'prerendered'), { recursive: true });
    const site = await serve(dist);
    try {
      for (const url of ['/admin/login', '/admin/events?lang=hi', '/about']) {
        const r = await site.raw(url, { ...br, ...hindiCookie });
        assert.equal(r.status, 200, url);
        assert.equal(decode(r), admin, url);
        assert.equal(r.headers['cache-control'], 'no-cache', url);
        assert.equal(r.headers.vary, 'Accept-Encoding', url);
        assert.equal((await site.raw(url, { ...br, 'if-none-match': r.headers.etag })).status, 304, url);
      }
      assert.equal((await site.raw('/assets/index-Ab12Cd34.js', br)).status, 200);
    } finally {
      await site.close();
    }
  });

  it('after prerendering again, sends the new pages, compressed anew, with new ETags', async () => {
    const script = `
      import { writeFileSync } from 'node:fs';
      const dir = new URL('../dist/prerendered/', import.meta.url);
      const page = (lang, text) => ${JSON.stringify(INDEX)}.replace('lang="en"', 'lang="' + lang + '"').replace('<div id="root"></div>', '<div id="root"><h1>' + text + '</h1></div>');
      writeFileSync(new URL('about.html', dir), page('en', 'About, made again'));
      writeFileSync(new URL('hi/about.html', dir), page('hi', 'हमारे बारे में, made again'));
      const routes = { '/about': { en: 'about.html', hi: 'hi/about.html' } };
      writeFileSync(new URL('routes.json', dir), JSON.stringify({ expires: new Date(Date.now() + 3600000).toISOString(), routes }));
    `;
    const { dist } = appWith({ expires: Date.now() + 1500, prerenderScript: script });
    const site = await serve(dist, { production: true });
    try {
      const before = await site.raw('/about', br);
      assert.match(decode(before), /About, prerendered/);
      assert.equal((await site.raw('/about', { ...br, 'if-none-match': before.headers.etag })).status, 304);
      await new Promise((r) => setTimeout(r, 1600)); // expired: index.html until the pages are made again
      assert.match(decode(await site.raw('/about', br)), /<div id="root"><\/div>/);
      await eventually(async () => /About, made again/.test(decode(await site.raw('/about', br))));
      const after = await site.raw('/about', { ...br, 'if-none-match': before.headers.etag });
      assert.equal(after.status, 200);
      assert.notEqual(after.headers.etag, before.headers.etag);
      assert.match(decode(await site.raw('/about', { 'accept-encoding': 'gzip', ...hindiCookie })), /हमारे बारे में, made again/);
    } finally {
      await site.close();
    }
  });

  it('keeps a bounded number of final pages, however many addresses are asked for', async () => {
    const { dist } = appWith({ expires: Date.now() + hour, prerenderScript: 'process.exit(1);' });
    const site = await serve(dist);
    try {
      const about = await site.raw('/about', br);
      for (let i = 0; i < 300; i++) assert.equal((await site.raw(`/events/e${i}`, br)).status, 200);
      assert.ok(site.handler.keptPages().drawn <= 256 && site.handler.keptPages().plain <= 256, `${JSON.stringify(site.handler.keptPages())} pages kept`);
      const again = await site.raw('/about', br);
      assert.equal(again.headers.etag, about.headers.etag);
      assert.equal(decode(again), decode(about));
    } finally {
      await site.close();
    }
  });

  it('outside production, reads dist again once a build has rewritten it', async () => {
    const { dist } = appWithAssets();
    const site = await serve(dist);
    try {
      assert.match(await site.get('/profile'), /<title>t<\/title>/);
      await new Promise((r) => setTimeout(r, 20));
      writeFileSync(path.join(dist, 'assets', 'index-Ij90Kl12.js'), 'export const rebuilt = true;\n');
      writeFileSync(path.join(dist, 'index.html'), INDEX.replace('<title>t</title>', '<title>rebuilt</title>'));
      await eventually(async () => /<title>rebuilt<\/title>/.test(await site.get('/profile')));
      assert.equal((await site.raw('/assets/index-Ij90Kl12.js')).body.toString(), 'export const rebuilt = true;\n');
    } finally {
      await site.close();
    }
  });
});

describe('precompress (the build step)', () => {
  it('writes .br and .gz beside compressible files of 1 KB or more, never for HTML, images or build metadata', async () => {
    const { dist } = appWithAssets();
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify({ filler: 'x'.repeat(4000) }));
    await precompressDir(dist);
    const js = path.join(dist, 'assets', 'index-Ab12Cd34.js');
    assert.equal(brotliDecompressSync(readFileSync(`${js}.br`)).toString(), JS);
    assert.equal(gunzipSync(readFileSync(`${js}.gz`)).toString(), JS);
    for (const file of ['index.html', 'prerendered/about.html', 'favicon.svg', 'assets/photo-Zz99Yy88.webp', '.vite/manifest.json']) {
      assert.ok(!existsSync(path.join(dist, `${file}.br`)), file);
      assert.ok(!existsSync(path.join(dist, `${file}.gz`)), file);
    }
  });
});

// ---- A form sent before (or without) the page's script: POSTed to the page, answered by handleForm ----

/** A stand-in API for the login form: requestLoginCode answered with an account, what it was sent recorded. */
interface AccountsApiRequest {
  variables: Record<string, unknown>;
  lang: string | string[] | undefined;
  forwardedFor: string | string[] | undefined;
  cookie: string | undefined;
}

async function fakeAccountsApi() {
  const requests: AccountsApiRequest[] = [];
  const api = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const { variables } = JSON.parse(body);
      requests.push({ variables, lang: req.headers['accept-language'], forwardedFor: req.headers['x-forwarded-for'], cookie: req.headers.cookie });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: { requestLoginCode: { __typename: 'CodeSentPayload', userId: 'u-1', message: 'OTP sent to your email' } } }));
    });
  }).listen(0);
  await new Promise((resolve) => api.once('listening', resolve));
  return { url: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, requests, close: () => new Promise((resolve) => api.close(resolve)) };
}

describe('serve-site: a form sent before the script runs', { skip: !built && 'public-site is not built (npm run build -w public-site)' }, () => {
  const form = 'application/x-www-form-urlencoded';
  const post = (site: { base: string }, p: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${site.base}${p}`, { method: 'POST', body, headers: { 'content-type': form, ...headers }, redirect: 'manual' });

  it('asks the API for the code as the reader and draws the code step with its data, never kept', async () => {
    const api = await fakeAccountsApi();
    const site = await serve(publicDist, { apiUrl: api.url });
    try {
      const res = await post(site, '/login', 'email=asha%40example.org&intent=send-code', { origin: site.base, cookie: 'authToken=x', 'x-forwarded-for': '203.0.113.7' });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assertSecurityHeaders(Object.fromEntries(res.headers), 'form answer');
      const html = await res.text();
      assert.match(html, /OTP sent to your email/);
      assert.match(html, /Enter the 6-digit code we sent to asha@example.org\./);
      assert.deepEqual(servedState(html).form.values, { email: 'asha@example.org' });
      assert.equal(api.requests.length, 1);
      assert.deepEqual(api.requests[0].variables, { email: 'asha@example.org' });
      assert.equal(api.requests[0].lang, 'en');
      // The reader's address after what came before it (as the API proxy's xfwd adds it), for the API's rate limits.
      assert.match(String(api.requests[0].forwardedFor), /^203\.0\.113\.7, (::ffff:)?127\.0\.0\.1$/);
      assert.equal(api.requests[0].cookie, undefined);

      // In Hindi, by the form's ?lang= (or the cookie); the mail is asked for in Hindi.
      const hi = await (await post(site, '/login?lang=hi', 'email=asha%40example.org&intent=send-code')).text();
      assert.match(hi, /<html lang="hi">/);
      assert.match(hi, /ओटीपी आपके ई-मेल पर भेज दिया गया है/);
      assert.equal(api.requests[1].lang, 'hi');
    } finally {
      await site.close();
      await api.close();
    }
  });

  it('refuses other content types (415), bodies over 16 KB (413) and other sites (403); a page without a form action goes back to it (303)', async () => {
    const api = await fakeAccountsApi();
    const site = await serve(publicDist, { apiUrl: api.url });
    try {
      assert.equal((await post(site, '/login', '{"email":"a@b.org"}', { 'content-type': 'application/json' })).status, 415);
      assert.equal((await post(site, '/login', `email=${'a'.repeat(17 * 1024)}`)).status, 413);
      assert.equal((await post(site, '/login', 'email=a%40b.org&intent=send-code', { origin: 'https://elsewhere.example' })).status, 403);
      // Referrer-Policy: no-referrer makes the browser send Origin: null; Sec-Fetch-Site then says where from.
      assert.equal((await post(site, '/login', 'email=a%40b.org&intent=send-code', { origin: 'null', 'sec-fetch-site': 'cross-site' })).status, 403);
      assert.equal((await post(site, '/login', 'email=a%40b.org&intent=send-code', { origin: 'null', 'sec-fetch-site': 'same-origin' })).status, 200);
      assert.equal(api.requests.length, 1, 'only the accepted form reached the API');

      const about = await post(site, '/about', 'message=hello');
      assert.equal(about.status, 303, 'a page without a form action: back to it');
      assert.equal(about.headers.get('location'), '/about');
      assert.equal((await post(site, '//elsewhere.example/x', 'a=b')).headers.get('location'), '/', 'never to another site');
      const notSendOtp = await post(site, '/login', 'email=a%40b.org');
      assert.equal(notSendOtp.status, 303);
      assert.equal(notSendOtp.headers.get('location'), '/login');
      assert.equal(api.requests.length, 1);
    } finally {
      await site.close();
      await api.close();
    }
  });
});
