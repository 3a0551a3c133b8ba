// The HTTP entry: one built app (the public site or the admin portal) served the way production serves
// it. Files come from memory (static-files.ts) with their precompressed forms, ETag/304, immutable
// hashed assets; every other GET is a page (pages.ts), drawn with its data for the public site and
// kept until the API's change feed says it changed (change-feed.ts); a form POSTed to a page goes to
// the renderer's handleForm; /api, /graphql, /uploads, /healthz and /readyz go to the API
// (http-proxy-middleware), so the site works on one origin without nginx.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { ChangeFeedSubscription } from './change-feed.js';
import { languageOf } from './language.js';
import { escapeHtml } from './page-head.js';
import { PageCache, Pages, serverRenderer, type PageRequest } from './pages.js';
import { errorHeadersOf, securityHeaders } from './security.js';
import { appFiles, Representation, sendRepresentation, type FileRecord, type HeaderList } from './static-files.js';

/** Paths answered by the API (prefixes, as http-proxy-middleware's pathFilter matches them). */
const PROXIED = ['/api', '/graphql', '/uploads', '/healthz', '/readyz'];
const PROXIED_PATH = new RegExp(`^(?:${PROXIED.join('|')})`);
/** Set on every request the site server proxies to the API. */
const HOP_HEADER = 'x-site-server-proxied';
/** The largest form body taken (a sign-in or sign-up form is well under 1 KB). */
export const MAX_FORM_BYTES = 16 * 1024;

export interface SiteServerOptions {
  distDir: string;
  /** The API's base URL: proxied paths, the pages' data (<apiUrl>/graphql) and the change feed (<apiUrl>/api/changes). */
  apiUrl: string;
  production?: boolean;
  /** e.g. https://example.org (default PUBLIC_ORIGIN): makes og:url and og:image absolute, and is the origin forms may come from. */
  publicOrigin?: string;
  /** Subscribe to the API's change feed (default true); without it nothing drawn with data is kept. */
  changeFeed?: boolean;
  /** Pages drawn within this long of a change are sent but not kept (default 250 ms). */
  settleMs?: number;
  log?: (message: string) => void;
}

export interface SiteServer {
  (req: IncomingMessage, res: ServerResponse): void;
  listen(...args: Parameters<http.Server['listen']>): http.Server;
  /** How many pages are kept, drawn with data and plain (tests). */
  keptPages(): { drawn: number; plain: number };
  readonly cache: PageCache;
  readonly feed: ChangeFeedSubscription | null;
  /** Stops the change-feed subscription. */
  close(): void;
}

