// Serves one built single-page app (public site or admin portal) the way production does:
// hashed assets cached for a year, index.html never cached, a strict CSP, and /api, /graphql and
// /uploads proxied to the API on the same origin.
//
// Every byte it sends is in memory (scripts/site-files.mjs): each file of dist/ with the brotli and
// gzip forms the build wrote beside it (scripts/precompress.mjs), and each final page (a prerendered
// page or index.html with the head of its URL and language) compressed once and kept (bounded). A
// request is answered by plain node:http: br when accepted, else gzip, else identity, `Vary:
// Accept-Encoding`, an ETag per form and 304 for If-None-Match. The security headers are helmet's,
// taken once at start. Only the API's paths go through http-proxy-middleware.
//
// One page is drawn per request: /events/:id, with its event (the app's dist-ssr/entry-server.js, the page's
// own query against the API, its answer sent along for the client to hydrate from; see sendEventPage).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { escapeHtml, withLang, withMeta } from './page-head.mjs';

/** The event page image's `sizes`, as public-site/src/features/events/lib/event-image.ts says (or a second rendition is fetched). */
const EVENT_IMAGE_SIZES = '(max-width: 900px) 100vw, 60vw';
import { eventTitle, metaOfPage, SITE_NAME } from './page-meta.mjs';
import { languageOf } from './site-language.mjs';
import { readSiteFiles, Representation, sendRepresentation, textOf } from './site-files.mjs';

export { escapeHtml, withMeta };

/** Paths answered by the API (prefixes, as http-proxy-middleware's pathFilter matches them). */
const PROXIED = ['/api', '/graphql', '/uploads', '/healthz', '/readyz'];
const PROXIED_PATH = new RegExp(`^(?:${PROXIED.join('|')})`);
/**
 * Final pages kept in memory, least recently used out first: the home page is ~50 KB, ~85 KB with its brotli
 * and gzip forms, so at most ~22 MB, whatever the paths asked for (every /events/<id> is a page of its own).
 */
const PAGE_CACHE_ENTRIES = 256;

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
        body: JSON.stringify({ query: 'query($id: ID!) { event(id: $id) { title description date location imageUrl imageSrcSet } }', variables: { id } }),
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
 * An event page drawn with its event (`/events/:id`): the page's data is asked of the API at most once
 * per this long per event and language, so that an admin's edit shows within seconds.
 */
const RENDERED_DATA_TTL_MS = 5_000;
/** Events whose data is kept (each a few KB of JSON); the oldest goes first beyond it. */
const RENDERED_DATA_ENTRIES = 500;

/**
 * The app's server renderer (<app>/dist-ssr/entry-server.js, the build's prerender bundle), when it
 * renders pages with data (public site: loadPageData + render(url, lang, { pageData })); null
 * otherwise (admin portal, an older build, a bundle that fails to load). Node imports a module once
 * (and the bundle's chunks import it by its plain URL, so it cannot be imported afresh beside them):
 * once a build has replaced it (`reset()` looks, after the files are read again), event pages go
 * without data until the server restarts, rather than be drawn by an older version of the app.
 */
function serverRenderer(distDir, log) {
  const file = path.join(distDir, '..', 'dist-ssr', 'entry-server.js');
  const mtimeOf = () => statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  let loaded = null;
  let importedMtime;
  return {
    get() {
      if (loaded) return loaded;
      importedMtime = mtimeOf();
      if (importedMtime === undefined) return (loaded = Promise.resolve(null));
      loaded = import(pathToFileURL(file).href).then(
        (m) => (typeof m.loadPageData === 'function' && typeof m.render === 'function' && typeof m.pageDataElementId === 'string' ? m : null),
        (error) => {
          log(`loading ${file} failed (${error.message}); event pages are served without their data`);
          return null;
        },
      );
      return loaded;
    },
    reset() {
      if (!loaded || mtimeOf() === importedMtime) return;
      log(`${file} was rebuilt: event pages are served without their data until this server restarts`);
      loaded = Promise.resolve(null);
    },
  };
}

