import { AsyncResource } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import { Kind, parse, type DocumentNode } from 'graphql';
import type { Clock } from '../common/clock';
import { topics, type Topic } from '../db/change-feed';
import { requestLanguage, type Language } from '../i18n/languages';
import { labelRoute } from './observe';
import { assignRequestId } from './request-id';

/**
 * The one cache of public reads. Answers that every signed-out visitor shares (the event lists, an
 * event, the calendar counts, the team) are serialized, hashed and gzipped once and replayed, over
 * REST and GraphQL alike, until a committed write touching one of their topics drops them (in every
 * API process: see db/change-feed.ts) or, as a last resort, their time runs out.
 *
 *   request ──► frontDoor ── hit ──► replay (ETag/304, gzip, CORS and request id added per request)
 *                  │ miss: a slot (key, topics, ticket) rides on the request
 *                  ├── REST ──► Express router ──► respond(): keep + replay
 *                  └── GraphQL ──► Apollo (executeOperation) ──► keep + replay
 *
 * Requests with a person's token are never served from here: their answers depend on who asks. An API
 * key has no person, so its answer is the signed-out one: once the key gate (api-keys/keyed-reads.ts)
 * has checked the key (revocation, scope, its rate limit) on this request, it is served like a visitor's.
 */

/** How a request is cached: its key and the topics whose writes make it stale. */
export interface CacheTarget {
  key: string;
  topics: Topic[];
  /** A REST read's route pattern (the metrics' label of answers given here). */
  route?: string;
  /** What the answer runs, for the key gate's scope check: `GET /api/events`, `Query.events`. */
  operations: string[];
}

/**
 * Checks the API key a request presents for the operations of a shared read: true when the key may
 * read it, and the request is then served as a signed-out one; false (or a rejection) when it may not,
 * and the request takes the usual way, which answers 401/403/429 in its own words.
 */
export type KeyGate = (req: IncomingMessage, operations: string[]) => Promise<boolean>;

/** A target in the request's language: answers differ by language, so each has its own entry. */
interface LanguageTarget extends CacheTarget {
  lang: Language;
}

function inLanguage(target: CacheTarget | null, req: IncomingMessage): LanguageTarget | null {
  if (!target) return null;
  const lang = requestLanguage(req);
  return { ...target, key: `${target.key}|${lang}`, lang };
}

interface Slot extends LanguageTarget {
  /** The cache's sequence when the answer started to be built: a write committed since then makes it unkeepable. */
  ticket: number;
  /** Hands the answer (or nothing, when it was not a keepable one) to the requests waiting on this build. */
  settle: (entry?: Entry) => void;
}

/** An answer being built, that requests for the same key arriving meanwhile wait for instead of building it again. */
interface Build {
  slot: Slot;
  done: Promise<Entry | undefined>;
}

interface Entry {
  body: Buffer;
  gzip?: Buffer;
  etag: string;
  headers: Record<string, string>;
  topics: Topic[];
  lang: Language;
  expires: number;
  size: number;
}

/** What running a GraphQL request yields, for the front door to write and maybe keep. */
export interface GraphQLAnswer {
  status: number;
  json: string;
  /** 200 with data and no errors. */
  cacheable: boolean;
}

export interface PublicCacheOptions {
  clock: Clock;
  /** India's date: answers say whether an event is upcoming, so a new day is a new key. */
  today: () => string;
  /** Origins allowed by CORS; the header is added per request, never replayed. */
  corsOrigins: string[];
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** Lets requests with an API key (gjk_…) read shared answers; without it every Authorization header bypasses the cache. */
  keyGate?: KeyGate;
}

/** Headers that depend on the request, not on the answer: never replayed. */
const PER_REQUEST = new Set(['x-request-id', 'content-length', 'content-type', 'etag', 'vary', 'content-encoding', 'date', 'x-sql-statements', 'server-timing', 'connection', 'cache-control']);
const SLOT = Symbol('publicCacheSlot');
const PRE_READ_ERROR = Symbol('preReadBodyError');
const MAX_GRAPHQL_BODY = 16 * 1024;

