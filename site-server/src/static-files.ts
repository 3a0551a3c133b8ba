// The bytes the site server sends, kept in memory: each file of a built app (dist/) and each final
// page, as a Representation with its identity, brotli and gzip bodies, an ETag per encoding and the
// complete response headers of each, made once. Serving one is a lookup, a comparison of
// If-None-Match and a write. Also the app's prerendered templates (dist/prerendered/routes.json) and
// their renewal at midnight.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { compressBest, compressFast, contentTypeOf, ENCODINGS, filesUnder, isCompressible, MIN_COMPRESS_BYTES, type Encoding } from './precompress.js';

/** A flat [name, value, name, value, ...] header list, as res.writeHead takes it. */
export type HeaderList = string[];

// ---- Content negotiation and validators ----

type Negotiated = Encoding | 'identity';
const ORDER: Negotiated[] = ['br', 'gzip', 'identity'];

/** br, gzip or identity for an Accept-Encoding header: the highest q-value, br before gzip before identity on a tie. */
export function negotiateEncoding(header: string | undefined): Negotiated {
  if (!header) return 'identity';
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    let name = rawName.trim().toLowerCase();
    if (name === 'x-gzip') name = 'gzip';
    if (name !== 'br' && name !== 'gzip' && name !== 'identity' && name !== '*') continue;
    let value = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (m) value = Number(m[1]) || 0;
    }
    q[name] = Math.max(q[name] ?? 0, value);
  }
  let best: Negotiated = 'identity';
  let bestQ = 0;
  for (const name of ORDER) {
    const value = q[name] ?? q['*'] ?? (name === 'identity' ? 1 : 0);
    if (value > bestQ) {
      best = name;
      bestQ = value;
    }
  }
  return best;
}

// Browsers send a handful of different headers: each is parsed once.
const negotiated = new Map<string, Negotiated>();
export function chooseEncoding(header: string | undefined): Negotiated {
  if (header === undefined) return 'identity';
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = negotiateEncoding(header);
    if (negotiated.size >= 256) negotiated.clear();
    negotiated.set(header, encoding);
  }
  return encoding;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for GET and HEAD). */
