import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import type { Clock } from '../common/clock';

/** One serialized public answer: the JSON, its gzip (made on first use), its ETag and the security headers it was sent with. */
export interface SharedEntry {
  body: Buffer;
  gzip?: Buffer;
  etag: string;
  headers: Record<string, string>;
  expires: number;
}

/** Headers that depend on the request, not on the answer: never replayed. */
const PER_REQUEST = new Set(['x-request-id', 'content-length', 'content-type', 'etag', 'vary', 'content-encoding', 'date', 'x-sql-statements', 'server-timing']);

export const acceptsGzip = (req: IncomingMessage) => /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));

/** The gzip of an answer, compressed once when a client first accepts it (a busted key may never need it). */
export function gzipOf(entry: SharedEntry): Buffer {
  entry.gzip ??= gzipSync(entry.body);
  return entry.gzip;
}

/** What an entry is counted as: its JSON and room for its gzip (JSON compresses to well under a quarter). */
const sizeOf = (body: Buffer) => body.length + (body.length >> 2);

/**
 * Answers that every signed-out visitor shares (the public event lists) are serialized, hashed and
 * gzipped once, then replayed until the data changes (the owner calls invalidate()) or a few seconds
 * pass (bounding what another API replica's write can leave stale here). A repeat request without a
 * token or an Origin header is answered before Express runs at all; everything else goes through Express.
 */
export class SharedResponses {
  private readonly entries = new Map<string, SharedEntry>();
  private generation = 0;
  /** Bytes held (plain + gzip), bounded by maxBytes so cache-busting URLs cannot grow the process. */
  private bytes = 0;

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 1_000,
    private readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  /** The current generation: an answer built while it changed (a write landed) must not be kept. */
  get currentGeneration(): number {
    return this.generation;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry.body);
  }

  live(key: string): SharedEntry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expires > this.clock.now().getTime()) return entry;
    if (entry) this.drop(key);
    return undefined;
  }

  /** Keeps a serialized answer (with its ETag); keeps it when no write happened since `generation`. */
  keep(key: string, body: Buffer, headers: Record<string, string>, generation: number): SharedEntry {
    const entry: SharedEntry = {
      body,
      etag: `"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64url')}"`,
      headers,
      expires: this.clock.now().getTime() + this.ttlMs,
    };
    const size = sizeOf(body);
    if (generation === this.generation && size <= this.maxBytes / 4) {
      this.drop(key);
      while (this.entries.size && (this.entries.size >= this.maxEntries || this.bytes + size > this.maxBytes)) this.drop(this.entries.keys().next().value as string);
      this.entries.set(key, entry);
      this.bytes += size;
    }
    return entry;
  }

  /** Sends the shared answer for `key` through Express, building and keeping it on a miss. */
  async send(req: Request, res: Response, key: string, build: () => Promise<unknown>): Promise<void> {
    let entry = this.live(key);
    if (!entry) {
      const generation = this.generation;
      const body = Buffer.from(JSON.stringify(await build()));
      // A write that landed while building makes this answer suspect: send it, but do not keep it.
      entry = this.keep(key, body, replayableHeaders(res), generation);
    }
    writeEntry(req, res, entry);
  }

  /**
   * Wraps the Express app: a signed-out, same-origin GET whose answer is already shared is written
   * straight from memory. `keyOf` maps a request to its cache key, or null when it is not cacheable.
   */
  fastPath(app: RequestListener, keyOf: (req: IncomingMessage) => string | null): RequestListener {
    return (req, res) => {
      if (req.method === 'GET' && !req.headers.authorization && !req.headers.origin) {
        const key = keyOf(req);
        const entry = key ? this.live(key) : undefined;
        if (entry) {
          const incoming = req.headers['x-request-id'];
          res.setHeader('X-Request-Id', typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID());
          writeEntry(req, res, entry);
          return;
        }
      }
      app(req, res);
    };
  }
}

/** The response headers worth replaying: not the per-request ones, not CORS (it depends on the Origin). */
export function replayableHeaders(res: Pick<ServerResponse, 'getHeaders'>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (!PER_REQUEST.has(name) && !name.startsWith('access-control-') && value !== undefined) headers[name] = String(value);
  }
  return headers;
}

function writeEntry(req: IncomingMessage, res: ServerResponse, entry: SharedEntry): void {
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
  res.setHeader('ETag', entry.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', 'no-cache');
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const gzip = acceptsGzip(req);
  const payload = gzip ? gzipOf(entry) : entry.body;
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', payload.length);
  res.end(payload);
}
