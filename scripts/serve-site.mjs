// Serves one built single-page app (public site or admin portal) the way production does:
// hashed assets cached for a year, index.html never cached, a strict CSP, and /api, /graphql and
// /uploads proxied to the API on the same origin.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { escapeHtml, withLang, withMeta } from './page-head.mjs';
import { eventTitle, metaOfPage, SITE_NAME } from './page-meta.mjs';
import { languageOfRequest } from './site-language.mjs';

export { escapeHtml, withMeta };

/** One line of plain text of at most `max` characters (descriptions). */
function summary(text, max = 160) {
  const flat = String(text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/**
 * Event fields for the link preview of /events/:id, from the API in the page's language (the API
 * answers in the request's Accept-Language and falls back to English), cached briefly per id and
 * language; null when unknown.
 */
function eventLoader(apiUrl, ttlMs = 60_000) {
  const cache = new Map();
  return async (id, lang) => {
    const key = `${lang}\u0000${id}`;
    const hit = cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    let value = null;
    try {
      const res = await fetch(`${apiUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': lang },
        body: JSON.stringify({ query: 'query($id: ID!) { event(id: $id) { title description date location imageUrl } }', variables: { id } }),
        signal: AbortSignal.timeout(1500),
      });
      const body = await res.json();
      value = body?.data?.event ?? null;
    } catch {
      value = null; // API slow or down: serve the page with the static tags
    }
    if (cache.size > 1000) cache.clear();
    cache.set(key, { value, expires: Date.now() + (value ? ttlMs : 5_000) });
    return value;
  };
}

/**
 * The prerendered pages of an app (dist/prerendered, written by <app>/scripts/prerender.mjs), as a
 * function from a request path and a language to the HTML file to send, or null for index.html.
 * routes.json maps each route to its file per language ({ "/about": { "en": "about.html", "hi":
 * "hi/about.html" } }; a plain file name, from an older build, is English only). They show the
 * date of the day they were made (calendar, footer), so once expired they are made again in the
 * background (a few seconds) while index.html is served.
 */
function prerenderedPages(distDir, onReload = () => {}, log = (m) => console.error(m)) {
  const dir = path.join(distDir, 'prerendered');
  const script = path.join(distDir, '..', 'scripts', 'prerender.mjs');
  const retryAfterFailureMs = 10 * 60_000;
  let table = null;
  let matchers = [];
  let regenerating = false;
  let failedAt = -Infinity;
  const load = () => {
    try {
      table = JSON.parse(readFileSync(path.join(dir, 'routes.json'), 'utf8'));
      matchers = Object.entries(table.routes).map(([pattern, files]) => ({
        regex: new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}/?$`),
        files: Object.fromEntries(Object.entries(typeof files === 'string' ? { en: files } : files).map(([lang, file]) => [lang, path.join(dir, file)])),
      }));
    } catch {
      table = null;
    }
  };
  const regenerate = () => {
    // One at a time, and not again on every request after a failure.
    if (regenerating || Date.now() - failedAt < retryAfterFailureMs || !existsSync(script)) return;
    regenerating = true;
    const child = spawn(process.execPath, [script], { stdio: 'ignore' });
    child.on('exit', (code) => {
      regenerating = false;
      if (code === 0) {
        load();
        onReload();
      } else {
        failedAt = Date.now();
        log(`prerendering the pages again failed (exit ${code}); serving index.html, next try in 10 minutes`);
      }
    });
  };
  load();
  return (pathname, lang) => {
    if (!table) return null;
    if (Date.parse(table.expires) <= Date.now()) {
      regenerate();
      return null;
    }
    return matchers.find((m) => m.regex.test(pathname))?.files[lang] ?? null;
  };
}

/**
 * `publicOrigin` (e.g. https://example.org; default PUBLIC_ORIGIN) makes og:url and og:image absolute.
 * Page meta is injected only for an indexable app (the admin portal's index.html says noindex).
 */
export function createSiteServer({ distDir, apiUrl, production = false, publicOrigin = process.env.PUBLIC_ORIGIN }) {
  const app = express();
  app.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      strictTransportSecurity: production,
      crossOriginEmbedderPolicy: false,
    }),
  );
  const proxy = createProxyMiddleware({ target: apiUrl, changeOrigin: false, xfwd: true, pathFilter: ['/api', '/graphql', '/uploads', '/healthz', '/readyz'] });
  app.use(proxy);
  app.use(compression());
  app.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  app.use(express.static(distDir, { index: false, maxAge: '1h' }));
  // SPA fallback: every other GET is a client-side route. On the public site the page is served in
  // the reader's language (scripts/site-language.mjs: ?lang, the lang cookie, English), prerendered
  // when it can be, with its title, description, Open Graph tags and hreflang alternates in that
  // language (for crawlers and link previews); /events/:id reads the event from the API in that
  // language. Everything inserted is HTML-escaped.
  const indexFile = path.join(distDir, 'index.html');
  const htmlCache = new Map();
  const readHtml = (file) => {
    if (!production || !htmlCache.has(file)) htmlCache.set(file, readFileSync(file, 'utf8'));
    return htmlCache.get(file);
  };
  const indexHtml = () => readHtml(indexFile);
  const prerendered = prerenderedPages(distDir, () => htmlCache.clear());
  const indexable = !/<meta name="robots" content="[^"]*noindex/.test(indexHtml());
  const loadEvent = eventLoader(apiUrl);
  const origin = publicOrigin ? publicOrigin.replace(/\/$/, '') : null;
  app.get(/.*/, async (req, res, next) => {
    res.setHeader('Cache-Control', 'no-cache');
    if (!indexable) return res.sendFile(indexFile);
    // The same URL is English or Hindi by the reader's cookie: caches must keep them apart.
    res.vary('Cookie');
    try {
      const lang = languageOfRequest(req);
      // Without a configured origin (local runs) the request's own host is used; production sets PUBLIC_ORIGIN.
      const base = origin ?? (production ? null : `${req.protocol}://${req.get('host')}`);
      const pageUrl = base ? `${base}${req.path}` : undefined;
      let meta = metaOfPage(req.path, lang);
      const eventMatch = /^\/events\/([^/]+)\/?$/.exec(req.path);
      if (eventMatch) {
        let id = eventMatch[1];
        try {
          id = decodeURIComponent(id);
        } catch {
          // a malformed escape: looked up as typed, which finds nothing
        }
        const event = await loadEvent(id, lang);
        if (event) {
          meta = {
            title: eventTitle(lang, event.title),
            description: summary(`${event.date} · ${event.location}. ${event.description}`),
            image: event.imageUrl && base ? new URL(event.imageUrl, `${base}/`).href : undefined,
            type: 'article',
          };
        }
      }
      const page = prerendered(req.path, lang);
      let html = indexHtml();
      if (page) {
        try {
          html = readHtml(page);
        } catch {
          // being written again right now: index.html serves
        }
      }
      html = meta ? withMeta(html, { ...meta, lang, siteName: SITE_NAME[lang], pageUrl }) : withLang(html, lang);
      res.type('html').send(html);
    } catch (error) {
      next(error);
    }
  });
  return app;
}

// Run directly: node scripts/serve-site.mjs <distDir> <port> [apiUrl]
if (import.meta.url === `file://${process.argv[1]}`) {
  const [distDir, port, apiUrl = 'http://127.0.0.1:4000'] = process.argv.slice(2);
  const server = createSiteServer({ distDir: path.resolve(distDir), apiUrl, production: process.env.NODE_ENV === 'production' }).listen(Number(port));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