/**
 * The data of an event page in a language, from the API through the renderer's loadPageData (the
 * page's own query, signed out), kept RENDERED_DATA_TTL_MS; one request at a time per event and
 * language. Resolves to { event, pageData, key } (key: a digest of the data), { event: null } for
 * an unknown event or when the API fails or is slow (the page is then the shell, as it always was).
 */
function pageDataLoader(graphqlUrl) {
  const cache = new Map();
  return (renderer, id, lang) => {
    const key = `${lang}\u0000${id}`;
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = renderer.loadPageData(`/events/${encodeURIComponent(id)}`, lang, { graphqlUrl }).then(
      (data) => (data ? { ...data, key: createHash('sha1').update(JSON.stringify(data.pageData)).digest('base64url') } : { event: null }),
      () => ({ event: null }), // API down, slow or answering nonsense: the shell
    );
    cache.delete(key);
    cache.set(key, { value, expires: now + RENDERED_DATA_TTL_MS });
    if (cache.size > RENDERED_DATA_ENTRIES) {
      for (const [k, entry] of cache) if (entry.expires <= now) cache.delete(k);
      for (const k of cache.keys()) {
        if (cache.size <= RENDERED_DATA_ENTRIES) break;
        cache.delete(k);
      }
    }
    return value;
  };
}

/**
 * JSON for the content of a <script type="application/json">: `<` (so no `</script>` or `<!--` ends or
 * changes it), `>`, `&` and the line separators are written as \u escapes, which JSON.parse reads back.
 */
export function jsonForScript(value) {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * `html` (a prerendered page) with `rootHtml` in place of what its #root holds, and the page's data as
 * JSON after it; null when the page has no #root to fill (then it is sent as it is).
 */
function withRenderedRoot(html, rootHtml, stateElementId, state) {
  const open = '<div id="root">';
  const start = html.indexOf(open);
  const end = html.lastIndexOf('</div>', html.lastIndexOf('</body>'));
  if (start === -1 || end < start + open.length) return null;
  const script = `<script type="application/json" id="${escapeHtml(stateElementId)}">${jsonForScript(state)}</script>`;
  return `${html.slice(0, start + open.length)}${rootHtml}</div>${script}${html.slice(end + '</div>'.length)}`;
}

/**
 * helmet's headers for this configuration, as a flat [name, value, ...] list, taken once (they do not
 * depend on the request): the same set, in the same order, as when helmet ran on every request.
 */
function securityHeaders(production) {
  const headers = [];
  const recorder = { setHeader: (name, value) => headers.push(name, String(value)), removeHeader: () => {}, getHeader: () => undefined };
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
  })({}, recorder, () => {});
  return headers;
}

/** `list` with the value of header `name` replaced. */
const withHeader = (list, name, value) => list.map((v, i) => (i % 2 === 1 && list[i - 1] === name ? value : v));

/**
 * The files of an app in memory, and its prerendered pages (dist/prerendered, written by
 * <app>/scripts/prerender.mjs): `page(pathname, lang)` is the URL path of the file to send for a
 * request path and a language, or null for index.html. routes.json maps each route to its file per
 * language ({ "/about": { "en": "about.html", "hi": "hi/about.html" } }; a plain file name, from an
 * older build, is English only). They show the date of the day they were made (calendar, footer), so
 * once expired they are made again in the background (a few seconds) while index.html is served; the
 * files are then read again. Without `production`, the files are also read again when the build
 * rewrites index.html or routes.json (checked at most twice a second).
 */
