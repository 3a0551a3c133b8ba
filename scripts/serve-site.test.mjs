// node --test scripts/: how serve-site.mjs serves the prerendered pages of an app.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createServer } from 'node:http';
import path from 'node:path';
import { createSiteServer } from './serve-site.mjs';

const INDEX = '<!doctype html><html lang="en"><head><meta name="description" content="x" /><title>t</title></head><body><div id="root"></div></body></html>';
const page = (text, lang = 'en') => INDEX.replace('lang="en"', `lang="${lang}"`).replace('<div id="root"></div>', `<div id="root"><h1>${text}</h1></div>`);
const hour = 3_600_000;
const dirs = [];

/** An app folder with a built index.html, prerendered pages in both languages valid until `expires` and a prerender script. */
function appWith({ expires, prerenderScript }) {
  const appDir = mkdtempSync(path.join(os.tmpdir(), 'serve-site-'));
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

async function serve(dist, { apiUrl = 'http://127.0.0.1:9' } = {}) {
  // Nothing listens on port 9: the event lookup for link previews fails fast and the page still serves.
  const server = createSiteServer({ distDir: dist, apiUrl }).listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const fetchPage = (p, headers = {}) => fetch(`${base}${p}`, { headers });
  const get = async (p, headers) => (await fetchPage(p, headers)).text();
  return { base, get, fetchPage, close: () => new Promise((resolve) => server.close(resolve)) };
}

const hindiCookie = { cookie: 'theme=dark; lang=hi' };

async function eventually(check, timeoutMs = 10_000) {
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

describe('serve-site: prerendered pages', () => {
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

describe('serve-site: the page in the reader\'s language', () => {
  const rootOf = (html) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1];

  it('picks the language by ?lang=, then the lang cookie, then English', async () => {
    const { dist } = appWith({ expires: Date.now() + hour, prerenderScript: 'process.exit(1);' });
    const site = await serve(dist);
    try {
      const cases = [
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
        assert.match(rootOf(html), lang === 'hi' ? /prerendered/ : /^<h1>[A-Z]/, `${url} ${JSON.stringify(headers)}`);
        assert.equal(/[\u0900-\u097F]/.test(rootOf(html)), lang === 'hi', `${url} ${JSON.stringify(headers)}`);
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
        assert.equal(html.match(/rel="canonical"/g).length, 1);
        assert.equal(html.match(/property="og:locale"/g).length, 1);
      }
      // The query does not leak into the URLs: ?lang=hi names the same Hindi page.
      assert.equal(await site.get('/about?lang=hi&utm=x'), hi);
    } finally {
      await site.close();
    }
  });

  it('asks the API for an event in the page\'s language, and keeps each language\'s answer apart', async () => {
    const asked = [];
    const api = createServer((req, res) => {
      const lang = req.headers['accept-language'];
      asked.push(lang);
      const event = lang === 'hi'
        ? { title: 'विज्ञान मेला', description: 'बच्चों के प्रयोग', date: '2026-12-01', location: 'प्रयागराज', imageUrl: null }
        : { title: 'Science Fair', description: 'Experiments by children', date: '2026-12-01', location: 'Prayagraj', imageUrl: null };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: { event } }));
    }).listen(0);
    await new Promise((resolve) => api.once('listening', resolve));
    const { dist } = appWith({ expires: Date.now() + hour, prerenderScript: 'process.exit(1);' });
    const site = await serve(dist, { apiUrl: `http://127.0.0.1:${api.address().port}` });
    try {
      assert.match(await site.get('/events/e1'), /<title>Science Fair \| Gyan Jyoti Education Mission<\/title>/);
      const hi = await site.get('/events/e1', hindiCookie);
      assert.match(hi, /<title>विज्ञान मेला \| ज्ञान ज्योति शिक्षा मिशन<\/title>/);
      assert.match(hi, /<meta property="og:description" content="2026-12-01 · प्रयागराज. बच्चों के प्रयोग" \/>/);
      assert.match(hi, /<meta property="og:type" content="article" \/>/);
      assert.match(hi, /कार्यक्रम, prerendered/);
      // Cached per id and language: asking again asks the API nothing.
      await site.get('/events/e1');
      await site.get('/events/e1?lang=hi');
      assert.deepEqual(asked, ['en', 'hi']);
    } finally {
      await site.close();
      await new Promise((resolve) => api.close(resolve));
    }
  });
});