export function createSiteServer({ distDir, apiUrl, production = false, publicOrigin = process.env.PUBLIC_ORIGIN, changeFeed = true, settleMs, log = (m) => console.error(m) }: SiteServerOptions): SiteServer {
  const security = securityHeaders(production);
  const errorHeaders = errorHeadersOf(security);
  const assetHeaders = [...security, 'Cache-Control', 'public, max-age=31536000, immutable'];
  const fileHeaders = [...security, 'Cache-Control', 'public, max-age=3600'];
  const pageHeaders = [...security, 'Cache-Control', 'no-cache'];
  const formPageHeaders = [...security, 'Cache-Control', 'no-store'];
  // Each request it proxies says so: one that comes back (the API's address pointing at a proxy that sends
  // the path here again) is refused instead of going round.
  const proxy = createProxyMiddleware({
    target: apiUrl,
    changeOrigin: false,
    xfwd: true,
    pathFilter: PROXIED,
    on: { proxyReq: (proxyReq) => proxyReq.setHeader(HOP_HEADER, '1') },
  });
  const origin = publicOrigin ? publicOrigin.replace(/\/$/, '') : null;

  const cache = new PageCache(256, settleMs);
  const renderer = serverRenderer(distDir, log);
  let pages: Pages | null = null;
  const app = appFiles(distDir, { production, log, onReload: () => pages?.reset() });
  pages = new Pages({ app, renderer, graphqlUrl: `${apiUrl.replace(/\/$/, '')}/graphql`, pageHeaders, formPageHeaders, cache, log });
  const feed =
    changeFeed && app.indexable
      ? new ChangeFeedSubscription({ apiUrl, log, onChange: (changed) => cache.invalidate(changed), onConnected: (connected) => cache.setEnabled(connected) })
      : null;
  feed?.start();

  const representationOf = (record: FileRecord, headers: HeaderList) =>
    (record.rep ??= new Representation(record.body, {
      headers,
      contentType: record.contentType,
      compressible: record.compressible,
      prebuilt: record.prebuilt,
      lastModified: record.mtimeMs,
      ranges: true,
    }));

  function errorPage(req: IncomingMessage, res: ServerResponse, status: number, message: string, extra: HeaderList = []) {
    const body = Buffer.from(`<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>${escapeHtml(message)}</pre>\n</body>\n</html>\n`);
    res.writeHead(status, [...errorHeaders, ...extra, 'Content-Length', String(body.length)]);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function fail(req: IncomingMessage, res: ServerResponse, error: unknown) {
    log(String((error as Error)?.stack ?? error));
    if (res.headersSent) res.destroy();
    else errorPage(req, res, 500, 'Internal Server Error');
  }

  // Without a configured origin (local runs) the request's own host is used; production sets PUBLIC_ORIGIN.
  const baseOf = (req: IncomingMessage) => origin ?? (production ? null : `http://${req.headers.host}`);

  /** A page in the reader's language (language.ts: ?lang, the lang cookie, English). */
  function sendPage(req: IncomingMessage, res: ServerResponse, pathname: string, search: string): Promise<void> | void {
    if (!app.indexable) {
      // The admin portal: its index.html as it is, for every route.
      const index = app.file('/index.html');
      if (!index) return errorPage(req, res, 404, 'Not Found');
      return sendRepresentation(req, res, (index.pageRep ??= new Representation(index.body, { headers: pageHeaders, contentType: index.contentType, compressible: true, lastModified: index.mtimeMs })));
    }
    const p: PageRequest = { pathname, search, lang: languageOf(search, req.headers.cookie), base: baseOf(req) };
    const kept = pages!.kept(p);
    if (kept) return sendRepresentation(req, res, kept);
    return pages!.page(p).then((rep) => (rep ? sendRepresentation(req, res, rep) : errorPage(req, res, 404, 'Not Found')));
  }

  /**
   * Whether a form comes from this site. The browser says so in Sec-Fetch-Site when it sends it
   * (same-origin), and in Origin: this site's address, or "null" for the site's own forms, since its
   * pages' Referrer-Policy is no-referrer (then only with Sec-Fetch-Site: same-origin).
   */
  function sameOrigin(req: IncomingMessage): boolean {
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') return false;
    const from = req.headers.origin;
    if (from === undefined) return true;
    if (from === 'null') return site === 'same-origin';
    if (origin && from === origin) return true;
    try {
      return new URL(from).host === req.headers.host;
    } catch {
      return false;
    }
  }

  /** The body of a form, at most MAX_FORM_BYTES; null when larger. */
  function readForm(req: IncomingMessage): Promise<string | null> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_FORM_BYTES) {
          req.removeAllListeners('data');
          req.resume();
          resolve(null);
          return;
        }
        chunks.push(chunk);
      });
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });
  }

  /**
   * A form POSTed to a page (a real <form method="post"> that works before the scripts load): its
   * fields go to the renderer's handleForm, with the reader's address and languages so that the
   * API's rate limits see the reader; its answer is a redirect (303) or the page drawn with the
   * pageData it gave, never kept.
   */
  async function sendForm(req: IncomingMessage, res: ServerResponse, pathname: string, search: string) {
    const ssr = app.indexable ? await pages!.renderer() : null;
    if (!ssr?.handleForm) return errorPage(req, res, 404, `Cannot POST ${pathname}`);
    const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') return errorPage(req, res, 415, 'Unsupported Media Type: send application/x-www-form-urlencoded');
    if (!sameOrigin(req)) return errorPage(req, res, 403, 'Forbidden: a form from another site');
    if (Number(req.headers['content-length'] ?? 0) > MAX_FORM_BYTES) {
      req.resume();
      return errorPage(req, res, 413, 'Payload Too Large', ['Connection', 'close']);
    }
    const body = await readForm(req);
    if (body === null) return errorPage(req, res, 413, 'Payload Too Large', ['Connection', 'close']);
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(body)) if (!(name in fields)) fields[name] = value;
    const lang = languageOf(search, req.headers.cookie);
    const remote = req.socket.remoteAddress ?? '';
    const forwarded = req.headers['x-forwarded-for'];
    const headers: Record<string, string> = {
      'x-forwarded-for': forwarded ? `${forwarded}, ${remote}` : remote,
      'accept-language': String(req.headers['accept-language'] ?? lang),
      ...(req.headers['user-agent'] ? { 'user-agent': req.headers['user-agent'] } : {}),
    };
    const url = search ? `${pathname}?${search}` : pathname;
    let result;
    try {
      result = await ssr.handleForm(url, lang, fields, { graphqlUrl: `${apiUrl.replace(/\/$/, '')}/graphql`, headers, timeoutMs: 5_000 });
    } catch (error) {
      log(`the form of ${url} failed: ${(error as Error).message}`);
      return errorPage(req, res, 503, 'Service Unavailable: please try again in a moment');
    }
    // A page whose form has no action on the server (it needs the page's script): back to the page, whose
    // script is loaded by then, rather than an error page.
    if (!result) result = { redirect: url };
    if ('redirect' in result) {
      // Only to a path of this site.
      const location = typeof result.redirect === 'string' && /^\/(?![/\\])/.test(result.redirect) ? result.redirect : '/';
      res.writeHead(303, [...security, 'Cache-Control', 'no-store', 'Location', location, 'Content-Length', '0']);
      return res.end();
    }
    const rep = await pages!.formPage({ pathname, search, lang, base: baseOf(req) }, result.pageData, fields);
    if (!rep) return errorPage(req, res, 404, 'Not Found');
    sendRepresentation(req, res, rep);
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    let url = req.url ?? '/';
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
    const search = q === -1 ? '' : url.slice(q + 1);
    if (PROXIED_PATH.test(pathname)) {
      if (req.headers[HOP_HEADER] !== undefined) return errorPage(req, res, 508, 'Loop Detected: the API address leads back to the site server');
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
      if (method === 'OPTIONS') {
        res.writeHead(200, [...security, 'Allow', 'GET, HEAD', 'Content-Type', 'text/plain; charset=utf-8', 'Content-Length', '9']);
        return res.end('GET, HEAD');
      }
      if (method === 'POST' && !app.file(pathname)) return void sendForm(req, res, pathname, search).catch((error) => fail(req, res, error));
      return errorPage(req, res, 404, `Cannot ${method} ${pathname}`);
    }
    const record = app.file(pathname);
    if (isAsset) return record ? sendRepresentation(req, res, representationOf(record, assetHeaders)) : errorPage(req, res, 404, 'Not Found');
    if (record) return sendRepresentation(req, res, representationOf(record, fileHeaders));
    const pending = sendPage(req, res, pathname, search);
    if (pending) pending.catch((error) => fail(req, res, error));
  }

  const handler = ((req: IncomingMessage, res: ServerResponse) => {
    try {
      handle(req, res);
    } catch (error) {
      fail(req, res, error);
    }
  }) as SiteServer;
  handler.listen = (...args) => {
    const server = http.createServer(handler);
    server.on('close', () => feed?.stop());
    return server.listen(...args);
  };
  handler.keptPages = () => ({ drawn: cache.size, plain: pages!.plainSize });
  Object.defineProperty(handler, 'cache', { value: cache });
  Object.defineProperty(handler, 'feed', { value: feed });
  handler.close = () => feed?.stop();
  return handler;
}