function appFiles(distDir, { production, onReload, log = (m) => console.error(m) }) {
  const script = path.join(distDir, '..', 'scripts', 'prerender.mjs');
  const watched = [path.join(distDir, 'index.html'), path.join(distDir, 'prerendered', 'routes.json')];
  const retryAfterFailureMs = 10 * 60_000;
  const state = { files: new Map(), matchers: null, expiresAt: 0, indexable: true, stamp: '' };
  let regenerating = false;
  let failedAt = -Infinity;
  let checkedAt = 0;

  const stampOfDisk = () => watched.map((f) => statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? '-').join('|');
  const load = () => {
    const stamp = stampOfDisk();
    try {
      state.files = readSiteFiles(distDir, state.files);
    } catch (error) {
      // dist/ being replaced right now: keep what is in memory, and look again on the next check
      log(`reading ${distDir} failed (${error.message}); serving the files read before`);
      return;
    }
    state.stamp = stamp;
    const index = state.files.get('/index.html');
    state.indexable = !index || !/<meta name="robots" content="[^"]*noindex/.test(textOf(index));
    state.matchers = null;
    try {
      const table = JSON.parse(textOf(state.files.get('/prerendered/routes.json')));
      state.expiresAt = Date.parse(table.expires);
      state.matchers = Object.entries(table.routes).map(([pattern, files]) => ({
        regex: new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}/?$`),
        files: Object.fromEntries(Object.entries(typeof files === 'string' ? { en: files } : files).map(([lang, file]) => [lang, `/prerendered/${file}`])),
      }));
    } catch {
      state.matchers = null; // no prerendered pages (admin portal, or an older build)
    }
    onReload();
  };
  const regenerate = () => {
    // One at a time, and not again on every request after a failure.
    if (regenerating || Date.now() - failedAt < retryAfterFailureMs || !statSync(script, { throwIfNoEntry: false })) return;
    regenerating = true;
    const child = spawn(process.execPath, [script], { stdio: 'ignore' });
    child.on('exit', (code) => {
      regenerating = false;
      if (code === 0) {
        load();
      } else {
        failedAt = Date.now();
        log(`prerendering the pages again failed (exit ${code}); serving index.html, next try in 10 minutes`);
      }
    });
  };
  load();
  return {
    /** The file record at a URL path (decoded as express.static decoded it), or undefined. */
    file(pathname) {
      const hit = state.files.get(pathname);
      if (hit !== undefined || !pathname.includes('%')) return hit;
      try {
        return state.files.get(decodeURIComponent(pathname));
      } catch {
        return undefined;
      }
    },
    get indexable() {
      return state.indexable;
    },
    page(pathname, lang) {
      if (!state.matchers) return null;
      if (state.expiresAt <= Date.now()) {
        regenerate();
        return null;
      }
      for (const m of state.matchers) if (m.regex.test(pathname)) return m.files[lang] ?? null;
      return null;
    },
    /** Without `production`: reads the files again when a build has rewritten them. */
    refreshIfRebuilt() {
      if (production) return;
      const now = Date.now();
      if (now - checkedAt < 500) return;
      checkedAt = now;
      const stamp = stampOfDisk();
      if (stamp !== state.stamp && !stamp.startsWith('-')) load();
    },
  };
}

/**
 * `publicOrigin` (e.g. https://example.org; default PUBLIC_ORIGIN) makes og:url and og:image absolute.
 * Page meta is injected only for an indexable app (the admin portal's index.html says noindex).
 * Returns a request handler with `listen(...)` (an http.Server), as an express app has.
 */
export function createSiteServer({ distDir, apiUrl, production = false, publicOrigin = process.env.PUBLIC_ORIGIN }) {
  const security = securityHeaders(production);
  // Error pages say as little as they can, as express's final handler did.
  const errorHeaders = [...withHeader(security, 'Content-Security-Policy', "default-src 'none'"), 'Content-Type', 'text/html; charset=utf-8'];
  const assetHeaders = [...security, 'Cache-Control', 'public, max-age=31536000, immutable'];
  const fileHeaders = [...security, 'Cache-Control', 'public, max-age=3600'];
  const pageHeaders = [...security, 'Cache-Control', 'no-cache'];
  const proxy = createProxyMiddleware({ target: apiUrl, changeOrigin: false, xfwd: true, pathFilter: PROXIED });

  // Final pages by what makes them differ: language, template file, and (for pages with meta) URL and event.
  const pages = new Map();
  const renderer = serverRenderer(distDir, (m) => console.error(m));
  const app = appFiles(distDir, {
    production,
    onReload: () => {
      pages.clear();
      renderer.reset();
    },
  });
  const loadEvent = eventLoader(apiUrl);
  const loadPageData = pageDataLoader(`${apiUrl}/graphql`);
  let renderFailures = 0;
  const eventKeys = new WeakMap();
  const origin = publicOrigin ? publicOrigin.replace(/\/$/, '') : null;

  const representationOf = (record, headers) =>
    (record.rep ??= new Representation(record.body, {
      headers,
      contentType: record.contentType,
      compressible: record.compressible,
      prebuilt: record.prebuilt,
      lastModified: record.mtimeMs,
      ranges: true,
    }));

  function errorPage(req, res, status, message, extra = []) {
    const body = Buffer.from(`<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>${escapeHtml(message)}</pre>\n</body>\n</html>\n`);
    res.writeHead(status, [...errorHeaders, ...extra, 'Content-Length', String(body.length)]);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function fail(req, res, error) {
    console.error(error);
    if (res.headersSent) res.destroy();
    else errorPage(req, res, 500, 'Internal Server Error');
  }

  /**
   * The page for a route in a language: its template, with the head of its URL and language. `served`
   * ({ key, url, state, elementId, render }) draws the page of a prerendered template with data:
   * render(url) gives the HTML of #root, made only when the page is not kept already.
   */
  function sendPage(req, res, pathname, lang, meta, event, served = null) {
    // Without a configured origin (local runs) the request's own host is used; production sets PUBLIC_ORIGIN.
    const base = origin ?? (production ? null : `http://${req.headers.host}`);
    const page = app.page(pathname, lang);
    const template = page !== null && app.file(page) ? page : '/index.html';
    let eventKey = '';
    if (event) {
      eventKey = eventKeys.get(event);
      if (eventKey === undefined) eventKeys.set(event, (eventKey = JSON.stringify(event)));
      meta = {
        title: eventTitle(lang, event.title),
        description: summary(`${event.date} · ${event.location}. ${event.description}`),
        image: event.imageUrl && base ? new URL(event.imageUrl, `${base}/`).href : undefined,
        preloadImage: event.imageUrl ? { href: event.imageUrl, srcset: event.imageSrcSet, sizes: EVENT_IMAGE_SIZES } : undefined,
        type: 'article',
      };
    }
    if (served && template === '/index.html') served = null;
    let key = meta ? `${lang}\0${template}\0${base}\0${pathname}\0${eventKey}` : `${lang}\0${template}`;
    if (served) key += `\0${served.key}\0${served.url}`;
    let rep = pages.get(key);
    if (rep === undefined) {
      const record = app.file(template);
      if (!record) return errorPage(req, res, 404, 'Not Found');
      if (served && served.root === undefined) {
        served.render().then(
          (root) => sendPage(req, res, pathname, lang, meta, event, { ...served, root }),
          (error) => {
            // A page that suspends or throws on the server: the shell, as before (said a few times, not per request).
            if (renderFailures++ < 5) console.error(`rendering ${served.url} (${lang}) with its data failed; serving the shell`, error);
            sendPage(req, res, pathname, lang, meta, event);
          },
        ).catch((error) => fail(req, res, error));
        return;
      }
      const pageUrl = base ? `${base}${pathname}` : undefined;
      let html = textOf(record);
      if (served) html = withRenderedRoot(html, served.root, served.elementId, served.state) ?? html;
      html = meta ? withMeta(html, { ...meta, lang, siteName: SITE_NAME[lang], pageUrl }) : withLang(html, lang);
      rep = new Representation(Buffer.from(html), { headers: pageHeaders, contentType: 'text/html; charset=utf-8', vary: 'Cookie', compressible: true });
      pages.set(key, rep);
      if (pages.size > PAGE_CACHE_ENTRIES) pages.delete(pages.keys().next().value);
    } else if (pages.size > 32) {
      // Least recently used goes first.
      pages.delete(key);
      pages.set(key, rep);
    }
    sendRepresentation(req, res, rep);
  }

  // SPA fallback: every other GET is a client-side route. On the public site the page is served in
  // the reader's language (scripts/site-language.mjs: ?lang, the lang cookie, English), prerendered
  // when it can be, with its title, description, Open Graph tags and hreflang alternates in that
  // language (for crawlers and link previews); /events/:id reads the event from the API in that
  // language. Everything inserted is HTML-escaped.
  function fallback(req, res, pathname, search) {
    if (!app.indexable) {
      const index = app.file('/index.html');
      if (!index) return errorPage(req, res, 404, 'Not Found');
      return sendRepresentation(req, res, (index.pageRep ??= new Representation(index.body, { headers: pageHeaders, contentType: index.contentType, compressible: true, lastModified: index.mtimeMs })));
    }
    const lang = languageOf(search, req.headers.cookie);
    const meta = metaOfPage(pathname, lang);
    const eventMatch = /^\/events\/([^/]+)\/?$/.exec(pathname);
    if (!eventMatch) return sendPage(req, res, pathname, lang, meta, null);
    let id = eventMatch[1];
    try {
      id = decodeURIComponent(id);
    } catch {
      // a malformed escape: looked up as typed, which finds nothing
    }
    sendEventPage(req, res, pathname, search, lang, meta, id).catch((error) => fail(req, res, error));
  }

  /**
   * /events/:id drawn with its event (not the "loading" shell): the page's query is run against the API
   * in the page's language (signed out: nothing personal), the page is rendered with its answer into its
   * prerendered template (whose stylesheets and module preloads are the page's own chunk's: drawn with
   * its event, the page renders no lazy part; a render that suspends is refused, so the shell is sent),
   * and the answer goes with it as JSON for the client to hydrate from (main.tsx, without the data layer),
   * with no second request. Signed-in readers get the same page; their own parts load after it starts, as before. An
   * unknown event, an API that fails or is slow, or a build without the server renderer: the shell with
   * the event's tags when known, as before. nginx (deploy/nginx-site.conf) cannot do this: behind it the
   * event page stays the shell, and the client fetches the event.
   */
  async function sendEventPage(req, res, pathname, search, lang, meta, id) {
    const shell = app.page(pathname, lang);
    const ssr = shell !== null && app.file(shell) ? await renderer.get() : null;
    if (!ssr) return sendPage(req, res, pathname, lang, meta, await loadEvent(id, lang));
    const data = await loadPageData(ssr, id, lang);
    if (!data.pageData) return sendPage(req, res, pathname, lang, meta, data.event);
    const url = search ? `${pathname}?${search}` : pathname;
    const served = {
      key: data.key,
      url,
      state: data.pageData,
      elementId: ssr.pageDataElementId,
      render: () => ssr.render(url, lang, { pageData: data.pageData }),
    };
    return sendPage(req, res, pathname, lang, meta, data.event, served);
  }

  /**
   * A form POSTed to a page before (or without) its script (the login and sign-up forms): urlencoded
   * only (415 otherwise), at most FORM_LIMIT_BYTES (413), from this site when the browser says where
   * from (Origin, else 403). The renderer's handleForm runs the route's form action against the API as
   * the reader (their address in x-forwarded-for) and answers the page's next step, drawn here with its
   * data and never kept (it is the reader's own), or where to go (303). A page without a form: 303 back
   * to it. Self-contained, to be carried over to the site server.
   */
  function receiveForm(req, res, pathname, search) {
    const FORM_LIMIT_BYTES = 16 * 1024;
    const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') return errorPage(req, res, 415, 'Unsupported Media Type');
    // The page's Referrer-Policy (no-referrer) makes the browser say Origin: null for its own forms;
    // it then says where the request comes from in Sec-Fetch-Site.
    const from = req.headers.origin;
    const own = new Set([origin, `http://${req.headers.host}`, `https://${req.headers.host}`]);
    const site = req.headers['sec-fetch-site'];
    if ((from !== undefined && from !== 'null' && !own.has(from)) || (from === 'null' && site !== 'same-origin') || (site !== undefined && site !== 'same-origin')) {
      return errorPage(req, res, 403, 'Forbidden');
    }
    if (Number(req.headers['content-length']) > FORM_LIMIT_BYTES) return errorPage(req, res, 413, 'Payload Too Large', ['Connection', 'close']);
    const chunks = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= FORM_LIMIT_BYTES) return chunks.push(chunk);
      if (!refused) errorPage(req, res, 413, 'Payload Too Large', ['Connection', 'close']);
      refused = true;
      req.pause();
    });
    req.on('error', (error) => fail(req, res, error));
    req.on('end', () => {
      if (refused) return;
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const url = search ? `${pathname}?${search}` : pathname;
      answerForm(req, res, pathname, url, fields).catch((error) => fail(req, res, error));
    });

    async function answerForm(req, res, pathname, url, fields) {
      const lang = languageOf(url.slice(pathname.length + 1), req.headers.cookie);
      const ssr = await renderer.get();
      const template = app.page(pathname, lang);
      const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
      const result = ssr?.handleForm && template !== null && app.file(template)
        ? await ssr.handleForm(url, lang, fields, { graphqlUrl: `${apiUrl}/graphql`, headers: { 'x-forwarded-for': forwardedFor, 'user-agent': req.headers['user-agent'] } })
        : null;
      if (result === null || result.redirect) {
        // Back to the page (one leading slash: never //host, another site).
        res.writeHead(303, [...security, 'Location', (result?.redirect ?? url).replace(/^\/+/, '/'), 'Cache-Control', 'no-store', 'Content-Length', '0']);
        return res.end();
      }
      const base = origin ?? (production ? null : `http://${req.headers.host}`);
      const root = await ssr.render(url, lang, { pageData: result.pageData });
      let html = textOf(app.file(template));
      html = withRenderedRoot(html, root, ssr.pageDataElementId, result.pageData) ?? html;
      const meta = metaOfPage(pathname, lang);
      html = meta ? withMeta(html, { ...meta, lang, siteName: SITE_NAME[lang], pageUrl: base ? `${base}${pathname}` : undefined }) : withLang(html, lang);
      const body = Buffer.from(html);
      res.writeHead(200, [...security, 'Cache-Control', 'no-store', 'Content-Type', 'text/html; charset=utf-8', 'Content-Length', String(body.length)]);
      res.end(body);
    }
  }

  function handle(req, res) {
    let url = req.url;
    if (url.charCodeAt(0) !== 47 /* / */) {
      // absolute-form (http://host/path), as a proxy may send it
      try {
        const parsed = new URL(url);
        url = parsed.pathname + parsed.search;
      } catch {
        return errorPage(req, res, 400, 'Bad Request');
      }
    }
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    if (PROXIED_PATH.test(pathname)) {
      // The API's answer keeps these headers unless it sets its own.
      for (let i = 0; i < security.length; i += 2) res.setHeader(security[i], security[i + 1]);
      return proxy(req, res, () => errorPage(req, res, 404, `Cannot ${req.method} ${pathname}`));
    }
    app.refreshIfRebuilt();
    const isAsset = pathname === '/assets' || pathname.startsWith('/assets/');
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      if (isAsset) {
        res.writeHead(405, [...security, 'Allow', 'GET, HEAD', 'Content-Length', '0']);
        return res.end();
      }
      if (method === 'POST' && app.indexable && !app.file(pathname)) return receiveForm(req, res, pathname, q === -1 ? '' : url.slice(q + 1));
      if (method === 'OPTIONS') {
        res.writeHead(200, [...security, 'Allow', 'GET, HEAD', 'Content-Type', 'text/plain; charset=utf-8', 'Content-Length', '9']);
        return res.end('GET, HEAD');
      }
      return errorPage(req, res, 404, `Cannot ${method} ${pathname}`);
    }
    const record = app.file(pathname);
    if (isAsset) return record ? sendRepresentation(req, res, representationOf(record, assetHeaders)) : errorPage(req, res, 404, 'Not Found');
    if (record) return sendRepresentation(req, res, representationOf(record, fileHeaders));
    return fallback(req, res, pathname, q === -1 ? '' : url.slice(q + 1));
  }

  const handler = (req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      fail(req, res, error);
    }
  };
  handler.listen = (...args) => http.createServer(handler).listen(...args);
  /** How many final pages are kept (tests). */
  handler.keptPages = () => pages.size;
  return handler;
}

// Run directly: node scripts/serve-site.mjs <distDir> <port> [apiUrl]
if (import.meta.url === `file://${process.argv[1]}`) {
  const [distDir, port, apiUrl = 'http://127.0.0.1:4000'] = process.argv.slice(2);
  const server = createSiteServer({ distDir: path.resolve(distDir), apiUrl, production: process.env.NODE_ENV === 'production' }).listen(Number(port));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
