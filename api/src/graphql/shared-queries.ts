import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { Kind, parse, type DocumentNode } from 'graphql';
import { carryRequestContext } from '../db/statement-counter';
import { acceptsGzip, gzipOf, replayableHeaders, type SharedEntry, type SharedResponses } from '../rest/shared-responses';

/** Root fields whose answer is the same for every signed-out visitor (isRegistered is false for them). */
const PUBLIC_EVENT_FIELDS = new Set(['events', 'event', 'eventCountsByDay', '__typename']);
const MAX_BODY = 16 * 1024;
const PRE_READ_ERROR = Symbol('preReadBodyError');

type PreReadRequest = IncomingMessage & { body?: unknown; [PRE_READ_ERROR]?: Error };

/**
 * Whether a query document reads only public event fields: one query operation, no fragments, and
 * every root field one of PUBLIC_EVENT_FIELDS. Decided once per distinct query text.
 */
export function readsOnlyPublicEvents(document: DocumentNode): boolean {
  if (document.definitions.length !== 1) return false;
  const [op] = document.definitions;
  if (op.kind !== Kind.OPERATION_DEFINITION || op.operation !== 'query') return false;
  return op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && PUBLIC_EVENT_FIELDS.has(s.name.value));
}

/**
 * Signed-out GraphQL reads of the public event lists, shared like the REST lists (rest/shared-responses.ts):
 * a POST /graphql without Authorization whose body was answered before (200, no errors) is replayed from
 * memory before Express and Apollo run, until an event write invalidates the cache or its TTL passes.
 * A first request goes through the whole pipeline (limits, validation, resolvers) and its answer is kept.
 *
 * The body of a candidate request (JSON, at most 16 KB) is read here; what is not replayed is handed on
 * with `req.body` set, as express.json would have set it (a malformed body is turned into the same
 * error by `preReadBodyError`, mounted before express.json).
 */
export function sharedQueriesFastPath(
  shared: SharedResponses,
  options: { today: () => string; origins: string[] },
  next: RequestListener,
): RequestListener {
  const verdicts = new Map<string, boolean>();
  const verdict = (query: string): boolean => {
    let ok = verdicts.get(query);
    if (ok === undefined) {
      try {
        ok = readsOnlyPublicEvents(parse(query, { maxTokens: 2_000 }));
      } catch {
        ok = false;
      }
      if (verdicts.size >= 200) verdicts.delete(verdicts.keys().next().value as string);
      verdicts.set(query, ok);
    }
    return ok;
  };

  return (req, res) => {
    const length = Number(req.headers['content-length']);
    if (
      req.method !== 'POST' ||
      req.url !== '/graphql' ||
      req.headers.authorization ||
      !/^application\/json\s*(;|$)/i.test(String(req.headers['content-type'] ?? '')) ||
      !(length > 0 && length <= MAX_BODY) ||
      req.headers['transfer-encoding'] ||
      (req.headers['content-encoding'] && req.headers['content-encoding'] !== 'identity')
    ) {
      next(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.once('error', () => res.destroy());
    // The statement counter (when on) keeps counting this request past the body read.
    req.once('end', carryRequestContext(() => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const pre = req as PreReadRequest;
      if (body === null || typeof body !== 'object') {
        pre[PRE_READ_ERROR] = Object.assign(new SyntaxError('Malformed JSON body'), { status: 400, statusCode: 400, expose: true, type: 'entity.parse.failed' });
        next(req, res);
        return;
      }
      pre.body = body;
      const query = (body as { query?: unknown }).query;
      if (typeof query !== 'string' || !verdict(query)) {
        next(req, res);
        return;
      }
      const key = `gql|${options.today()}|${raw}`;
      const entry = shared.live(key);
      if (entry) {
        replay(req, res, entry, options.origins);
        return;
      }
      // This one answer goes out uncompressed, so that the bytes kept are the plain JSON (gzipped once, when first asked for).
      delete req.headers['accept-encoding'];
      const generation = shared.currentGeneration;
      capture(res, (bytes) => shared.keep(key, bytes, replayableHeaders(res), generation));
      next(req, res);
    }));
  };
}

/** Collects what the normal pipeline writes, and keeps it when it is a plain successful answer. */
function capture(res: ServerResponse, keep: (bytes: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const add = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
  };
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    add(chunk, encoding);
    return (write as (...a: unknown[]) => boolean)(chunk, encoding, cb);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    add(chunk, encoding);
    const bytes = Buffer.concat(chunks);
    const result = (end as (...a: unknown[]) => ServerResponse)(chunk, encoding, cb);
    if (isCacheable(res, bytes)) keep(bytes);
    return result;
  }) as typeof res.end;
}

function isCacheable(res: ServerResponse, bytes: Buffer): boolean {
  if (res.statusCode !== 200 || res.getHeader('content-encoding')) return false;
  try {
    const answer = JSON.parse(bytes.toString('utf8'));
    return !answer.errors && !!answer.data;
  } catch {
    return false;
  }
}

function replay(req: IncomingMessage, res: ServerResponse, entry: SharedEntry, origins: string[]): void {
  const incoming = req.headers['x-request-id'];
  res.setHeader('X-Request-Id', typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID());
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
  // What the cors middleware answers for a simple request: the origin itself when it is allowed.
  const origin = req.headers.origin;
  if (origin && origins.includes(origin)) res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin, Accept-Encoding');
  const gzip = acceptsGzip(req);
  const payload = gzip ? gzipOf(entry) : entry.body;
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', payload.length);
  res.end(payload);
}

/** Mounted before express.json on /graphql: a body the fast path read and could not parse fails as express.json would. */
export const preReadBodyError: RequestHandler = (req, _res, next) => {
  next((req as unknown as PreReadRequest)[PRE_READ_ERROR]);
};
