// npm run soak: minutes of mixed traffic through the production shape (Debian's nginx with
// deploy/nginx-site.conf over two API replicas, the job worker and Postgres, as scripts/prod-shape.test.mjs
// starts them), then a verdict: no failed request, every process's memory flat after the first minute
// (RSS growth under 10% from minute 1 to the end), and the job queue empty at the end.
//
//   npm run build -w api && npm run build -w public-site && npm run soak
//
// Traffic, every request through nginx (the public site's /api and /graphql): readers (event lists, an
// event, its .ics, the team, the home page, the GraphQL events query); newcomers registering with the code
// from the captured mail, then registering for a big event of today and checked in at the door by an admin
// with their check-in code; people signing in again with a mailed code; and waitlist rounds (a one-place
// event: one registers, the next is refused as full and joins the waiting list, the first leaves, the worker
// offers the place by mail, it is accepted and checked in, the event is cancelled). Each call says which
// statuses it expects; anything else, a 5xx or a network error is a failed request.
//
// Environment: SOAK_MINUTES (default 10), TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test;
// a database gj_soak_<pid> is created there and dropped at the end), SOAK_READERS (default 3), NGINX_BIN,
// SOAK_PORT_BASE, SOAK_KEEP=1 keeps the temporary folder (logs, outbox). Not part of CI (docs/testing.md).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeOf, mailsTo, waitForMail } from './prod-shape/mail.mjs';
import { findMimeTypes, findNginx, NO_PAGE_SERVER, prepareNginx, startNginx, stopNginx, upstreamServers } from './prod-shape/nginx.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiMain = path.join(root, 'api/dist/main.js');
const apiWorker = path.join(root, 'api/dist/worker.js');
const publicDist = path.join(root, 'public-site/dist');
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const READERS = Number(process.env.SOAK_READERS ?? 3);
const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REQUEST_TIMEOUT_MS = 15_000;
const RSS_LIMIT = 0.1;
const ADMIN = { email: 'soak-admin@test.example', password: `Soak-${randomBytes(6).toString('hex')}-1` };
const RUN = Date.now().toString(36);

if (!(MINUTES > 0)) throw new Error('SOAK_MINUTES must be a positive number');
for (const [file, build] of [[apiMain, 'npm run build -w api'], [apiWorker, 'npm run build -w api'], [path.join(publicDist, 'index.html'), 'npm run build -w public-site']]) {
  if (!existsSync(file)) throw new Error(`${path.relative(root, file)} is missing (${build})`);
}
const nginxBin = findNginx();
if (!nginxBin || !findMimeTypes()) throw new Error('nginx is not installed (apt-get install nginx)');

const pg = createRequire(path.join(root, 'api/package.json'))('pg');
async function sql(url, text, params = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const started = Date.now();
const log = (text) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}`);

async function freePorts(n) {
  const servers = await Promise.all(Array.from({ length: n }, () => new Promise((resolve, reject) => {
    const s = net.createServer().once('error', reject);
    s.listen(0, '127.0.0.1', () => resolve(s));
  })));
  const ports = servers.map((s) => s.address().port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

// ---- Processes ----

const tmp = mkdtempSync(path.join(os.tmpdir(), 'gj-soak-'));
const dataDir = path.join(tmp, 'data');
const outbox = path.join(dataDir, 'outbox');
const processes = [];
let nginx = null;
let database = null;

function spawnNode(name, script, env) {
  mkdirSync(path.join(tmp, 'logs'), { recursive: true });
  const logFile = path.join(tmp, 'logs', `${name}.log`);
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, [script], { cwd: root, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const proc = { name, child, log: logFile, exited: new Promise((r) => child.once('exit', r)) };
  processes.push(proc);
  return proc;
}

async function waitReady(proc, base) {
  // Three minutes: a fresh database's migrations and demo seed take over a minute on a loaded machine.
  const until = Date.now() + 180_000;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited:\n${readFileSync(proc.log, 'utf8').slice(-2_000)}`);
    if (await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false)) return;
    if (Date.now() > until) throw new Error(`${proc.name} not ready after 180 s`);
    await sleep(200);
  }
}

