// The bytes scripts/serve-site.mjs sends, kept in memory: each file of a built app (dist/) and each
// final page, as a Representation with its identity, brotli and gzip bodies, an ETag per encoding and
// the complete response headers of each, made once. Serving one is a lookup, a comparison of
// If-None-Match and a write.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { compressBest, compressFast, contentTypeOf, ENCODINGS, filesUnder, isCompressible, MIN_COMPRESS_BYTES } from './precompress.mjs';

// ---- Content negotiation and validators ----

const ORDER = ['br', 'gzip', 'identity'];

/** br, gzip or identity for an Accept-Encoding header: the highest q-value, br before gzip before identity on a tie. */
export function negotiateEncoding(header) {
  if (!header) return 'identity';
  const q = {};
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
  let best = 'identity';
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
const negotiated = new Map();
export function chooseEncoding(header) {
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
export function etagMatches(header, etag) {
  if (header === etag || header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

const hashOf = (buf) => createHash('sha1').update(buf).digest('base64url').slice(0, 22);

// ---- Representations ----

/** How often a compressed form made with the fast settings is asked for before the best ones replace it. */
const UPGRADE_AFTER_HITS = 2;

/**
 * One resource in all its encodings. `compressible`: whether its type gains from compression; `headers`:
 * a flat [name, value, ...] list sent with every answer (security headers, Cache-Control); `vary`: what
 * else the resource depends on (e.g. 'Cookie');
 * `prebuilt`: { br, gzip } bodies made at build time; `lastModified`: the file's mtime (ms), also
 * answered to If-Modified-Since; `ranges`: answer single byte ranges of the identity body.
 * Compressed forms that the build did not make are made on first use with fast settings, and again
 * with the best ones (off the main thread) once asked for UPGRADE_AFTER_HITS times. The identity ETag is
 * strong; a compressed form's is weak and derived from it (`W/"<hash>-br"`), so it survives that upgrade.
 */
export class Representation {
  constructor(body, { headers, contentType, vary, compressible = false, prebuilt = {}, lastModified, ranges = false }) {
    this.body = body;
    this.headers = headers;
    this.contentType = contentType;
    this.compressible = compressible && body.length >= MIN_COMPRESS_BYTES;
    this.vary = this.compressible ? (vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding') : vary;
    this.lastModifiedMs = lastModified === undefined ? undefined : Math.floor(lastModified / 1000) * 1000;
    this.lastModified = lastModified === undefined ? undefined : new Date(lastModified).toUTCString();
    this.ranges = ranges;
    this.hash = hashOf(body);
    this.identity = this.#variant('identity', body, true);
    this.encoded = {};
    for (const encoding of Object.keys(ENCODINGS)) {
      const built = prebuilt[encoding];
      if (this.compressible && built && built.length < body.length) this.encoded[encoding] = this.#variant(encoding, built, true);
    }
  }

  #variant(encoding, body, best) {
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
  variant(encoding) {
    if (encoding === 'identity' || !this.compressible) return this.identity;
    let v = this.encoded[encoding];
    if (v === undefined) {
      const out = compressFast(this.body, encoding);
      v = this.encoded[encoding] = out.length < this.body.length ? this.#variant(encoding, out, false) : null;
    }
    if (v === null) return this.identity;
    if (!v.best && ++v.hits === UPGRADE_AFTER_HITS) this.#upgrade(v);
    return v;
  }

  #upgrade(current) {
    compressBest(this.body, current.encoding).then(
      (out) => {
        if (out.length < current.body.length) this.encoded[current.encoding] = this.#variant(current.encoding, out, true);
        else current.best = true;
      },
      () => {
        current.best = true;
      },
    );
  }
}

const notModifiedSince = (header, lastModifiedMs) => {
  if (header === undefined || lastModifiedMs === undefined) return false;
  const since = Date.parse(header);
  return !Number.isNaN(since) && lastModifiedMs <= since;
};

/** Sends `rep` for a GET or HEAD: 304 when the client has it, 206 for a byte range, else 200. */
export function sendRepresentation(req, res, rep, status = 200) {
  const v = rep.compressible ? rep.variant(chooseEncoding(req.headers['accept-encoding'])) : rep.identity;
  if (status !== 200) {
    // A page that says what is missing (an unknown event): no 304 or ranges.
    res.writeHead(status, v.head200);
    res.end(req.method === 'HEAD' ? undefined : v.body);
    return;
  }
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined ? etagMatches(ifNoneMatch, v.etag) : notModifiedSince(req.headers['if-modified-since'], rep.lastModifiedMs)) {
    res.writeHead(304, v.head304);
    res.end();
    return;
  }
  if (rep.ranges && req.headers.range !== undefined && req.method === 'GET' && sendRange(req, res, rep)) return;
  res.writeHead(200, v.head200);
  res.end(req.method === 'HEAD' ? undefined : v.body);
}

/** One range of the identity body (`bytes=a-b`, `a-`, `-n`); false to send the whole body instead. */
function sendRange(req, res, rep) {
  const m = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range.trim());
  if (!m || (m[1] === '' && m[2] === '')) return false;
  const ifRange = req.headers['if-range'];
  if (ifRange !== undefined && ifRange !== rep.identity.etag && ifRange !== rep.lastModified) return false;
  const size = rep.body.length;
  let start;
  let end;
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

/**
 * Every file of `distDir` (dot-folders such as .vite/ and dot-files excluded, as express.static did),
 * keyed by its URL path ('/assets/index-abc.js'), with its bytes, mtime and the .br/.gz the build wrote
 * beside it when they are at least as new as it (those are not files of their own). Records of
 * `previous` whose file has the same size and mtime are reused, with what they hold.
 */
export function readSiteFiles(distDir, previous = new Map()) {
  const rels = filesUnder(distDir);
  const present = new Set(rels);
  const files = new Map();
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
    const prebuilt = {};
    for (const [encoding, s] of Object.entries(ENCODINGS)) {
      if (!present.has(rel + s)) continue;
      try {
        if (statSync(file + s).mtimeMs >= stat.mtimeMs) prebuilt[encoding] = readFileSync(file + s);
      } catch {
        // removed since listed
      }
    }
    let body;
    try {
      body = readFileSync(file);
    } catch {
      continue;
    }
    files.set(urlPath, { urlPath, body, size: stat.size, mtimeMs: stat.mtimeMs, prebuilt, contentType: contentTypeOf(rel), compressible: isCompressible(rel), text: undefined, rep: undefined });
  }
  return files;
}

/** The text of a file record (decoded once). */
export const textOf = (record) => (record.text ??= record.body.toString('utf8'));