type CarryingRequest = IncomingMessage & { [SLOT]?: Slot; [PRE_READ_ERROR]?: Error; body?: unknown };

/** The REST reads that are the same for every signed-out visitor, with the query parameters their answer depends on. */
const REST_READS: { path: RegExp; route: string; params: string[]; topics: (m: RegExpMatchArray) => Topic[] }[] = [
  // Each answer must not depend on an API key either (a key has no person): the key gate serves keys these.
  { path: /^\/api\/events$/, route: '/api/events', params: ['when', 'type', 'filter', 'month', 'year', 'category', 'search', 'missingLanguage', 'offset', 'limit'], topics: () => [topics.events] },
  { path: /^\/api\/events\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, route: '/api/events/:id', params: [], topics: (m) => [topics.event(m[1])] },
  { path: /^\/api\/team$/, route: '/api/team', params: [], topics: () => [topics.team] },
];

/** GraphQL root fields whose answer is the same for every signed-out visitor (and API key: the key gate serves keys these), and what they read. */
const GRAPHQL_READS: Record<string, Topic[]> = {
  events: [topics.events],
  event: [topics.events],
  eventCountsByDay: [topics.events],
  teamMembers: [topics.team],
  __typename: [],
};

export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byTopic = new Map<Topic, Set<string>>();
  private bytes = 0;
  private seq = 0;
  private readonly topicSeq = new Map<Topic, number>();
  private clearedAt = 0;
  private enabled = true;
  private readonly verdicts = new Map<string, PublicRead | null>();
  private readonly restTargets = new Map<string, CacheTarget | null>();
  private readonly building = new Map<string, Build>();
  /** hits: replayed; joined: waited for a build already under way; misses: built. */
  readonly counts = { hits: 0, joined: 0, misses: 0, invalidations: 0 };
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(private readonly options: PublicCacheOptions) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.maxEntries = options.maxEntries ?? 1_000;
    this.maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
  }

  // ---------- key scheme ----------

  /** A signed-out REST read's key: the path and only the parameters its answer depends on, so cache-busting parameters share one entry. */
  restTarget(url: string): CacheTarget | null {
    // Worked out once per URL and day: this runs on every public GET, hit or miss.
    const memoKey = `${this.options.today()}|${url}`;
    let target = this.restTargets.get(memoKey);
    if (target === undefined) {
      target = this.parseRestTarget(url, this.options.today());
      if (this.restTargets.size >= 1_000) this.restTargets.delete(this.restTargets.keys().next().value as string);
      this.restTargets.set(memoKey, target);
    }
    return target;
  }

  private parseRestTarget(url: string, today: string): CacheTarget | null {
    const [pathname, search = ''] = url.split('?', 2);
    for (const read of REST_READS) {
      const match = pathname.match(read.path);
      if (!match) continue;
      const query = new URLSearchParams(search);
      const kept = read.params.flatMap((name) => query.getAll(name).map((value) => `${name}=${encodeURIComponent(value)}`));
      return { key: `rest|${today}|${pathname.toLowerCase()}?${kept.join('&')}`, topics: read.topics(match), route: read.route, operations: [`GET ${read.route}`] };
    }
    return null;
  }

  /**
   * A signed-out GraphQL read's key, when the document reads only public fields: the request body as
   * sent (query, operation name and variables; clients send the same bytes for the same read).
   */
  graphqlTarget(body: { query?: unknown }, raw: string): CacheTarget | null {
    if (typeof body.query !== 'string') return null;
    const read = this.verdict(body.query);
    return read ? { key: `gql|${this.options.today()}|${raw}`, topics: read.topics, operations: read.operations } : null;
  }

  /** What a query document reads, or null when it is not one public query (decided once per query text). */
  private verdict(query: string): PublicRead | null {
    let read = this.verdicts.get(query);
    if (read === undefined) {
      try {
        read = publicRead(parse(query, { maxTokens: 2_000 }));
      } catch {
        read = null;
      }
      if (this.verdicts.size >= 200) this.verdicts.delete(this.verdicts.keys().next().value as string);
      this.verdicts.set(query, read);
    }
    return read;
  }

  // ---------- store ----------

  /** Drops every answer tagged with one of the topics ('all': everything). */
  invalidate(changed: Topic[] | 'all'): void {
    this.seq++;
    this.counts.invalidations++;
    if (changed === 'all') {
      this.clearedAt = this.seq;
      this.entries.clear();
      this.byTopic.clear();
      this.topicSeq.clear();
      this.bytes = 0;
      return;
    }
    for (const topic of changed) {
      this.topicSeq.set(topic, this.seq);
      for (const key of this.byTopic.get(topic) ?? []) this.drop(key);
    }
    // Per-topic marks only matter to answers being built right now; forget old ones wholesale.
    if (this.topicSeq.size > 10_000) {
      this.topicSeq.clear();
      this.clearedAt = this.seq;
    }
  }

  /** While writes elsewhere may go unheard (the change feed's connection is down), nothing is kept. */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    if (!enabled) this.invalidate('all');
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expires > this.options.clock.now().getTime()) return entry;
    if (entry) this.drop(key);
    return undefined;
  }

  private keepable(slot: Slot): boolean {
    return this.enabled && this.clearedAt <= slot.ticket && slot.topics.every((t) => (this.topicSeq.get(t) ?? 0) <= slot.ticket);
  }

  private keep(slot: Slot, body: Buffer, headers: Record<string, string>): Entry {
    const size = body.length + (body.length >> 2); // room for its gzip, made on first use
    const entry: Entry = {
      body,
      etag: `"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64url')}"`,
      headers,
      topics: slot.topics,
      lang: slot.lang,
      expires: this.options.clock.now().getTime() + this.ttlMs,
      size,
    };
    // Requests that joined this build arrived before any write that makes it suspect: it is theirs either way.
    slot.settle(entry);
    // A write committed while this answer was built makes it suspect: send it, but do not keep it.
    if (!this.keepable(slot) || size > this.maxBytes / 4) return entry;
    this.drop(slot.key);
    while (this.entries.size && (this.entries.size >= this.maxEntries || this.bytes + size > this.maxBytes)) this.drop(this.entries.keys().next().value as string);
    this.entries.set(slot.key, entry);
    this.bytes += size;
    for (const topic of entry.topics) {
      let keys = this.byTopic.get(topic);
      if (!keys) this.byTopic.set(topic, (keys = new Set()));
      keys.add(slot.key);
    }
    return entry;
  }

  /** A miss: this request builds the answer; others for the same key may wait for it (see join). */
  private startBuild(target: LanguageTarget, res: ServerResponse): Slot {
    this.counts.misses++;
    let settle!: (entry?: Entry) => void;
    const done = new Promise<Entry | undefined>((resolve) => (settle = resolve));
    const slot: Slot = { ...target, ticket: this.seq, settle: () => undefined };
    const build: Build = { slot, done };
    slot.settle = (entry) => {
      if (this.building.get(slot.key) === build) this.building.delete(slot.key);
      settle(entry);
    };
    this.building.set(slot.key, build);
    // An answer that ends any other way (an error, a 404, a dropped connection) leaves the waiters to build their own.
    res.once('close', () => slot.settle());
    return slot;
  }

  /**
   * Waits for a build of the same key already under way, when no write to its topics has committed since
   * it began (so its answer is as fresh as a kept one would be): under load, a change costs one rebuild,
   * not one per waiting request. False when there is none to join.
   */
  private join(key: string, req: IncomingMessage, res: ServerResponse, next: RequestListener): boolean {
    const build = this.building.get(key);
    if (!build || !this.keepable(build.slot)) return false;
    this.counts.joined++;
    void build.done.then((entry) => {
      if (entry) this.replay(req, res, entry);
      else next(req, res);
    });
    return true;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
    for (const topic of entry.topics) {
      const keys = this.byTopic.get(topic);
      keys?.delete(key);
      if (keys && !keys.size) this.byTopic.delete(topic);
    }
  }

  // ---------- transport ----------

  /**
   * The front of the HTTP server: replays a shared answer before Express runs, or marks the request
   * with its slot so that the answer built on a miss is kept. `graphql` runs a public query through
   * Apollo (limits, validation, resolvers) and `security` adds the headers every answer carries.
   */
  frontDoor(next: RequestListener, graphql: (req: IncomingMessage, body: Record<string, unknown>, requestId: string) => Promise<GraphQLAnswer>, security: (req: IncomingMessage, res: ServerResponse) => void): RequestListener {
    return (req, res) => {
      const authorization = req.headers.authorization;
      if (authorization && !(this.options.keyGate && isApiKeyHeader(authorization))) return next(req, res);
      if (req.method === 'GET') {
        const target = inLanguage(this.restTarget(req.url ?? ''), req);
        if (!target) return next(req, res);
        if (target.route) labelRoute(req, target.route);
        return this.admit(req, res, target, next, () => {
          const entry = this.live(target.key);
          if (entry) return this.hit(req, res, entry);
          if (this.join(target.key, req, res, next)) return;
          (req as CarryingRequest)[SLOT] = this.startBuild(target, res);
          next(req, res);
        });
      }
      if (!isSmallJsonPost(req, '/graphql')) return next(req, res);
      readJson(req, res, (body, raw) => {
        if (body === null || typeof body !== 'object') {
          (req as CarryingRequest)[PRE_READ_ERROR] = Object.assign(new SyntaxError('Malformed JSON body'), { status: 400, statusCode: 400, expose: true, type: 'entity.parse.failed' });
          return next(req, res);
        }
        (req as CarryingRequest).body = body;
        if (Array.isArray(body)) return next(req, res); // a batch: Apollo refuses it in its own words
        const target = inLanguage(this.graphqlTarget(body as Record<string, unknown>, raw), req);
        if (!target) return next(req, res);
        this.admit(req, res, target, next, () => this.serveGraphql(req, res, target, body as Record<string, unknown>, next, graphql, security));
      });
    };
  }

  /** Serves a signed-out request at once; one with an API key once the key gate lets it read this answer. */
  private admit(req: IncomingMessage, res: ServerResponse, target: LanguageTarget, next: RequestListener, serve: () => void): void {
    if (!req.headers.authorization) return serve();
    this.options.keyGate!(req, target.operations).then(
      (admitted) => (admitted ? serve() : next(req, res)),
      () => next(req, res),
    );
  }

  private serveGraphql(req: IncomingMessage, res: ServerResponse, target: LanguageTarget, body: Record<string, unknown>, next: RequestListener, graphql: (req: IncomingMessage, body: Record<string, unknown>, requestId: string) => Promise<GraphQLAnswer>, security: (req: IncomingMessage, res: ServerResponse) => void): void {
    const entry = this.live(target.key);
    if (entry) return this.hit(req, res, entry);
    if (this.join(target.key, req, res, next)) return;
    const slot = this.startBuild(target, res);
    const requestId = assignRequestId(req, res);
    security(req, res);
    graphql(req, body, requestId).then(
      (answer) => {
        if (answer.cacheable) return this.write(req, res, this.keep(slot, Buffer.from(answer.json), replayableHeaders(res)));
        slot.settle();
        res.statusCode = answer.status;
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        this.addCors(req, res);
        res.end(answer.json);
      },
      () => {
        slot.settle();
        // Apollo answers errors itself; this is only a failure of the machinery around it.
        res.statusCode = 500;
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }));
      },
    );
  }

  /**
   * For the REST router: when the front door marked this request as a public read, keeps the answer
   * and writes it (with ETag and gzip). False when the request is not one (the caller sends it as usual).
   */
  respond(req: IncomingMessage, res: ServerResponse, body: unknown): boolean {
    // Only the front door sets a slot: on a signed-out request, or one whose API key the gate admitted.
    const slot = (req as CarryingRequest)[SLOT];
    if (!slot) return false;
    this.write(req, res, this.keep(slot, Buffer.from(JSON.stringify(body)), replayableHeaders(res)));
    return true;
  }

  private hit(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
    this.counts.hits++;
    this.replay(req, res, entry);
  }

  private replay(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
    assignRequestId(req, res);
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    this.write(req, res, entry);
  }

  private write(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
    this.addCors(req, res);
    res.setHeader('ETag', entry.etag);
    res.setHeader('Vary', 'Origin, Accept-Encoding, Accept-Language');
    res.setHeader('Content-Language', entry.lang);
    res.setHeader('Cache-Control', 'no-cache');
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const payload = gzip ? (entry.gzip ??= gzipSync(entry.body)) : entry.body;
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', payload.length);
    res.end(payload);
  }

  /** What the cors middleware answers for a simple request: the origin itself when it is allowed. */
  private addCors(req: IncomingMessage, res: ServerResponse): void {
    const origin = req.headers.origin;
    if (origin && this.options.corsOrigins.includes(origin)) res.setHeader('Access-Control-Allow-Origin', origin);
  }
}