export function etagMatches(header: string, etag: string): boolean {
  if (header === etag || header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

const hashOf = (buf: Buffer) => createHash('sha1').update(buf).digest('base64url').slice(0, 22);

// ---- Representations ----

/** How often a compressed form made with the fast settings is asked for before the best ones replace it. */
const UPGRADE_AFTER_HITS = 2;

interface Variant {
  encoding: Negotiated;
  body: Buffer;
  etag: string;
  best: boolean;
  hits: number;
  head304: HeaderList;
  head200: HeaderList;
}

export interface RepresentationOptions {
  /** Sent with every answer (security headers, Cache-Control). */
  headers: HeaderList;
  contentType: string;
  /** What else the resource depends on (e.g. 'Cookie'). */
  vary?: string;
  /** Whether its type gains from compression. */
  compressible?: boolean;
  /** Bodies made at build time. */
  prebuilt?: Partial<Record<Encoding, Buffer>>;
  /** The file's mtime (ms), also answered to If-Modified-Since. */
  lastModified?: number;
  /** Answer single byte ranges of the identity body. */
  ranges?: boolean;
  /** The status of a full answer (a page drawn for an unknown event is a 404); only 200 answers 304 and ranges. */
  status?: number;
}

/**
 * One resource in all its encodings. Compressed forms that the build did not make are made on first
 * use with fast settings, and again with the best ones (off the main thread) once asked for
 * UPGRADE_AFTER_HITS times. The identity ETag is strong; a compressed form's is weak and derived from it
 * (`W/"<hash>-br"`), so it survives that upgrade.
 */
export class Representation {
  readonly body: Buffer;
  readonly headers: HeaderList;
  readonly contentType: string;
  readonly compressible: boolean;
  readonly vary: string | undefined;
  readonly lastModifiedMs: number | undefined;
  readonly lastModified: string | undefined;
  readonly ranges: boolean;
  readonly status: number;
  readonly hash: string;
  readonly identity: Variant;
  private readonly encoded: Partial<Record<Encoding, Variant | null>> = {};

  constructor(body: Buffer, { headers, contentType, vary, compressible = false, prebuilt = {}, lastModified, ranges = false, status = 200 }: RepresentationOptions) {
    this.body = body;
    this.headers = headers;
    this.contentType = contentType;
    this.compressible = compressible && body.length >= MIN_COMPRESS_BYTES;
    this.vary = this.compressible ? (vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding') : vary;
    this.lastModifiedMs = lastModified === undefined ? undefined : Math.floor(lastModified / 1000) * 1000;
    this.lastModified = lastModified === undefined ? undefined : new Date(lastModified).toUTCString();
    this.ranges = ranges;
    this.status = status;
    this.hash = hashOf(body);
    this.identity = this.makeVariant('identity', body, true);
    for (const encoding of Object.keys(ENCODINGS) as Encoding[]) {
      const built = prebuilt[encoding];
      if (this.compressible && built && built.length < body.length) this.encoded[encoding] = this.makeVariant(encoding, built, true);
    }
  }

  private makeVariant(encoding: Negotiated, body: Buffer, best: boolean): Variant {
    const etag = encoding === 'identity' ? `"${this.hash}"` : `W/"${this.hash}-${encoding === 'br' ? 'br' : 'gz'}"`;
    const common = [...this.headers, ...(this.vary ? ['Vary', this.vary] : []), 'ETag', etag, ...(this.lastModified ? ['Last-Modified', this.lastModified] : [])];
    return {
      encoding,
      body,
      etag,
      best,
      hits: 0,
      head304: common,
      head200: [
        ...common,
        'Content-Type',
        this.contentType,
        ...(encoding === 'identity' ? (this.ranges ? ['Accept-Ranges', 'bytes'] : []) : ['Content-Encoding', encoding]),
        'Content-Length',
        String(body.length),
      ],
    };
  }

  /** The form to send for a negotiated encoding (identity when compressing does not make it smaller). */
  variant(encoding: Negotiated): Variant {
    if (encoding === 'identity' || !this.compressible) return this.identity;
    let v = this.encoded[encoding];
    if (v === undefined) {
      const out = compressFast(this.body, encoding);
      v = this.encoded[encoding] = out.length < this.body.length ? this.makeVariant(encoding, out, false) : null;
    }
    if (v === null) return this.identity;
    if (!v.best && ++v.hits === UPGRADE_AFTER_HITS) this.upgrade(v, encoding);
    return v;
  }

  private upgrade(current: Variant, encoding: Encoding): void {
    compressBest(this.body, encoding).then(
      (out) => {
        if (out.length < current.body.length) this.encoded[encoding] = this.makeVariant(encoding, out, true);
        else current.best = true;
      },
      () => {
        current.best = true;
      },
    );
  }
}

const notModifiedSince = (header: string | undefined, lastModifiedMs: number | undefined) => {
  if (header === undefined || lastModifiedMs === undefined) return false;
  const since = Date.parse(header);
  return !Number.isNaN(since) && lastModifiedMs <= since;
};

/** Sends `rep` for a GET or HEAD: 304 when the client has it, 206 for a byte range, else its status (200). */
export function sendRepresentation(req: IncomingMessage, res: ServerResponse, rep: Representation): void {
  const v = rep.compressible ? rep.variant(chooseEncoding(req.headers['accept-encoding'])) : rep.identity;
  if (rep.status === 200) {
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch !== undefined ? etagMatches(ifNoneMatch, v.etag) : notModifiedSince(req.headers['if-modified-since'], rep.lastModifiedMs)) {
      res.writeHead(304, v.head304);
      res.end();
      return;
    }
    if (rep.ranges && req.headers.range !== undefined && req.method === 'GET' && sendRange(req, res, rep)) return;
  }
  res.writeHead(rep.status, v.head200);
  res.end(req.method === 'HEAD' ? undefined : v.body);
}

/** One range of the identity body (`bytes=a-b`, `a-`, `-n`); false to send the whole body instead. */
function sendRange(req: IncomingMessage, res: ServerResponse, rep: Representation): boolean {
  const m = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range).trim());
  if (!m || (m[1] === '' && m[2] === '')) return false;
  const ifRange = req.headers['if-range'];
  if (ifRange !== undefined && ifRange !== rep.identity.etag && ifRange !== rep.lastModified) return false;
  const size = rep.body.length;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  const common = rep.identity.head304;
  if (start > end || start >= size) {
    res.writeHead(416, [...common, 'Content-Range', `bytes */${size}`, 'Content-Length', '0']);
    res.end();
    return true;
  }
  res.writeHead(206, [...common, 'Content-Type', rep.contentType, 'Accept-Ranges', 'bytes', 'Content-Range', `bytes ${start}-${end}/${size}`, 'Content-Length', String(end - start + 1)]);
  res.end(rep.body.subarray(start, end + 1));
  return true;
}

// ---- The files of a built app ----