async function cleanUp() {
  if (nginx) await stopNginx(nginx).catch(() => undefined);
  await Promise.all(processes.map(async ({ child, exited }) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(t);
  }));
  if (database) await sql(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((err) => console.log(`could not drop ${database}: ${err.message}`));
  if (process.env.SOAK_KEEP === '1') console.log(`kept ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
}
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

/** Resident memory of a process in MB, from /proc (null once it has gone). */
function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return null;
  }
}

/** nginx's worker processes: the children of its master. */
function childrenOf(pid) {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((d) => {
    try {
      return readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(pid);
    } catch {
      return false;
    }
  }).map(Number);
}

// ---- Requests ----

const stats = { total: 0, byKind: {}, failures: [], latencies: [], brokenJourneys: [] };

/**
 * One request through nginx. `expect` lists the statuses that are answers here (default: 2xx);
 * any other status, a 5xx or a network error counts as a failed request (and throws).
 */
async function call(kind, method, url, { token, json, ip, expect = null } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (ip) headers['x-forwarded-for'] = ip;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  stats.total++;
  stats.byKind[kind] = (stats.byKind[kind] ?? 0) + 1;
  let status = 'network error';
  let text = '';
  try {
    const res = await fetch(site + url, { method, headers, body: json !== undefined ? JSON.stringify(json) : undefined, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    status = res.status;
    text = await res.text();
  } catch (err) {
    text = `${err.name}: ${err.cause?.code ?? err.message}`;
  }
  stats.latencies.push(performance.now() - t0);
  const expected = typeof status === 'number' && status < 500 && (expect ? expect.includes(status) : status >= 200 && status < 300);
  if (!expected) {
    stats.failures.push({ at: Math.round((Date.now() - started) / 1000), kind, method, url, status, text: text.slice(0, 300) });
    throw new Error(`${kind}: ${method} ${url} answered ${status}: ${text.slice(0, 300)}`);
  }
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status, body };
}

async function gql(kind, query, variables, token) {
  const { body } = await call(kind, 'POST', '/graphql', { json: { query, variables }, token });
  if (body.errors) {
    stats.failures.push({ at: Math.round((Date.now() - started) / 1000), kind, method: 'POST', url: '/graphql', status: 200, text: JSON.stringify(body.errors).slice(0, 300) });
    throw new Error(`${kind}: GraphQL errors ${JSON.stringify(body.errors).slice(0, 300)}`);
  }
  return body.data;
}

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

const IST = 330 * 60_000;
const indiaNow = () => {
  const iso = new Date(Date.now() + IST).toISOString();
  return { date: iso.slice(0, 10), minutes: Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16)) };
};
const hhmm = (m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** An event of today (India) starting later today, so registration is open and the door can check people in. */
async function createEventToday(adminToken, title, maxParticipants) {
  const now = indiaNow();
  const { body } = await call('admin', 'POST', '/api/events', {
    token: adminToken,
    json: { title, category: 'general', description: `${title}: soak test event`, date: now.date, time: hhmm(Math.min(now.minutes + 120, 23 * 60 + 59)), location: 'Civil Lines, Prayagraj', maxParticipants },
  });
  return body.data?.id ?? body.event?.id ?? body.id;
}

/** A newcomer registers with the code from the mail: { email, userId, token, ip }. */
async function newcomer(tag) {
  const email = `soak-${tag}-${RUN}-${randomBytes(8).toString('hex')}@example.org`; // 8 bytes: 3 collided twice in 5,600 sign-ups (409, the address taken)
  const ip = nextIp();
  const { body } = await call('registration', 'POST', '/api/auth/register', { ip, json: { name: `Soak ${tag}`, email, phone: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`, category: 'graduate' } });
  const code = codeOf(await waitForMail(outbox, email, (m) => /^\d{6}\b/.test(m.subject), 'sign-up code', 30_000));
  const verified = await call('registration', 'POST', '/api/auth/verify-otp', { ip, json: { userId: body.userId, otp: code } });
  return { email, userId: body.userId, token: verified.body.token, ip, lastCodeAt: Date.now() };
}

async function checkInCode(user, eventId) {
  const data = await gql('read', 'query($id: ID!) { event(id: $id) { myCheckIn { code } } }', { id: eventId }, user.token);
  return data.event.myCheckIn.code;
}

// ---- Main ----

