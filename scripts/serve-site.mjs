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


const SITE_NAME = 'Gyan Jyoti Education Mission';

/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(value) {
  return String(value).replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One line of plain text of at most `max` characters (descriptions). */
function summary(text, max = 160) {
  const flat = String(text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/**
 * Titles and descriptions of the public pages, for crawlers and link previews (the SPA sets the
 * visible title itself; the language of these tags is the site's default, English).
 */
export const pageMeta = {
  '/': { title: SITE_NAME, description: 'Gyan Jyoti Education Mission, an initiative of Samaj Kalyan Sewa Samiti, Prayagraj (founded 1971): education guidance, career guidance, primary education and community events.' },
  '/about': { title: `About Us | ${SITE_NAME}`, description: 'Who we are: a social organisation in Prayagraj working since 1971 for education, women and families, and what the Gyan Jyoti Education Mission does.' },
  '/events': { title: `Events Calendar | ${SITE_NAME}`, description: 'Upcoming and past events of the Gyan Jyoti Education Mission in Prayagraj: seminars, workshops, camps and competitions. Register online for free.' },
  '/teams': { title: `Meet Our Team | ${SITE_NAME}`, description: 'The volunteers, teachers and trustees behind the Gyan Jyoti Education Mission in Prayagraj.' },
  '/contact': { title: `Contact Us | ${SITE_NAME}`, description: 'Write to the Gyan Jyoti Education Mission in Prayagraj: address, phone, e-mail and a contact form. We answer every message.' },
  '/registration': { title: `Registration | ${SITE_NAME}`, description: 'Register for our programmes: guidance for graduates, help for secondary students and the primary education programme run with teachers.' },
  '/login': { title: `Log in | ${SITE_NAME}`, description: 'Log in to your Gyan Jyoti Education Mission account with a one-time code sent by e-mail, or with your password.' },
  '/register': { title: `Create an account | ${SITE_NAME}`, description: 'Create a free Gyan Jyoti Education Mission account to register for events and programmes.' },
  '/add-student': { title: `Add Student | ${SITE_NAME}`, description: 'Teachers of the primary education programme add their students here.' },
};

/** Replaces the title and description of index.html and adds Open Graph / Twitter tags. */
export function withMeta(html, { title, description, url, image, type = 'website' }) {
  const tags = [
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}" />`,
    `<meta property="og:type" content="${escapeHtml(type)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    url ? `<meta property="og:url" content="${escapeHtml(url)}" />` : '',
    url ? `<link rel="canonical" href="${escapeHtml(url)}" />` : '',
    image ? `<meta property="og:image" content="${escapeHtml(image)}" />` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
  ].filter(Boolean);
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(description)}" />\n    ${tags.join('\n    ')}`);
}

/** Event fields for the link preview of /events/:id, from the API (cached briefly; null when unknown). */
function eventLoader(apiUrl, ttlMs = 60_000) {
  const cache = new Map();
  return async (id) => {
    const hit = cache.get(id);
    if (hit && hit.expires > Date.now()) return hit.value;
    let value = null;
    try {
      const res = await fetch(`${apiUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query($id: ID!) { event(id: $id) { title description date location imageUrl } }', variables: { id } }),
        signal: AbortSignal.timeout(1500),
      });
      const body = await res.json();
      value = body?.data?.event ?? null;
    } catch {
      value = null; // API slow or down: serve the page with the static tags
    }
    if (cache.size > 1000) cache.clear();
    cache.set(id, { value, expires: Date.now() + (value ? ttlMs : 5_000) });
    return value;
  };
}

/**
 * The prerendered pages of an app (dist/prerendered, written by <app>/scripts/prerender.mjs), as a
 * function from a request path to the HTML file to send, or null for index.html. They show the
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
      matchers = Object.entries(table.routes).map(([pattern, file]) => ({
        regex: new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}/?$`),
        file: path.join(dir, file),
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
  return (pathname) => {
    if (!table) return null;
    if (Date.parse(table.expires) <= Date.now()) {
      regenerate();
      return null;
    }
    return matchers.find((m) => m.regex.test(pathname))?.file ?? null;
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
  // SPA fallback: every other GET is a client-side route. On the public site the page's own title,
  // description and Open Graph tags are written into index.html (for crawlers and link previews);
  // /events/:id reads the event from the API. Everything inserted is HTML-escaped.
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
    try {
      // Without a configured origin (local runs) the request's own host is used; production sets PUBLIC_ORIGIN.
      const base = origin ?? (production ? null : `${req.protocol}://${req.get('host')}`);
      const url = base ? `${base}${req.path}` : undefined;
      let meta = pageMeta[req.path.replace(/\/$/, '') || '/'];
      const eventMatch = /^\/events\/([^/]+)\/?$/.exec(req.path);
      if (eventMatch) {
        let id = eventMatch[1];
        try {
          id = decodeURIComponent(id);
        } catch {
          // a malformed escape: looked up as typed, which finds nothing
        }
        const event = await loadEvent(id);
        meta = event
          ? {
              title: `${event.title} | ${SITE_NAME}`,
              description: summary(`${event.date} · ${event.location}. ${event.description}`),
              image: event.imageUrl && base ? new URL(event.imageUrl, `${base}/`).href : undefined,
              type: 'article',
            }
          : pageMeta['/events'];
      }
      const page = prerendered(req.path);
      let html = indexHtml();
      if (page) {
        try {
          html = readHtml(page);
        } catch {
          // being written again right now: index.html serves
        }
      }
      res.type('html').send(meta ? withMeta(html, { ...meta, url }) : html);
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