export interface FileRecord {
  urlPath: string;
  body: Buffer;
  size: number;
  mtimeMs: number;
  prebuilt: Partial<Record<Encoding, Buffer>>;
  contentType: string;
  compressible: boolean;
  text?: string;
  rep?: Representation;
  pageRep?: Representation;
}

/**
 * Every file of `distDir` (dot-folders such as .vite/ and dot-files excluded, as express.static did),
 * keyed by its URL path ('/assets/index-abc.js'), with its bytes, mtime and the .br/.gz the build wrote
 * beside it when they are at least as new as it (those are not files of their own). Records of
 * `previous` whose file has the same size and mtime are reused, with what they hold.
 */
export function readSiteFiles(distDir: string, previous = new Map<string, FileRecord>()): Map<string, FileRecord> {
  const rels = filesUnder(distDir);
  const present = new Set(rels);
  const files = new Map<string, FileRecord>();
  for (const rel of rels) {
    const suffix = Object.values(ENCODINGS).find((s) => rel.endsWith(s));
    if (suffix && present.has(rel.slice(0, -suffix.length))) continue;
    const file = path.join(distDir, rel);
    let stat;
    try {
      stat = statSync(file);
    } catch {
      continue; // removed since listed
    }
    const urlPath = `/${rel}`;
    const old = previous.get(urlPath);
    if (old && old.size === stat.size && old.mtimeMs === stat.mtimeMs) {
      files.set(urlPath, old);
      continue;
    }
    const prebuilt: Partial<Record<Encoding, Buffer>> = {};
    for (const [encoding, s] of Object.entries(ENCODINGS) as [Encoding, string][]) {
      if (!present.has(rel + s)) continue;
      try {
        if (statSync(file + s).mtimeMs >= stat.mtimeMs) prebuilt[encoding] = readFileSync(file + s);
      } catch {
        // removed since listed
      }
    }
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      continue;
    }
    files.set(urlPath, { urlPath, body, size: stat.size, mtimeMs: stat.mtimeMs, prebuilt, contentType: contentTypeOf(rel), compressible: isCompressible(rel) });
  }
  return files;
}

/** The text of a file record (decoded once). */
export const textOf = (record: FileRecord): string => (record.text ??= record.body.toString('utf8'));

// ---- The app: its files and its prerendered templates ----

export interface AppFiles {
  /** The file record at a URL path (decoded as express.static decoded it), or undefined. */
  file(pathname: string): FileRecord | undefined;
  /** False for the admin portal (its index.html says noindex): no page is drawn or given meta. */
  readonly indexable: boolean;
  /** The URL path of the prerendered template for a request path and a language, or null for index.html. */
  page(pathname: string, lang: string): string | null;
  /** Without `production`: reads the files again when a build has rewritten them. */
  refreshIfRebuilt(): void;
}

/**
 * The files of an app in memory, and its prerendered pages (dist/prerendered, written by
 * <app>/scripts/prerender.mjs): routes.json maps each route to its file per language
 * ({ "/about": { "en": "about.html", "hi": "hi/about.html" } }; a plain file name, from an older
 * build, is English only). They show the date of the day they were made (calendar, footer), so once
 * expired they are made again in the background (a few seconds) while index.html is served; the files
 * are then read again. Without `production`, the files are also read again when the build rewrites
 * index.html or routes.json (checked at most twice a second).
 */
export function appFiles(distDir: string, { production, onReload, log }: { production: boolean; onReload: () => void; log: (m: string) => void }): AppFiles {
  const script = path.join(distDir, '..', 'scripts', 'prerender.mjs');
  const watched = [path.join(distDir, 'index.html'), path.join(distDir, 'prerendered', 'routes.json')];
  const retryAfterFailureMs = 10 * 60_000;
  const state = {
    files: new Map<string, FileRecord>(),
    matchers: null as { regex: RegExp; files: Record<string, string> }[] | null,
    expiresAt: 0,
    indexable: true,
    stamp: '',
  };
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
      log(`reading ${distDir} failed (${(error as Error).message}); serving the files read before`);
      return;
    }
    state.stamp = stamp;
    const index = state.files.get('/index.html');
    state.indexable = !index || !/<meta name="robots" content="[^"]*noindex/.test(textOf(index));
    state.matchers = null;
    try {
      const routesFile = state.files.get('/prerendered/routes.json');
      if (!routesFile) throw new Error('no routes');
      const table = JSON.parse(textOf(routesFile)) as { expires: string; routes: Record<string, string | Record<string, string>> };
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
