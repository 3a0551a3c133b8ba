// node --test scripts/: how serve-site.mjs serves the prerendered pages of an app.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSiteServer } from './serve-site.mjs';

const INDEX = '<!doctype html><html lang="en"><head><meta name="description" content="x" /><title>t</title></head><body><div id="root"></div></body></html>';
const page = (text) => INDEX.replace('<div id="root"></div>', `<div id="root"><h1>${text}</h1></div>`);
const hour = 3_600_000;
const dirs = [];

/** An app folder with a built index.html, prerendered pages valid until `expires` and a prerender script. */
function appWith({ expires, prerenderScript }) {
  const appDir = mkdtempSync(path.join(os.tmpdir(), 'serve-site-'));
  dirs.push(appDir);
  const dist = path.join(appDir, 'dist');
  mkdirSync(path.join(dist, 'prerendered', 'events'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'prerendered', 'about.html'), page('About, prerendered'));
  writeFileSync(path.join(dist, 'prerendered', 'events', '[id].html'), page('Event, prerendered'));
  const routes = { '/about': 'about.html', '/events/:id': 'events/[id].html' };
  writeFileSync(path.join(dist, 'prerendered', 'routes.json'), JSON.stringify({ expires: new Date(expires).toISOString(), routes }));
  mkdirSync(path.join(appDir, 'scripts'));
  writeFileSync(path.join(appDir, 'scripts', 'prerender.mjs'), prerenderScript);
  return { appDir, dist };
}

async function serve(dist) {
  // Nothing listens on port 9: the event lookup for link previews fails fast and the page still serves.
  const server = createSiteServer({ distDir: dist, apiUrl: 'http://127.0.0.1:9' }).listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const get = async (p) => (await fetch(`${base}${p}`)).text();
  return { get, close: () => new Promise((resolve) => server.close(resolve)) };
}

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

  it('once expired, serves index.html and prerenders again in the background', async () => {
    const script = `
      import { writeFileSync } from 'node:fs';
      const dir = new URL('../dist/prerendered/', import.meta.url);
      writeFileSync(new URL('about.html', dir), '<div id="root"><h1>About, made again</h1></div>');
      writeFileSync(new URL('routes.json', dir), JSON.stringify({ expires: new Date(Date.now() + 3600000).toISOString(), routes: { '/about': 'about.html' } }));
    `;
    const { dist } = appWith({ expires: Date.now() - 1000, prerenderScript: script });
    const site = await serve(dist);
    try {
      assert.match(await site.get('/about'), /<div id="root"><\/div>/);
      await eventually(async () => /About, made again/.test(await site.get('/about')));
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

