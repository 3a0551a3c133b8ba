// npm run bench: seeds a large data set, starts the API on it, and measures the hot public reads, the admin
// dashboard, reads mixed with writes, and a plain node:http ceiling in one run (autocannon, 50 connections,
// after a warm-up each).
//
//   BENCH_DB=pglite|postgres   embedded database (default) or Postgres (also chosen by DATABASE_URL)
//   DATABASE_URL               Postgres URL (default for BENCH_DB=postgres: postgres://postgres@127.0.0.1:5432/gj_bench)
//   BENCH_SECONDS              seconds per measured run (default 10); BENCH_WARMUP seconds of warm-up (default 3)
//   BENCH_SKIP_SEED=1          keep the data already seeded
//   BENCH_EVENTS, BENCH_USERS, BENCH_REGISTRATIONS   data set size (10000, 100000, 300000)
//   BENCH_API_HEAP_MB          the API's --max-old-space-size (default 128, as in docker-compose.yml; 0 = Node's default)
//   BENCH_API_DIR              the api folder whose dist/ is seeded with and started (default: this repo's api/), so that
//                              a git worktree of another commit can be measured in the same session ("before and after");
//                              both builds use the same database (seeded again each run unless BENCH_SKIP_SEED): if their
//                              migrations differ, give each its own DATABASE_URL
//   BENCH_ONLY=site            only the site server's rows: no API build, no seeding, no API of its own (the site server
//                              then has no change feed, keeps no page drawn with data, and draws GET / without data)
//   BENCH_SITE_API             with BENCH_ONLY=site: an API already running (e.g. http://127.0.0.1:4000) for the site
//                              rows, so that the site server's change feed is up and pages are kept as in production
//   BENCH_ONLY=bigday          only the big day's rows (bigday.mjs: certificates, reminders, the registration opening);
//                              BENCH_BIGDAY=0 leaves them out of a full run
//   BENCH_SITE_DIST            the built public site the site server serves (default public-site/dist; build it with
//                              `npm run build -w public-site`); without it the site rows are left out of a full run
//   BENCH_SITE_ROUNDS          rounds of the site rows (default 3): the servers are measured in turn, each row is its median
//   BENCH_SITE_ACCEPT_ENCODING the site rows' Accept-Encoding (default 'gzip, br'; empty: none, the uncompressed page)
//   BENCH_SITE_BEFORE          another site server's entry (site-server/dist/main.js or an older scripts/serve-site.mjs) (e.g. a copy of an older commit's, beside a node_modules it can
//                              import from) measured on the same dist in the same run, against the same ceiling
//
// Site rows: site-server/dist/main.js (NODE_ENV=production) on the built public site, proxying to the API of the run, asked
// for GET / as a phone asks (Accept-Encoding: gzip, br), beside its own ceiling: a plain node:http server answering the
// bytes and headers of that answer (the brotli page, its security headers, ETag, ...), in its own process.
//
// Rows: the ceiling (same bytes as GET /api/events from plain node:http); the cached public reads; a miss row
// (a different offset each request: SQL + JSON every time); the admin dashboard; the impact report of the year
// before the anchor day (about 100,000 registrations, uncached: its one SQL statement every request); and the mixed row, where every
// WRITE_EVERY-th request (over all connections) is an admin retitling one of the first WRITTEN_EVENTS events of
// GET /api/events (so every write changes what the reads show), reported as two lines (reads, writes).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const env = process.env;
const apiDir = path.resolve(env.BENCH_API_DIR || path.join(root, 'api'));
// The API runs from its checkout's root, as `npm start` runs it there.
const apiRoot = path.dirname(apiDir);
const seconds = Number(env.BENCH_SECONDS || 10);
const warmup = Number(env.BENCH_WARMUP || 3);
const connections = 50;
const usePostgres = !!env.DATABASE_URL || env.BENCH_DB === 'postgres';
if (env.BENCH_DB && !['pglite', 'postgres'].includes(env.BENCH_DB)) throw new Error('BENCH_DB must be pglite or postgres');
const databaseUrl = usePostgres ? env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/gj_bench' : undefined;
const dataDir = path.join(here, '.data', usePostgres ? 'postgres' : 'pglite');
// The API's V8 old space, as docker-compose.yml sets it (0: Node's default, which grows to several hundred MB).
const apiHeapMb = Number(env.BENCH_API_HEAP_MB ?? 128);
const sizes = { events: Number(env.BENCH_EVENTS || 10_000), users: Number(env.BENCH_USERS || 100_000), registrations: Number(env.BENCH_REGISTRATIONS || 300_000) };
const indiaToday = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
/** A YYYY-MM-DD date `days` days later (earlier when negative). */
const shiftDate = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const log = (...a) => console.error('[bench]', ...a);
const children = [];
const cleanup = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function buildApiIfNeeded() {
  const main = path.join(apiDir, 'dist/main.js');
  if (existsSync(main) && existsSync(path.join(apiDir, 'dist/db/bench-seed.js')) && statSync(main).mtimeMs >= newestMtime(path.join(apiDir, 'src'))) return;
  log(`building the API (npm run build in ${apiDir})`);
  const r = spawnSync('npm', ['run', 'build'], { cwd: apiDir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('API build failed');
}

/** Which build is measured: its folder, commit, and whether its sources differ from that commit. */
function describeBuild() {
  const git = (...args) => spawnSync('git', ['-C', apiDir, ...args], { encoding: 'utf8' });
  const head = git('log', '-1', '--format=%h');
  if (head.status !== 0) return apiDir;
  const dirty = git('status', '--porcelain', '--', '.').stdout.trim() ? ' + uncommitted changes' : '';
  return `${apiDir} (commit ${head.stdout.trim()}${dirty})`;
}

async function ensurePostgresDatabase(url) {
  const { default: pg } = await import('pg');
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) {
    log(`creating database ${name}`);
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  }
  await client.end();
}

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

function apiEnv(port) {
  const e = {
    ...env,
    NODE_ENV: 'production',
    API_PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ADMIN_EMAIL: 'bench-admin@bench.example',
    ADMIN_PASSWORD: 'Bench-Admin-Password-1',
    BCRYPT_COST: '10',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    SQL_STATEMENT_HEADER: '1',
    PUBLIC_ORIGIN: 'http://localhost:3000',
    ADMIN_ORIGIN: 'http://localhost:3001',
  };
  if (databaseUrl) e.DATABASE_URL = databaseUrl;
  else delete e.DATABASE_URL;
  return e;
}

function seed() {
  const args = [path.join(apiDir, 'dist/db/bench-seed.js'), '--events', sizes.events, '--users', sizes.users, '--registrations', sizes.registrations, '--seed', 42, '--anchor', indiaToday].map(String);
  log(`seeding ${sizes.events} events, ${sizes.users} users, ${sizes.registrations} registrations (${usePostgres ? 'postgres' : 'pglite'})`);
  const r = spawnSync('node', args, { cwd: apiRoot, env: apiEnv(4999), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error('seeding failed');
  const out = JSON.parse(r.stdout.trim().split('\n').pop());
  log(`seeded in ${out.seconds.toFixed(1)} s`, JSON.stringify(out.checksum));
  return out;
}

async function startApi() {
  const port = await freePort();
  const child = spawn('node', [...(apiHeapMb ? [`--max-old-space-size=${apiHeapMb}`] : []), path.join(apiDir, 'dist/main.js')], {
    cwd: apiRoot,
    env: apiEnv(port),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 120_000) throw new Error('API did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`API ready on ${base} in ${((Date.now() - started) / 1000).toFixed(1)} s (pid ${child.pid})`);
  return { child, base, port };
}

/** One raw request as autocannon sends it (no Accept-Encoding). */
function request(base, { method = 'GET', path: p, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(base + p, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks), ms: Number(process.hrtime.bigint() - started) / 1e6 }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const rssOf = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const is2xx = (status) => status >= 200 && status < 300;
const statementsOf = (r) => Number(r.headers['x-sql-statements']);
const serverMsOf = (r) => Number(/app;dur=([\d.]+)/.exec(r.headers['server-timing'] ?? '')?.[1] ?? NaN);

function run(base, target, duration) {
  const opts = { url: base, connections, duration, method: target.method ?? 'GET', headers: target.headers ?? {}, body: target.body };
  const req = { method: opts.method, path: target.path, headers: opts.headers, body: target.body };
  if (target.vary) req.setupRequest = (r) => ({ ...r, path: target.vary() });
  opts.requests = [req];
  return autocannon(opts);
}

// ---- The mixed row: reads of GET /api/events with one write in every WRITE_EVERY requests ----

const WRITE_EVERY = 10;
const WRITTEN_EVENTS = 5;
/** The bench's titles are the seeded title plus this suffix (also stripped from a run that was cut short). */
const EDIT_SUFFIX = / \(edit \d{3}\)$/;
const editedTitle = (base, n) => `${base} (edit ${String(n % 1000).padStart(3, '0')})`;

/**
 * The writes retitle, in turn, the first WRITTEN_EVENTS events of GET /api/events: each one changes what
 * the reads show, and only those few rows are touched (their titles are put back afterwards).
 */
async function mixedWorkload(base, token) {
  const list = JSON.parse((await request(base, { path: '/api/events' })).body);
  const events = list.data.slice(0, WRITTEN_EVENTS).map((e) => ({ id: e._id, base: e.title.replace(EDIT_SUFFIX, '') }));
  if (!events.length) throw new Error('GET /api/events lists no event to write to');
  let n = 0;
  const put = (id, title) => ({
    method: 'PUT',
    path: `/api/events/${id}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ title }),
  });
  return {
    events,
    read: { method: 'GET', path: '/api/events', headers: {} },
    /** The next write: the next event in turn gets a new title. */
    nextWrite() {
      const e = events[n % events.length];
      return put(e.id, editedTitle(e.base, n++));
    },
    restore: (e) => put(e.id, e.base),
  };
}

/**
 * Single sequential requests: a write, the read right after it (what a write costs the next reader), and
 * that read repeated. Server ms are the median / max of the last 20 of 21; statements first → last.
 */
async function measureMixedSingles(base, mix) {
  const write = { ms: [], statements: [] };
  const read = { ms: [], statements: [] };
  let repeatRead;
  for (let i = 0; i < 21; i++) {
    const w = await request(base, mix.nextWrite());
    if (!is2xx(w.status)) throw new Error(`mixed row, write: ${w.status} ${w.body.toString().slice(0, 300)}`);
    const r = await request(base, mix.read);
    if (!is2xx(r.status)) throw new Error(`mixed row, read: ${r.status} ${r.body.toString().slice(0, 300)}`);
    repeatRead = await request(base, mix.read);
    write.ms.push(serverMsOf(w));
    write.statements.push(statementsOf(w));
    read.ms.push(serverMsOf(r));
    read.statements.push(statementsOf(r));
    write.bytes = w.body.length;
    read.bytes = r.body.length;
  }
  const summary = (s, repeat) => ({
    bytes: s.bytes,
    serverMs: `${median(s.ms.slice(1)).toFixed(1)} / ${Math.max(...s.ms.slice(1)).toFixed(1)}`,
    statements: `${s.statements[0]} → ${repeat}`,
  });
  return { read: summary(read, statementsOf(repeatRead)), write: summary(write, write.statements.at(-1)) };
}

/**
 * One autocannon run of the mix: every WRITE_EVERY-th request built (over all connections) is a write, so
 * the writes are spread over the connections instead of arriving in step. A request's kind is kept in its
 * autocannon context (one per connection, one request in flight): autocannon hands a response to
 * onResponse and then, synchronously, to the instance's 'response' event with its latency.
 */
async function runMixed(base, mix, duration) {
  const kind = () => ({ count: 0, non2xx: 0, latencies: [], sample: '' });
  const stats = { read: kind(), write: kind() };
  let built = 0;
  let answered = 'read';
  const mixed = {
    ...mix.read,
    setupRequest: (r, context) => {
      context.kind = ++built % WRITE_EVERY === 0 ? 'write' : 'read';
      return { ...r, ...(context.kind === 'write' ? mix.nextWrite() : mix.read) };
    },
    onResponse: (status, body, context) => {
      answered = context.kind;
      if (!is2xx(status) && !stats[answered].sample) stats[answered].sample = `${status} ${String(body).slice(0, 300)}`;
    },
  };
  const instance = autocannon({ url: base, connections, duration, requests: [mixed] });
  instance.on('response', (_client, status, _bytes, ms) => {
    const s = stats[answered];
    s.count++;
    if (!is2xx(status)) s.non2xx++;
    s.latencies.push(ms);
  });
  const r = await instance;
  for (const s of Object.values(stats)) s.latencies.sort((a, b) => a - b);
  return { r, stats };
}

/** Every written event must show its last bench title in the signed-out list (the writes changed what is read). */
async function assertWritesShown(base, mix) {
  const shown = new Map(JSON.parse((await request(base, { path: '/api/events' })).body).data.map((e) => [e._id, e.title]));
  const unseen = mix.events.filter((e) => !EDIT_SUFFIX.test(shown.get(e.id) ?? ''));
  if (unseen.length) throw new Error(`GET /api/events does not show the written titles of ${unseen.map((e) => e.id).join(', ')}`);
}

/** Puts the seeded titles back, so the data set stays the seeded one (BENCH_SKIP_SEED, checksums). */
async function restoreTitles(base, mix) {
  for (const e of mix.events) {
    const r = await request(base, mix.restore(e));
    if (!is2xx(r.status)) throw new Error(`restoring the title of ${e.id}: ${r.status} ${r.body.toString().slice(0, 300)}`);
  }
}

// ---- Report ----

function machine() {
  const cpus = os.cpus();
  return `${os.availableParallelism?.() ?? cpus.length} cores (nproc), ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}, ${os.type()} ${os.release()}`;
}

/** A table line from autocannon's own figures (a row with one kind of request). */
function plainRow(name, r, ceiling, t, mem, bytes) {
  return {
    name,
    bytes,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
    vsCeiling: ceiling ? `${((r.requests.average / ceiling) * 100).toFixed(1)}%` : '100.0%',
    serverMs: t ? `${t.serverMs.toFixed(1)} / ${t.serverMaxMs.toFixed(1)}` : '–',
    statements: t ? `${t.firstStatements} → ${t.repeatStatements}` : '–',
    mem: mem ? mem.rss.toFixed(0) : '–',
  };
}

/**
 * The mixed run as two lines, each kind's share of the requests per second and its own latencies and
 * non-2xx. Errors and timeouts carry no answer, so no kind: they are counted on the reads line.
 */
function mixedRows({ r, stats }, singles, ceiling, mem) {
  const total = stats.read.count + stats.write.count || 1;
  const line = (name, s, single, extraBad, withCeiling) => {
    const rps = (r.requests.average * s.count) / total;
    return {
      name,
      bytes: single.bytes,
      rps,
      p50: Math.round(percentile(s.latencies, 50)),
      p99: Math.round(percentile(s.latencies, 99)),
      bad: s.non2xx + extraBad,
      vsCeiling: withCeiling ? `${((rps / ceiling) * 100).toFixed(1)}%` : '–',
      serverMs: single.serverMs,
      statements: single.statements,
      mem: mem.rss.toFixed(0),
    };
  };
  return [
    line(`GET /api/events, mixed with 1 write in ${WRITE_EVERY} requests: the reads`, stats.read, singles.read, r.errors + r.timeouts, true),
    line(`PUT /api/events/{id} (admin, new title of one of the ${WRITTEN_EVENTS} first listed events): the writes of that mix`, stats.write, singles.write, 0, false),
  ];
}

function table(rows) {
  const lines = [
    '| target | body bytes | req/s | p50 ms | p99 ms | non-2xx / errors | vs ceiling | server ms, single request (median / max of 20) | SQL statements per request (first → repeat) | server RSS MB after the row (API or site server) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    lines.push(`| ${row.name} | ${row.bytes} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${row.bad} | ${row.vsCeiling} | ${row.serverMs} | ${row.statements} | ${row.mem} |`);
  }
  return lines;
}

let loadAtStart = '';

/** The API's rows (seeding, the API, its ceiling): the rows, the lines that describe them, and the running API. */
async function apiRows() {
  buildApiIfNeeded();
  const build = describeBuild();
  log(`API build: ${build}`);
  mkdirSync(dataDir, { recursive: true });
  if (databaseUrl) await ensurePostgresDatabase(databaseUrl);
  let seeded = null;
  if (env.BENCH_SKIP_SEED !== '1' && env.BENCH_SKIP_SEED !== 'true') seeded = seed();
  const api = await startApi();

  const login = await request(api.base, {
    method: 'POST',
    path: '/api/admin/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-admin@bench.example', password: 'Bench-Admin-Password-1' }),
  });
  const token = JSON.parse(login.body).token;
  if (!token) throw new Error(`admin login failed: ${login.status} ${login.body}`);
  const upcoming = JSON.parse((await request(api.base, { path: '/api/events?when=upcoming&limit=1' })).body);
  const eventId = upcoming.data?.[0]?._id;
  if (!eventId) throw new Error('no upcoming event in the data set');

  const gql = (query, auth) => ({
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
    body: JSON.stringify({ query }),
  });
  const reportYear = { from: shiftDate(indiaToday, -365), to: shiftDate(indiaToday, -1) };
  const eventsQuery = '{ events(filter:{when: UPCOMING}, limit: 20) { total items { id title date time location imageUrl registeredCount isFull isUpcoming } } }';
  const statsQuery =
    '{ dashboardStats { visitorCount totalUsers usersThisMonth usersThisYear activeUsers pendingUsers eventsTotal eventsUpcoming eventsActive eventsThisMonth eventsThisYear } }';
  // Deep offsets that do not repeat within ~offsets requests (7919 is prime): each one a page nobody asked for.
  // Only the known `offset` parameter varies, so the request is a miss whatever else the cache key ignores.
  const offsets = Math.max(sizes.events - 100, 1);
  let missCount = 0;
  const targets = [
    { name: 'GET /api/events', path: '/api/events' },
    {
      name: 'GET /api/events?offset=<different each request> (cache miss: SQL + JSON)',
      path: '/api/events?offset=1',
      vary: () => `/api/events?offset=${(++missCount * 7919) % offsets}`,
    },
    { name: 'GET /api/events/{id}', path: `/api/events/${eventId}` },
    { name: 'POST /graphql events (UPCOMING, 20)', ...gql(eventsQuery) },
    { name: 'POST /graphql dashboardStats (admin)', ...gql(statsQuery, token) },
    // The impact report of the year before the seed's anchor day: every event of it has happened, and a third of
    // the registrations (100,000 of the default 300,000) are in it, 7 in 10 checked in; a quarter of them answer the
    // "Teacher details" district and school questions, so its districts and schools mix answers and profiles (bench-seed.ts).
    { name: `GET /api/admin/reports/impact (admin, ${reportYear.from} to ${reportYear.to})`, path: `/api/admin/reports/impact?from=${reportYear.from}&to=${reportYear.to}`, headers: { authorization: `Bearer ${token}` } },
  ];

  // Statements on a first (cold: nothing asked for it yet in this API process) and a repeated request, and
  // the server time (Server-Timing) of 20 single sequential requests after the first.
  for (const t of targets) {
    const single = [];
    const statements = [];
    for (let i = 0; i < 21; i++) {
      const r = await request(api.base, { ...t, path: t.vary ? t.vary() : t.path });
      if (!is2xx(r.status)) throw new Error(`${t.name}: ${r.status} ${r.body.toString().slice(0, 300)}`);
      statements.push(statementsOf(r));
      single.push(serverMsOf(r));
    }
    t.firstStatements = statements[0];
    t.repeatStatements = statements[statements.length - 1];
    t.serverMs = median(single.slice(1));
    t.serverMaxMs = Math.max(...single.slice(1));
    t.bytes = (await request(api.base, { ...t, path: t.vary ? t.vary() : t.path })).body.length;
  }

  // The sample answer of GET /api/events is the ceiling's body (taken before any write changes a title).
  const sample = await request(api.base, { path: '/api/events' });
  const bodyFile = path.join(dataDir, 'ceiling-body.json');
  writeFileSync(bodyFile, sample.body);
  const ceilingProc = spawn('node', [path.join(here, 'ceiling.mjs'), bodyFile, sample.headers['content-type']], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(ceilingProc);
  const ceilingPort = await new Promise((resolve) => ceilingProc.stdout.once('data', (d) => resolve(Number(String(d).trim()))));
  const ceilingBase = `http://127.0.0.1:${ceilingPort}`;

  log('ceiling: warm-up');
  await run(ceilingBase, { path: '/' }, warmup);
  const ceilingRun = await run(ceilingBase, { path: '/' }, seconds);
  const ceiling = ceilingRun.requests.average;
  const rows = [plainRow('plain node:http, same bytes as GET /api/events (ceiling)', ceilingRun, 0, null, null, sample.body.length)];
  for (const t of targets) {
    log(`${t.name}: warm-up`);
    await run(api.base, t, warmup);
    const r = await run(api.base, t, seconds);
    rows.push(plainRow(t.name, r, ceiling, t, rssOf(api.child.pid), t.bytes));
  }

  // Last, as it changes titles (put back at the end, also when the row fails).
  const mix = await mixedWorkload(api.base, token);
  let mixed;
  try {
    const singles = await measureMixedSingles(api.base, mix);
    log(`GET /api/events with 1 write in ${WRITE_EVERY}: warm-up`);
    await runMixed(api.base, mix, warmup);
    mixed = await runMixed(api.base, mix, seconds);
    rows.push(...mixedRows(mixed, singles, ceiling, rssOf(api.child.pid)));
    await assertWritesShown(api.base, mix);
  } finally {
    await restoreTitles(api.base, mix);
  }
  for (const [k, s] of Object.entries(mixed.stats)) if (s.non2xx) log(`mixed row: ${s.non2xx} non-2xx ${k}s, e.g. ${s.sample}`);
  const mem = rssOf(api.child.pid);

  ceilingProc.kill('SIGTERM');
  const lines = [];
  lines.push(
    `Database: ${usePostgres ? 'Postgres' : 'PGlite (embedded)'}; ${seeded ? `${seeded.checksum.events} events, ${seeded.checksum.users} users, ${seeded.checksum.registrations} registrations` : 'existing data (BENCH_SKIP_SEED)'}; autocannon ${connections} connections, ${seconds} s per row after ${warmup} s warm-up, client on the same machine.`,
    '',
  );
  lines.push(
    `API: node ${apiHeapMb ? `--max-old-space-size=${apiHeapMb} ` : ''}dist/main.js of ${build}, NODE_ENV=production; resident memory after all runs ${mem.rss.toFixed(0)} MB (VmRSS; peak VmHWM ${mem.hwm.toFixed(0)} MB). Load average at the start: ${loadAtStart}.`,
  );
  lines.push(
    `Mixed row: ${mixed.stats.read.count} reads and ${mixed.stats.write.count} writes answered in ${mixed.r.duration.toFixed(1)} s (${mixed.stats.write.non2xx} writes not 2xx).`,
  );
  return {
    rows,
    lines,
    base: api.base,
    stop: async () => {
      api.child.kill('SIGTERM');
      await new Promise((r) => (api.child.exitCode !== null ? r() : api.child.once('exit', r)));
    },
  };
}

// ---- The site server: GET / of the public site, as a phone asks for it ----

const siteDist = path.resolve(env.BENCH_SITE_DIST || path.join(root, 'public-site/dist'));
// What a phone's browser sends (BENCH_SITE_ACCEPT_ENCODING= measures the uncompressed page instead).
const siteAcceptEncoding = env.BENCH_SITE_ACCEPT_ENCODING ?? 'gzip, br';
const PHONE = siteAcceptEncoding ? { 'accept-encoding': siteAcceptEncoding } : {};
/** Headers node:http writes itself (the ceiling's server writes them too). */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Starts `node <script> <dist> <port> <apiBase>` as `npm start` does, in production mode, and waits for GET /. */
async function startSite(script, apiBase) {
  const port = await freePort();
  const child = spawn('node', [script, siteDist, String(port), apiBase], {
    cwd: root,
    env: { ...env, NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://localhost:3000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await request(base, { path: '/' })).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 30_000) throw new Error(`${script} did not answer GET / within 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, stop: () => child.kill('SIGTERM') };
}

/**
 * The site rows: the ceiling (plain node:http answering the bytes and headers of the site server's GET /),
 * site-server/dist/main.js, and BENCH_SITE_BEFORE when given, all running at once and measured in turn, round
 * after round (BENCH_SITE_ROUNDS, default 3): each row is its median round, so that a neighbour's burst of CPU
 * lands on one round of each rather than on one row. `apiBase`: the API of the run (none with BENCH_ONLY=site).
 */
async function siteRows(apiBase = 'http://127.0.0.1:9') {
  const rounds = Math.max(1, Number(env.BENCH_SITE_ROUNDS || 3));
  const target = { path: '/', headers: PHONE };
  const site = await startSite(path.join(root, 'site-server/dist/main.js'), apiBase);
  log('site server GET /: warm-up');
  await run(site.base, target, warmup);
  // After the warm-up: the page's brotli form is the one made at the best settings.
  const sample = await request(site.base, target);
  if (sample.status !== 200) throw new Error(`site server GET /: ${sample.status}`);
  const encoding = sample.headers['content-encoding'] ?? 'identity';
  const headers = [];
  for (let i = 0; i < sample.rawHeaders.length; i += 2) {
    if (!TRANSPORT_HEADERS.has(sample.rawHeaders[i].toLowerCase())) headers.push(sample.rawHeaders[i], sample.rawHeaders[i + 1]);
  }
  const siteData = path.join(here, '.data');
  mkdirSync(siteData, { recursive: true });
  const bodyFile = path.join(siteData, 'site-ceiling-body');
  const headersFile = path.join(siteData, 'site-ceiling-headers.json');
  writeFileSync(bodyFile, sample.body);
  writeFileSync(headersFile, JSON.stringify(headers));
  const ceilingProc = spawn('node', [path.join(here, 'ceiling.mjs'), bodyFile, sample.headers['content-type'], headersFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(ceilingProc);
  const ceilingPort = await new Promise((resolve) => ceilingProc.stdout.once('data', (d) => resolve(Number(String(d).trim()))));
  const ceilingBase = `http://127.0.0.1:${ceilingPort}`;
  const check = await request(ceilingBase, target);
  if (!check.body.equals(sample.body)) throw new Error('the site ceiling does not answer the sampled bytes');
  log('site ceiling: warm-up');
  await run(ceilingBase, target, warmup);

  const servers = [
    { name: `plain node:http, same bytes and ${headers.length / 2} headers as the site server's GET / (site ceiling)`, base: ceilingBase, bytes: sample.body.length },
    { name: `site server (site-server/dist/main.js) GET /, Accept-Encoding: ${siteAcceptEncoding || '(none)'} → ${encoding}`, base: site.base, pid: site.child.pid, bytes: sample.body.length },
  ];
  let before = null;
  if (env.BENCH_SITE_BEFORE) {
    const script = path.resolve(env.BENCH_SITE_BEFORE);
    before = await startSite(script, apiBase);
    log(`${script} GET /: warm-up`);
    await run(before.base, target, warmup);
    const beforeSample = await request(before.base, target);
    servers.push({
      name: `before: ${script} GET /, Accept-Encoding: ${siteAcceptEncoding || '(none)'} → ${beforeSample.headers['content-encoding'] ?? 'identity'} (vs the same site ceiling)`,
      base: before.base,
      pid: before.child.pid,
      bytes: beforeSample.body.length,
    });
  }
  for (const s of servers) s.runs = [];
  for (let round = 1; round <= rounds; round++) {
    for (const s of servers) {
      log(`round ${round}/${rounds}: ${s.name}`);
      s.runs.push(await run(s.base, target, seconds));
    }
  }
  const medianRun = (runs) => [...runs].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(runs.length / 2)];
  const ceiling = medianRun(servers[0].runs).requests.average;
  const rows = servers.map((s, i) => ({
    ...plainRow(s.name, medianRun(s.runs), i === 0 ? 0 : ceiling, null, s.pid ? rssOf(s.pid) : null, s.bytes),
    rounds: s.runs.map((r) => Math.round(r.requests.average)),
  }));
  const lines = [
    `Site: node site-server/dist/main.js ${siteDist} (NODE_ENV=production, PUBLIC_ORIGIN=http://localhost:3000), proxying to ${apiBase}; GET / with Accept-Encoding: ${siteAcceptEncoding || '(none)'}; ${rounds} round${rounds === 1 ? '' : 's'} of ${seconds} s, each site row its median round (req/s of every round: ${rows.map((r) => r.rounds.join(', ')).join(' | ')}; of the ceiling in the same round: ${rows
      .slice(1)
      .map((r) => r.rounds.map((x, i) => `${Math.round((x / rows[0].rounds[i]) * 100)}%`).join(', '))
      .join(' | ')}); the site server's resident memory after its rows ${rssOf(site.child.pid).rss.toFixed(0)} MB.`,
  ];
  ceilingProc.kill('SIGTERM');
  site.stop();
  before?.stop();
  return { rows, lines };
}

async function main() {
  loadAtStart = os.loadavg().map((x) => x.toFixed(1)).join(' ');
  if (env.BENCH_ONLY && !['site', 'bigday'].includes(env.BENCH_ONLY)) throw new Error('BENCH_ONLY can only be site or bigday');
  if (env.BENCH_ONLY === 'bigday') return bigday([`Machine: ${machine()}; load average at the start: ${loadAtStart}.`, '']);
  const onlySite = env.BENCH_ONLY === 'site';
  const lines = [`Machine: ${machine()}`, ''];
  const rows = [];
  const api = onlySite ? null : await apiRows();
  if (api) lines.push(...api.lines);
  else lines.push(`Site rows only (BENCH_ONLY=site): autocannon ${connections} connections, ${seconds} s per row after ${warmup} s warm-up, client on the same machine. Load average at the start: ${loadAtStart}.`);
  if (api) rows.push(...api.rows);
  if (existsSync(path.join(siteDist, 'index.html'))) {
    const site = await siteRows(api?.base ?? env.BENCH_SITE_API);
    lines.push(...site.lines);
    rows.push(...site.rows);
  } else if (onlySite) {
    throw new Error(`${siteDist} is not built: npm run build -w public-site`);
  } else {
    log(`no site rows: ${siteDist} is not built (npm run build -w public-site)`);
  }
  lines.push('', ...table(rows));
  console.log(lines.join('\n'));
  await api?.stop();
  // The big day's rows (bigday.mjs): certificates, reminders and the registration opening, each on a fresh database.
  if (!onlySite && env.BENCH_BIGDAY !== '0') await bigday(['']);
}

async function bigday(lines) {
  buildApiIfNeeded();
  const { bigdayRows } = await import('./bigday.mjs');
  const result = await bigdayRows({ apiDir, children, apiHeapMb });
  console.log([...lines, ...result.lines].join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