interface PublicRead {
  topics: Topic[];
  /** `Query.<root field>` for each root field (the key gate checks their scopes). */
  operations: string[];
}

/** What a document that is one query of public root fields only (no fragments) reads, else null. */
export function publicRead(document: DocumentNode): PublicRead | null {
  if (document.definitions.length !== 1) return null;
  const [op] = document.definitions;
  if (op.kind !== Kind.OPERATION_DEFINITION || op.operation !== 'query') return null;
  const read = new Set<Topic>();
  const operations = new Set<string>();
  for (const selection of op.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || !(selection.name.value in GRAPHQL_READS)) return null;
    for (const topic of GRAPHQL_READS[selection.name.value]) read.add(topic);
    operations.add(`Query.${selection.name.value}`);
  }
  return { topics: [...read], operations: [...operations] };
}

/** `Bearer gjk_…`: an API key, which the key gate may admit (a person's token never is). */
function isApiKeyHeader(authorization: string): boolean {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1];
  return !!token && token.startsWith('gjk_');
}

/** The response headers worth replaying: not the per-request ones, not CORS (it depends on the Origin). */
function replayableHeaders(res: ServerResponse): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (!PER_REQUEST.has(name) && !name.startsWith('access-control-') && value !== undefined) headers[name] = String(value);
  }
  return headers;
}

function isSmallJsonPost(req: IncomingMessage, url: string): boolean {
  const length = Number(req.headers['content-length']);
  return (
    req.method === 'POST' &&
    req.url === url &&
    /^application\/json\s*(;|$)/i.test(String(req.headers['content-type'] ?? '')) &&
    length > 0 &&
    length <= MAX_GRAPHQL_BODY &&
    !req.headers['transfer-encoding'] &&
    (!req.headers['content-encoding'] || req.headers['content-encoding'] === 'identity')
  );
}

/** Reads a small JSON body; calls back with what it parses to (undefined when it is not JSON). */
function readJson(req: IncomingMessage, res: ServerResponse, done: (body: unknown, raw: string) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.once('error', () => res.destroy());
  // The request's context (its id on log lines; the statement counter, when on) carries on past the body read.
  req.once(
    'end',
    AsyncResource.bind(() => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      done(body, raw);
    }),
  );
}

/**
 * Mounted before express.json on /graphql: the front door has already read the body of a small JSON
 * POST (express.json then leaves req.body as it is); one it could not parse fails as express.json would.
 */
export const bodyReadByFrontDoor: RequestHandler = (req, _res, next) => {
  next((req as unknown as CarryingRequest)[PRE_READ_ERROR]);
};
