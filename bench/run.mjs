// npm run bench: seeds a large data set, starts the API on it, and measures the hot public reads, the admin
// dashboard and a plain node:http ceiling in one run (autocannon, 50 connections, after a warm-up each).
//
//   BENCH_DB=pglite|postgres   embedded database (default) or Postgres (also chosen by DATABASE_URL)
//   DATABASE_URL               Postgres URL (default for BENCH_DB=postgres: postgres://postgres@127.0.0.1:5432/gj_bench)
//   BENCH_SECONDS              seconds per measured run (default 10); BENCH_WARMUP seconds of warm-up (default 3)
//   BENCH_SKIP_SEED=1          keep the data already seeded
//   BENCH_EVENTS, BENCH_USERS, BENCH_REGISTRATIONS   data set size (10000, 100000, 300000)
//   BENCH_API_HEAP_MB          the API's --max-old-space-size (default 128, as in docker-compose.yml; 0 = Node's default)
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
  const main = path.join(root, 'api/dist/main.js');
  if (existsSync(main) && existsSync(path.join(root, 'api/dist/db/bench-seed.js')) && statSync(main).mtimeMs >= newestMtime(path.join(root, 'api/src'))) return;
  log('building the API (npm run build -w api)');
  const r = spawnSync('npm', ['run', 'build', '-w', 'api'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('API build failed');
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
  const args = ['api/dist/db/bench-seed.js', '--events', sizes.events, '--users', sizes.users, '--registrations', sizes.registrations, '--seed', 42, '--anchor', indiaToday].map(String);
  log(`seeding ${sizes.events} events, ${sizes.users} users, ${sizes.registrations} registrations (${usePostgres ? 'postgres' : 'pglite'})`);
  const r = spawnSync('node', args, { cwd: root, env: apiEnv(4999), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error('seeding failed');
  const out = JSON.parse(r.stdout.trim().split('\n').pop());
  log(`seeded in ${out.seconds.toFixed(1)} s`, JSON.stringify(out.checksum));
  return out;
}

async function startApi() {
  const port = await freePort();
  const child = spawn('node', [...(apiHeapMb ? [`--max-old-space-size=${apiHeapMb}`] : []), 'api/dist/main.js'], { cwd: root, env: apiEnv(port), stdio: ['ignore', 'ignore', 'inherit'] });
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
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), ms: Number(process.hrtime.bigint() - started) / 1e6 }),
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

function run(base, target, duration) {
  let n = 0;
  const opts = { url: base, connections, duration, method: target.method ?? 'GET', headers: target.headers ?? {}, body: target.body };
  const req = { method: opts.method, path: target.path, headers: opts.headers, body: target.body };
  if (target.vary) req.setupRequest = (r) => ({ ...r, path: target.vary(n++) });
  opts.requests = [req];
  return autocannon(opts);
}

function machine() {
  const cpus = os.cpus();
  return `${os.availableParallelism?.() ?? cpus.length} cores (nproc), ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}, ${os.type()} ${os.release()}`;
}

let loadAtStart = '';
async function main() {
  loadAtStart = os.loadavg().map((x) => x.toFixed(1)).join(' ');
  buildApiIfNeeded();
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
  const eventsQuery = '{ events(filter:{when: UPCOMING}, limit: 20) { total items { id title date time location imageUrl registeredCount isFull isUpcoming } } }';
  const statsQuery =
    '{ dashboardStats { visitorCount totalUsers usersThisMonth usersThisYear activeUsers pendingUsers eventsTotal eventsUpcoming eventsActive eventsThisMonth eventsThisYear } }';
  const targets = [
    { name: 'GET /api/events', path: '/api/events' },
    { name: 'GET /api/events?v=<unique> (response rebuilt each time)', path: '/api/events?v=0', vary: (n) => `/api/events?v=${n}` },
    {
      name: 'GET /api/events?offset=<random>&v=<unique> (cache miss: SQL + JSON)',
      path: '/api/events?offset=0&v=x',
      vary: (n) => `/api/events?offset=${Math.floor(Math.random() * Math.max(sizes.events - 100, 1))}&v=m${n}`,
    },
    { name: 'GET /api/events/{id}', path: `/api/events/${eventId}` },
    { name: 'POST /graphql events (UPCOMING, 20)', ...gql(eventsQuery) },
    { name: 'POST /graphql dashboardStats (admin)', ...gql(statsQuery, token) },
  ];

  // Statements on a first (cold: nothing asked for it yet in this API process) and a repeated request, and
  // the server time (Server-Timing) of 20 single sequential requests after the first.
  for (const t of targets) {
    const single = [];
    const statements = [];
    for (let i = 0; i < 21; i++) {
      const r = await request(api.base, { ...t, path: t.vary ? t.vary(`s${i}`) : t.path });
      if (r.status < 200 || r.status >= 300) throw new Error(`${t.name}: ${r.status} ${r.body.toString().slice(0, 300)}`);
      statements.push(Number(r.headers['x-sql-statements']));
      single.push(Number(/app;dur=([\d.]+)/.exec(r.headers['server-timing'] ?? '')?.[1] ?? NaN));
    }
    t.statements = [...new Set(statements)].join(' / ');
    t.firstStatements = statements[0];
    t.repeatStatements = statements[statements.length - 1];
    t.serverMs = median(single.slice(1));
    t.serverMaxMs = Math.max(...single.slice(1));
    t.bytes = (await request(api.base, { ...t, path: t.vary ? t.vary('b') : t.path })).body.length;
  }

  // The sample answer of GET /api/events is the ceiling's body.
  const sample = await request(api.base, { path: '/api/events' });
  const bodyFile = path.join(dataDir, 'ceiling-body.json');
  writeFileSync(bodyFile, sample.body);
  const ceilingProc = spawn('node', [path.join(here, 'ceiling.mjs'), bodyFile, sample.headers['content-type']], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(ceilingProc);
  const ceilingPort = await new Promise((resolve) => ceilingProc.stdout.once('data', (d) => resolve(Number(String(d).trim()))));
  const ceilingBase = `http://127.0.0.1:${ceilingPort}`;

  const rows = [];
  {
    log('ceiling: warm-up');
    await run(ceilingBase, { path: '/' }, warmup);
    const r = await run(ceilingBase, { path: '/' }, seconds);
    rows.push({ name: 'plain node:http, same bytes as GET /api/events (ceiling)', r, bytes: sample.body.length });
  }
  for (const t of targets) {
    log(`${t.name}: warm-up`);
    await run(api.base, t, warmup);
    const r = await run(api.base, t, seconds);
    rows.push({ name: t.name, r, t, bytes: t.bytes, mem: rssOf(api.child.pid) });
  }
  const mem = rssOf(api.child.pid);
  const ceiling = rows[0].r.requests.average;

  const lines = [];
  lines.push(`Machine: ${machine()}`, '');
  lines.push(
    `Database: ${usePostgres ? 'Postgres' : 'PGlite (embedded)'}; ${seeded ? `${seeded.checksum.events} events, ${seeded.checksum.users} users, ${seeded.checksum.registrations} registrations` : 'existing data (BENCH_SKIP_SEED)'}; autocannon ${connections} connections, ${seconds} s per row after ${warmup} s warm-up, client on the same machine.`,
    '',
  );
  lines.push(
    `API: node ${apiHeapMb ? `--max-old-space-size=${apiHeapMb} ` : ''}api/dist/main.js, NODE_ENV=production; resident memory after all runs ${mem.rss.toFixed(0)} MB (VmRSS; peak VmHWM ${mem.hwm.toFixed(0)} MB). Load average at the start: ${loadAtStart}.`,
  );
  lines.push('');
  lines.push('| target | body bytes | req/s | p50 ms | p99 ms | non-2xx / errors | vs ceiling | server ms, single request (median / max of 20) | SQL statements per request (first → repeat) | API RSS MB after the row |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const { r, t } = row;
    const bad = r.non2xx + r.errors + r.timeouts;
    lines.push(
      `| ${row.name} | ${row.bytes} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${bad} | ${((r.requests.average / ceiling) * 100).toFixed(1)}% | ${t ? `${t.serverMs.toFixed(1)} / ${t.serverMaxMs.toFixed(1)}` : '–'} | ${t ? `${t.firstStatements} → ${t.repeatStatements}` : '–'} | ${row.mem ? row.mem.rss.toFixed(0) : '–'} |`,
    );
  }
  console.log(lines.join('\n'));
  api.child.kill('SIGTERM');
  ceilingProc.kill('SIGTERM');
  await new Promise((r) => api.child.once('exit', r));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