let site = '';
let exitCode = 1;
const metricsToken = randomBytes(16).toString('hex');
try {
  // SOAK_PORT_BASE: three ports from there (replica A, replica B, nginx) instead of free ones the system picks.
  const base = Number(process.env.SOAK_PORT_BASE || 0);
  const [portA, portB, publicPort] = base ? [base, base + 1, base + 2] : await freePorts(3);
  site = `http://127.0.0.1:${publicPort}`;
  database = `gj_soak_${process.pid}`;
  await sql(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await sql(serverUrl, `CREATE DATABASE ${database}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${database}`;
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_ORIGIN: site,
    ADMIN_ORIGIN: site,
    SEED_DEMO: 'true',
    TRUST_PROXY: 'true',
    JOBS_WORKER: 'false',
    LOG_LEVEL: 'warn',
    // Each replica's /metrics (asked directly, not through nginx) gives its V8 heap, to tell a leak from heap slack.
    METRICS_TOKEN: metricsToken,
    BCRYPT_COST: process.env.BCRYPT_COST ?? '10',
    // The heap bound docker-compose.yml gives every process. Without it V8 sizes the heap from the machine's
    // memory and lets garbage grow a replica's heap capacity (and so its RSS) for many minutes before
    // collecting it: growth that production never sees. SOAK_NODE_OPTIONS='' runs without it.
    NODE_OPTIONS: process.env.SOAK_NODE_OPTIONS ?? '--max-old-space-size=128',
    ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
  };
  const replicaA = spawnNode('replica-a', apiMain, { ...env, API_PORT: String(portA) });
  await waitReady(replicaA, `http://127.0.0.1:${portA}`);
  const replicaB = spawnNode('replica-b', apiMain, { ...env, API_PORT: String(portB) });
  spawnNode('worker', apiWorker, env);
  await waitReady(replicaB, `http://127.0.0.1:${portB}`);
  const nginxDir = path.join(tmp, 'nginx');
  // A copy of the built site: a rebuild during the run must not take the pages away.
  const siteRoot = path.join(tmp, 'public-site');
  cpSync(publicDist, siteRoot, { recursive: true });
  const conf = prepareNginx(nginxBin, nginxDir, { API_UPSTREAM_SERVERS: upstreamServers([`127.0.0.1:${portA}`, `127.0.0.1:${portB}`]), SITE_LISTEN: `127.0.0.1:${publicPort}`, SITE_ROOT: siteRoot, PAGE_SERVERS: NO_PAGE_SERVER });
  nginx = await startNginx(nginxBin, nginxDir, conf, `${site}/`);
  log(`nginx on :${publicPort} over replicas :${portA} and :${portB}, the worker, database ${database}; ${MINUTES} min of traffic`);

  const adminToken = (await call('admin', 'POST', '/api/admin/login', { json: ADMIN })).body.token;
  const seeded = (await call('read', 'GET', '/api/events?when=upcoming')).body;
  const seededIds = (seeded.data ?? seeded.events ?? seeded).map((e) => e.id ?? e._id).filter(Boolean);
  const bigEvent = await createEventToday(adminToken, `Soak workshop ${RUN}`, 1_000_000);
  const readIds = [...seededIds.slice(0, 5), bigEvent];

  // Memory: every process, sampled every 10 s; minute 1 and the end are compared.
  const watched = () => [
    ...processes.map((p) => ({ name: p.name, pid: p.child.pid })),
    { name: 'nginx master', pid: nginx.child.pid },
    ...childrenOf(nginx.child.pid).map((pid, i) => ({ name: `nginx worker ${i + 1}`, pid })),
  ];
  const samples = [];
  const replicas = [['replica-a', portA], ['replica-b', portB]];
  const heapMb = async (port) => {
    try {
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` }, signal: AbortSignal.timeout(5_000) })).text();
      const mb = (metric) => Math.round(Number(new RegExp(`^${metric} (\\S+)$`, 'm').exec(text)?.[1]) / 1024 / 102.4) / 10;
      // In use (live objects and garbage not yet collected), and the capacity V8 holds for the heap.
      return { used: mb('nodejs_heap_size_used_bytes'), total: mb('nodejs_heap_size_total_bytes') };
    } catch {
      return { used: null, total: null };
    }
  };
  const sample = async () => {
    const at = (Date.now() - loadStart) / 60_000;
    const entry = { at, rss: Object.fromEntries(watched().map((w) => [w.name, rssMb(w.pid)])), heap: {} };
    samples.push(entry);
    for (const [name, port] of replicas) entry.heap[name] = await heapMb(port);
  };

  const loadStart = Date.now();
  const deadline = loadStart + MINUTES * 60_000;
  const running = () => Date.now() < deadline;
  const sampler = setInterval(sample, 10_000);
  await sample();
  const progress = setInterval(() => log(`${stats.total} requests, ${stats.failures.length} failed; ${JSON.stringify(stats.byKind)}`), 60_000);

  const pool = []; // people who registered, for sign-ins and the waitlist
  const counts = { registered: 0, checkedIn: 0, signIns: 0, waitlistRounds: 0 };
  const guard = (name, fn) => async () => {
    while (running()) {
      try {
        await fn();
      } catch (err) {
        // A journey that stopped half-way (a mail that never came, an unexpected answer) fails the soak too.
        stats.brokenJourneys.push(`${name}: ${err.message}`);
        log(`${name}: ${err.message}`);
        await sleep(1_000);
      }
    }
  };

  const reader = (n) => guard(`reader ${n}`, async () => {
    const id = readIds[Math.floor(Math.random() * readIds.length)];
    const pick = Math.floor(Math.random() * 7);
    if (pick === 0) await call('read', 'GET', '/api/events?when=upcoming');
    else if (pick === 1) await call('read', 'GET', `/api/events/${id}`);
    else if (pick === 2) await call('read', 'GET', `/api/events/${id}/ics`);
    else if (pick === 3) await call('read', 'GET', '/api/team');
    else if (pick === 4) await call('read', 'GET', Math.random() < 0.5 ? '/' : '/about');
    else if (pick === 5) await call('read', 'GET', `/api/events?lang=hi&when=all&limit=20`);
    else await gql('read', 'query($f: EventFilter) { events(filter: $f, limit: 12) { items { id title date isFull registeredCount } total } }', { f: { when: 'UPCOMING' } });
    await sleep(25);
  });

  const registrar = guard('registrar', async () => {
    const user = await newcomer('reg');
    pool.push(user);
    await call('registration', 'POST', `/api/events/${bigEvent}/register`, { token: user.token });
    counts.registered++;
    const code = await checkInCode(user, bigEvent);
    await call('check-in', 'POST', `/api/events/${bigEvent}/check-in`, { token: adminToken, json: { code } });
    counts.checkedIn++;
    await sleep(300);
  });

  const signer = guard('sign-in', async () => {
    // A code per address a minute at most: someone whose last code is older than 65 s.
    const user = pool.find((u) => Date.now() - u.lastCodeAt > 65_000);
    if (!user) return sleep(1_000);
    user.lastCodeAt = Date.now();
    const before = mailsTo(outbox, user.email).length;
    const { body } = await call('sign-in', 'POST', '/api/auth/login', { ip: user.ip, json: { email: user.email } });
    let mail = null;
    for (const until = Date.now() + 30_000; !mail; await sleep(100)) {
      mail = mailsTo(outbox, user.email).slice(before).find((m) => /^\d{6}\b/.test(m.subject));
      if (!mail && Date.now() > until) throw new Error(`no sign-in code mailed to ${user.email} within 30 s`);
    }
    const verified = await call('sign-in', 'POST', '/api/auth/verify-login-otp', { ip: user.ip, json: { userId: body.userId, otp: codeOf(mail) } });
    user.token = verified.body.token;
    await call('read', 'GET', '/api/users/get-single-user', { token: user.token });
    counts.signIns++;
    await sleep(500);
  });

  const waitlister = guard('waitlist', async () => {
    const first = await newcomer('wl-a');
    const second = await newcomer('wl-b');
    pool.push(first, second);
    const eventId = await createEventToday(adminToken, `Soak one place ${RUN} ${counts.waitlistRounds + 1}`, 1);
    await call('waitlist', 'POST', `/api/events/${eventId}/register`, { token: first.token });
    const refused = await call('waitlist', 'POST', `/api/events/${eventId}/register`, { token: second.token, expect: [409] });
    if (refused.body.code !== 'EVENT_FULL') throw new Error(`a full event answered ${JSON.stringify(refused.body)}`);
    await call('waitlist', 'POST', `/api/events/${eventId}/waitlist`, { token: second.token });
    await call('waitlist', 'POST', `/api/events/${eventId}/unregister`, { token: first.token });
    await waitForMail(outbox, second.email, (m) => /place has become free/.test(m.body.replace(/\s+/g, ' ')), 'waitlist offer', 60_000);
    await call('waitlist', 'POST', `/api/events/${eventId}/waitlist/accept`, { token: second.token });
    const code = await checkInCode(second, eventId);
    await call('check-in', 'POST', `/api/events/${eventId}/check-in`, { token: adminToken, json: { code } });
    await call('admin', 'POST', `/api/events/${eventId}/cancel`, { token: adminToken });
    counts.waitlistRounds++;
    await sleep(500);
  });

  await Promise.all([...Array.from({ length: READERS }, (_, i) => reader(i + 1)()), registrar(), signer(), waitlister()]);
  clearInterval(sampler);
  clearInterval(progress);
  await sample();
  const loadSeconds = (Date.now() - loadStart) / 1000;
  log(`load over after ${loadSeconds.toFixed(0)} s`);

  // The queue: nothing due or running once the worker has caught up (jobs scheduled later, such as reminders
  // of future events, are not due). Failed jobs are counted as well.
  let due = null;
  for (let i = 0; i < 60; i++) {
    due = (await sql(dbUrl.toString(), `SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('active') OR (state IN ('created', 'retry') AND start_after <= now())`))[0].n;
    if (due === 0) break;
    await sleep(1_000);
  }
  const byState = await sql(dbUrl.toString(), 'SELECT state::text AS state, count(*)::int AS n FROM pgboss.job GROUP BY state ORDER BY state');
  const failedJobs = byState.find((r) => r.state === 'failed')?.n ?? 0;

  // Memory: minute 1 against the end, per process.
  const atMinute1 = samples.find((s) => s.at >= Math.min(1, MINUTES / 2)) ?? samples[0];
  const atEnd = samples[samples.length - 1];
  const memory = Object.keys(atEnd.rss).map((name) => {
    const first = atMinute1.rss[name];
    const last = atEnd.rss[name];
    const peak = Math.max(...samples.map((s) => s.rss[name] ?? 0));
    const growth = first && last ? (last - first) / first : null;
    return { process: name, minute1Mb: first, endMb: last, peakMb: peak, growth: growth === null ? null : `${(growth * 100).toFixed(1)}%`, ok: growth !== null && growth < RSS_LIMIT };
  });

  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const pct = (p) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
  console.log('\n=== soak result');
  console.log(`duration ${loadSeconds.toFixed(0)} s; requests ${stats.total} (${(stats.total / loadSeconds).toFixed(1)}/s): ${JSON.stringify(stats.byKind)}`);
  console.log(`latency p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${Math.round(sorted[sorted.length - 1])} ms`);
  console.log(`done: ${JSON.stringify(counts)}`);
  console.log(`failed requests: ${stats.failures.length}; journeys broken off: ${stats.brokenJourneys.length}`);
  for (const f of stats.failures.slice(0, 20)) console.log(`  at ${f.at} s ${f.kind} ${f.method} ${f.url}: ${f.status} ${f.text}`);
  console.log(`memory (RSS MB at minute ${atMinute1.at.toFixed(1)} and at the end, minute ${atEnd.at.toFixed(1)}):`);
  console.table(memory);
  console.log(`RSS (and the replicas' V8 heap: in use / capacity) each minute, MB; NODE_OPTIONS=${env.NODE_OPTIONS || '(none)'}${env.MALLOC_ARENA_MAX ? `, MALLOC_ARENA_MAX=${env.MALLOC_ARENA_MAX}` : ''}:`);
  const minutes = [samples[0], ...Array.from({ length: Math.ceil(MINUTES) }, (_, m) => samples.find((x) => x.at >= m + 1) ?? samples[samples.length - 1])];
  console.table(minutes.map((x) => ({ minute: Number(x.at.toFixed(1)), ...x.rss, ...Object.fromEntries(Object.entries(x.heap).map(([k, v]) => [`${k} heap`, `${v.used} / ${v.total}`])) })));
  console.log(`job queue at the end: ${due} due or running; by state ${JSON.stringify(byState)}`);

  const problems = [];
  if (stats.failures.length) problems.push(`${stats.failures.length} failed requests`);
  if (stats.brokenJourneys.length) problems.push(`${stats.brokenJourneys.length} journeys broken off (${stats.brokenJourneys.slice(0, 3).join(' | ')})`);
  for (const m of memory.filter((x) => !x.ok)) problems.push(`${m.process} RSS grew ${m.growth} (${m.minute1Mb} → ${m.endMb} MB)`);
  if (due !== 0) problems.push(`${due} jobs still due or running`);
  if (failedJobs) problems.push(`${failedJobs} failed jobs`);
  if (counts.registered === 0 || counts.signIns === 0 || counts.waitlistRounds === 0) problems.push(`a kind of traffic never completed: ${JSON.stringify(counts)}`);
  console.log(problems.length ? `\nSOAK FAILED: ${problems.join('; ')}` : '\nSOAK PASSED');
  exitCode = problems.length ? 1 : 0;
} catch (err) {
  console.error(err);
  for (const p of processes) console.log(`--- ${p.name}:\n${readFileSync(p.log, 'utf8').slice(-2_000)}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
