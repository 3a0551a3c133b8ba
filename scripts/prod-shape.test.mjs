// The production shape without Docker (npm run test:prod): Postgres, two API replicas and the job
// worker, and Debian's nginx running the repository's site configuration (deploy/nginx-site.conf, the
// file docker-compose.yml's site containers use) twice, once per site, over the built files of the
// public site and the admin portal, balancing /api, /graphql and /uploads over the two replicas.
//
// The public site's nginx balances its pages over two page servers (site-server/dist/main.js, compose's
// page-1 and page-2). Through nginx it runs a short journey (public pages in both languages, drawn by
// both page servers; freshness, scripts/freshness.mjs: 50 edits made through the API, each read back
// from the served HTML and its og:title within 1 s, median and worst printed; a registration with the code
// from the mail, an admin creating an event with an image, the new event on the public list from both
// replicas), then puts load through nginx and stops one replica with SIGTERM in the middle of it: no
// request that nginx can retry (GET, or anything whose connection was refused) may fail, and the journey
// goes on with one replica (another registration, an admin's reminder mailed by the worker).
//
//   npm run build && npm run test:prod
//
// Needs: the built api (api/dist), public-site/dist and admin-portal/dist; nginx (Debian's package:
// apt-get install nginx; NGINX_BIN names another binary); a Postgres server, TEST_DATABASE_URL (under
// npm run test:prod it defaults to postgres://postgres@127.0.0.1:5432/test). A fresh database
// gj_prod_<pid> is created there and dropped at the end. Without one of these it skips, saying why,
// except when it is required: PROD_SHAPE_REQUIRED=1, or CI=true under npm run test:prod (as .ci/run
// runs it), where it fails instead. (`npm test` runs every scripts/*.test.mjs, this one too: there it
// runs only with TEST_DATABASE_URL set and the dists built, and skips otherwise, as in .ci/run's npm test
// step.) PROD_SHAPE_PUBLIC_DIST / PROD_SHAPE_ADMIN_DIST test other builds of the sites;
// PROD_SHAPE_KEEP=1 keeps the temporary folder (logs, rendered nginx configuration) for a look.
// Figures printed: requests during the load by status and kind, failed retryable (GET) and non-retryable
// (POST) ones, and from nginx's log, what the stopping replica still answered and what went on to the other.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { codeOf, waitForMail } from './prod-shape/mail.mjs';
import { findMimeTypes, findNginx, NO_PAGE_SERVER, prepareNginx, readAccessLog, startNginx, stopNginx, upstreamServers } from './prod-shape/nginx.mjs';
import { measureFreshness } from './freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiMain = path.join(root, 'api/dist/main.js');
const apiWorker = path.join(root, 'api/dist/worker.js');
const publicDist = path.resolve(process.env.PROD_SHAPE_PUBLIC_DIST || path.join(root, 'public-site/dist'));
const adminDist = path.resolve(process.env.PROD_SHAPE_ADMIN_DIST || path.join(root, 'admin-portal/dist'));

const viaTestProd = process.env.npm_lifecycle_event === 'test:prod';
const required = process.env.PROD_SHAPE_REQUIRED === '1' || (viaTestProd && process.env.CI === 'true');
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const serverUrl = process.env.TEST_DATABASE_URL ?? (viaTestProd || required ? DEFAULT_DATABASE_URL : undefined);

/** After SIGTERM a replica still serves (each answer closing its connection) for this long, then refuses. */
const SHUTDOWN_GRACE_MS = 1_500;
/** Load before the SIGTERM, and at least this much in all; it goes on until the replica has exited and a while after. */
const LOAD_BEFORE_STOP_MS = 1_500;
const LOAD_MIN_MS = 6_000;
const LOAD_AFTER_EXIT_MS = 2_000;
const LOAD_MAX_MS = 25_000;
const REQUEST_TIMEOUT_MS = 15_000;

const ADMIN = { email: 'prod-shape-admin@test.example', password: `Prod-Shape-${randomBytes(6).toString('hex')}-1` };
const RUN = `${process.pid}-${Date.now().toString(36)}`;

// pg and sharp are the API's dependencies: load them as the API resolves them.
const requireFromApi = createRequire(path.join(root, 'api/package.json'));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function skipReason() {
  if (serverUrl === undefined) return 'TEST_DATABASE_URL is not set (npm run test:prod uses the local Postgres by default)';
  if (serverUrl === '') return 'TEST_DATABASE_URL is empty (the replicas and the worker need a shared Postgres server)';
  for (const [file, build] of [
    [apiMain, 'npm run build -w api'],
    [apiWorker, 'npm run build -w api'],
    [path.join(publicDist, 'index.html'), 'npm run build -w public-site'],
    [path.join(publicDist, 'prerendered/routes.json'), 'npm run build -w public-site'],
    [path.join(adminDist, 'index.html'), 'npm run build -w admin-portal'],
    [path.join(root, 'site-server/dist/main.js'), 'npm run build -w site-server'],
  ]) {
    if (!existsSync(file)) return `${path.relative(root, file)} does not exist (${build})`;
  }
  if (!findNginx()) return 'nginx is not installed (apt-get install nginx)';
  if (!findMimeTypes()) return 'nginx mime.types not found (/etc/nginx/mime.types)';
  return false;
}

/** Whether the Postgres server answers (a server that is down is a reason to skip, not a failure, unless required). */
async function databaseProblem() {
  try {
    await adminQuery('SELECT 1');
    return false;
  } catch (err) {
    return `cannot connect to the Postgres server of TEST_DATABASE_URL (${err.code ?? err.message})`;
  }
}

const skip = skipReason() || (await databaseProblem());
// The titles the page servers write (site-server/dist: built by npm run build; skipReason says when it is not).
const { eventTitle, metaOfPage, SITE_NAME } = skip ? {} : await import('../site-server/dist/page-meta.js');
// CI runs this step on purpose: there a skip would hide a failure.
if (skip && required) throw new Error(`prod-shape test cannot run: ${skip}`);
if (!skip && statSync(apiMain).mtimeMs < newestMtime(path.join(root, 'api/src'))) {
  console.log(`note: api/dist is older than api/src; this tests the build as it is (npm run build -w api)`);
}

// ---- Resources (cleaned up in after(), whatever happened) ----

let tmp = null;
let database = null;
const processes = []; // { name, child, log, exited }
const nginxes = [];
let passed = false;

async function adminQuery(sql) {
  const pg = requireFromApi('pg');
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function createDatabase() {
  const name = `gj_prod_${process.pid}`;
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
  database = name;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `n` distinct free loopback ports (all held open together while they are picked). */
async function freePorts(n) {
  const servers = await Promise.all(
    Array.from({ length: n }, () => new Promise((resolve, reject) => {
      const server = net.createServer().once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(server));
    })),
  );
  const ports = servers.map((s) => s.address().port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

const tail = (file, chars = 2_500) => {
  try {
    return readFileSync(file, 'utf8').slice(-chars);
  } catch {
    return '(no log)';
  }
};

/** `node <script>` with its output in tmp/logs/<name>.log. */
function spawnNode(name, script, env, args = []) {
  mkdirSync(path.join(tmp, 'logs'), { recursive: true });
  const log = path.join(tmp, 'logs', `${name}.log`);
  const fd = openSync(log, 'a');
  const child = spawn(process.execPath, [script, ...args], { cwd: root, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const proc = { name, child, log };
  proc.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  processes.push(proc);
  return proc;
}

/** Waits until `url` answers 200 (a server with no /readyz of its own). */
async function waitForPage(proc, url) {
  const started = Date.now();
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited with ${proc.child.exitCode}:\n${tail(proc.log)}`);
    if (await fetch(url, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false)) return;
    if (Date.now() - started > 30_000) throw new Error(`${proc.name} not answering after 30 s:\n${tail(proc.log)}`);
    await sleep(100);
  }
}

async function waitReady(proc, base) {
  const started = Date.now();
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited with ${proc.child.exitCode}:\n${tail(proc.log)}`);
    const ready = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
    if (ready) return;
    if (Date.now() - started > 60_000) throw new Error(`${proc.name} not ready after 60 s:\n${tail(proc.log)}`);
    await sleep(100);
  }
}

async function stopProcess(proc) {
  const { child } = proc;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await proc.exited;
  clearTimeout(timer);
}

// Last resort if the runner exits without after() (e.g. the test was cancelled by its timeout).
process.on('exit', () => {
  for (const { child } of nginxes) if (child.exitCode === null) child.kill('SIGTERM');
  for (const { child } of processes) if (child.exitCode === null) child.kill('SIGKILL');
});

after(async () => {
  if (!passed && tmp) {
    for (const p of processes) console.log(`--- ${p.name} (${path.relative(tmp, p.log)}), last lines:\n${tail(p.log)}`);
    for (const n of nginxes) console.log(`--- nginx ${n.name} error log:\n${tail(n.errorLog)}`);
  }
  await Promise.all(nginxes.map((n) => stopNginx(n)));
  await Promise.all(processes.map((p) => stopProcess(p)));
  if (database) await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((err) => console.log(`could not drop ${database}: ${err.message}`));
  if (tmp) {
    if (process.env.PROD_SHAPE_KEEP === '1') console.log(`kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  }
});

// ---- HTTP ----

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request; the answer as { status, headers, text, body } with the body parsed as JSON when it is. */
async function call(base, method, url, { token, json, form, headers = {} } = {}) {
  const h = { ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  if (json !== undefined) h['content-type'] = 'application/json';
  const res = await fetch(base + url, { method, headers: h, body: json !== undefined ? JSON.stringify(json) : form, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await res.text();
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, text, body };
}

/** A call that must answer 2xx. */
async function ok(base, method, url, options) {
  const a = await call(base, method, url, options);
  if (a.status < 200 || a.status >= 300) throw new Error(`${method} ${url}: ${a.status} ${a.text.slice(0, 400)}`);
  return a.body;
}

/** A GraphQL operation that must answer data without errors. */
async function gql(base, query, variables = {}, token) {
  const a = await call(base, 'POST', '/graphql', { json: { query, variables }, token });
  if (a.status !== 200 || a.body?.errors) throw new Error(`GraphQL ${query.slice(0, 60).replace(/\s+/g, ' ')}: ${a.status} ${a.text.slice(0, 400)}`);
  return a.body.data;
}

function indiaDateInDays(days) {
  return new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}

const EVENTS_QUERY = 'query Events($filter: EventFilter, $limit: Int!) { events(filter: $filter, limit: $limit) { items { id title isFull cancelled hasStarted imageUrl registeredCount } total } }';

/** A visitor signs up in the registration dialog (code by mail) and registers for an event, through `site`. */
async function registerWithCode(site, outbox, who, eventId) {
  const email = `prod-shape-${who}-${RUN}@example.org`;
  const { register } = await gql(site, 'mutation Register($input: RegisterInput!) { register(input: $input) { userId message } }', {
    input: { name: `Prod Shape ${who}`, email, phone: '9876543210', category: 'graduate' },
  });
  assert.ok(register.userId, 'register answers the pending account');
  const code = codeOf(await waitForMail(outbox, email, (m) => /^\d{6}\b/.test(m.subject), 'sign-up code'));
  const { verifyRegistration } = await gql(site, 'mutation Verify($input: VerifyCodeInput!) { verifyRegistration(input: $input) { token user { id email status } } }', {
    input: { userId: register.userId, otp: code },
  });
  assert.equal(verifyRegistration.user.email, email);
  const { token } = verifyRegistration;
  const { registerForEvent } = await gql(site, 'mutation R($eventId: ID!) { registerForEvent(eventId: $eventId) { message event { id isRegistered registeredCount } } }', { eventId }, token);
  assert.equal(registerForEvent.event.isRegistered, true, `${who} is registered for ${eventId}`);
  return { email, token, userId: register.userId, registeredCount: registerForEvent.event.registeredCount };
}

// ---- Load ----

/**
 * Concurrent loops of requests through nginx until `until()` says stop. Each outcome is recorded:
 * { kind, method, status, ok, error, start, end }. A GET is one nginx may send again to the other
 * replica (retryable); a POST (GraphQL) only when its connection was refused, not once it was sent.
 */
function runLoad(loops, until) {
  const outcomes = [];
  const loop = async (spec) => {
    let i = 0;
    while (!until()) {
      const { method, url, json, check } = spec.next(i++);
      const start = Date.now();
      const outcome = { kind: spec.kind, method, start };
      try {
        const res = await fetch(spec.base + url, {
          method,
          headers: json ? { 'content-type': 'application/json' } : {},
          body: json ? JSON.stringify(json) : undefined,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const body = Buffer.from(await res.arrayBuffer());
        outcome.status = res.status;
        const problem = res.status === 200 ? check(body, res) : `status ${res.status}: ${body.toString('utf8').slice(0, 200)}`;
        outcome.ok = !problem;
        if (problem) outcome.error = problem;
      } catch (err) {
        outcome.status = 'network error';
        outcome.ok = false;
        outcome.error = `${err.name}: ${err.cause?.code ?? err.message}`;
      }
      outcome.end = Date.now();
      outcomes.push(outcome);
    }
  };
  return Promise.all(loops.map(loop)).then(() => outcomes);
}

const jsonCheck = (test) => (body) => {
  try {
    return test(JSON.parse(body.toString('utf8'))) ? null : `unexpected answer: ${body.toString('utf8').slice(0, 200)}`;
  } catch {
    return `not JSON: ${body.toString('utf8').slice(0, 200)}`;
  }
};

function countBy(items, key) {
  const counts = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

// ---- The test ----

test('production shape: nginx over two page servers, two API replicas and the worker; edits shown within 1 s; one replica stops under load', { skip, timeout: 150_000 }, async () => {
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const step = (text) => console.log(`[${elapsed()}] ${text}`);
  tmp = mkdtempSync(path.join(os.tmpdir(), 'gj-prod-'));
  const dataDir = path.join(tmp, 'data'); // shared by the replicas and the worker, as the compose volume is
  const outbox = path.join(dataDir, 'outbox');

  const [portA, portB, publicPort, adminPort, pagePort1, pagePort2] = await freePorts(6);
  const site = `http://127.0.0.1:${publicPort}`;
  const admin = `http://127.0.0.1:${adminPort}`;
  const databaseUrl = await createDatabase();
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_ORIGIN: site,
    ADMIN_ORIGIN: admin,
    SEED_DEMO: 'true',
    TRUST_PROXY: 'true',
    JOBS_WORKER: 'false',
    SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS),
    LOG_LEVEL: 'info',
  };

  // A migrates and seeds the empty database; then B and the worker start on it (as compose orders them).
  const replicaA = spawnNode('replica-a', apiMain, { ...env, API_PORT: String(portA) });
  const A = `http://127.0.0.1:${portA}`;
  await waitReady(replicaA, A);
  const replicaB = spawnNode('replica-b', apiMain, { ...env, API_PORT: String(portB) });
  const B = `http://127.0.0.1:${portB}`;
  const worker = spawnNode('worker', apiWorker, env);
  await waitReady(replicaB, B);
  assert.equal(worker.child.exitCode, null, `the worker exited:\n${tail(worker.log)}`);
  step(`replicas A (:${portA}) and B (:${portB}) ready, worker running`);

  // Two page servers (compose's page-1 and page-2) draw every public page, asking the API (data, change feed) through nginx.
  const pageServers = [pagePort1, pagePort2].map((port, i) =>
    spawnNode(`page-server-${i + 1}`, path.join(root, 'site-server/dist/main.js'), { NODE_ENV: 'production', PUBLIC_ORIGIN: site }, [publicDist, String(port), site]),
  );
  // Up before nginx: a page server that refuses nginx's first request is skipped by it for 10 s.
  for (const [i, port] of [pagePort1, pagePort2].entries()) await waitForPage(pageServers[i], `http://127.0.0.1:${port}/about`);

  const upstream = upstreamServers([`127.0.0.1:${portA}`, `127.0.0.1:${portB}`]);
  const nginxBin = findNginx();
  for (const [name, port, dist, pages] of [['public', publicPort, publicDist, `server 127.0.0.1:${pagePort1}; server 127.0.0.1:${pagePort2};`], ['admin', adminPort, adminDist, NO_PAGE_SERVER]]) {
    const dir = path.join(tmp, `nginx-${name}`);
    const conf = prepareNginx(nginxBin, dir, { API_UPSTREAM_SERVERS: upstream, SITE_LISTEN: `127.0.0.1:${port}`, SITE_ROOT: dist, PAGE_SERVERS: pages });
    const server = await startNginx(nginxBin, dir, conf, `http://127.0.0.1:${port}/`);
    nginxes.push(Object.assign(server, { name }));
  }
  const [publicNginx, adminNginx] = nginxes;
  step(`nginx (${nginxBin}) serving the public site on :${publicPort} and the admin portal on :${adminPort} with deploy/nginx-site.conf`);

  // ---- Public pages, as nginx serves them ----
  const { events } = await gql(site, EVENTS_QUERY, { filter: { when: 'UPCOMING' }, limit: 50 });
  const seeded = events.items.find((e) => !e.isFull && !e.cancelled && !e.hasStarted);
  assert.ok(seeded, `an upcoming seeded event with places (SEED_DEMO): ${JSON.stringify(events).slice(0, 300)}`);

  const pageChecks = [
    { url: '/', lang: 'en', meta: '/', prerendered: true },
    { url: '/?lang=hi', lang: 'hi', meta: '/', prerendered: true },
    { url: '/about', lang: 'en', meta: '/about', prerendered: true },
    { url: '/about?lang=hi', lang: 'hi', meta: '/about', prerendered: true },
    { url: '/about', cookie: 'lang=hi', lang: 'hi', meta: '/about', prerendered: true },
    { url: '/events', lang: 'en', meta: '/events', prerendered: true },
    { url: '/events?lang=hi', lang: 'hi', meta: '/events', prerendered: true },
    { url: `/events/${seeded.id}`, lang: 'en', meta: `/events/${seeded.id}`, prerendered: true, drawn: true },
    { url: `/events/${seeded.id}?lang=hi`, lang: 'hi', meta: `/events/${seeded.id}`, prerendered: true, drawn: true },
  ];

  for (const c of pageChecks) {
    const a = await call(site, 'GET', c.url, { headers: c.cookie ? { cookie: c.cookie } : {} });
    const what = `${c.url}${c.cookie ? ` (cookie ${c.cookie})` : ''}`;
    assert.equal(a.status, 200, what);
    assert.match(a.headers.get('content-type'), /^text\/html/, what);
    assert.match(a.text, new RegExp(`<html lang="${c.lang}">`), `${what}: <html lang="${c.lang}">`);
    assert.equal(a.headers.get('cache-control'), 'no-cache', what);
    assert.match(a.headers.get('content-security-policy') ?? '', /default-src 'self'/, what);
    assert.equal(a.headers.get('x-content-type-options'), 'nosniff', what);
    assert.equal((a.headers.get('content-security-policy') ?? '').split(',').length, 1, `${what}: one Content-Security-Policy`);
    if (c.prerendered) {
      assert.doesNotMatch(a.text, /<div id="root"><\/div>/, `${what} is a prerendered page`);
      // An event's page comes from the page server, drawn with its event in the reader's language.
      // The page's data: each query's answer, keyed by operation and variables (public-site/src/rendering/page-data.ts).
      const pageData = c.drawn ? JSON.parse(/<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(a.text)?.[1] ?? 'null') : null;
      const drawnEvent = pageData ? Object.entries(pageData).find(([key]) => key.startsWith('Event:'))?.[1]?.data?.event : undefined;
      if (c.drawn) assert.equal(drawnEvent?.id, seeded.id, `${what}: drawn by the page server with its event`);
      const title = c.drawn ? eventTitle(c.lang, drawnEvent.title) : metaOfPage(c.url.replace(/\?.*/, ''), c.lang).title;
      assert.ok(a.text.includes(`<title>${title}</title>`), `${what}: <title>${title}</title>`);
      const pathOnly = c.url.replace(/\?.*/, '');
      const canonical = `${site}${pathOnly}${c.lang === 'hi' ? '?lang=hi' : ''}`;
      assert.ok(a.text.includes(`<link rel="canonical" href="${canonical}" />`), `${what}: canonical ${canonical} written by the page server`);
      assert.ok(a.text.includes(`<link rel="alternate" hreflang="hi" href="${site}${pathOnly}?lang=hi" />`), `${what}: Hindi alternate`);
    } else {
      assert.match(a.text, /<div id="root"><\/div>/, `${what} is index.html`);
    }
  }
  const index = await call(site, 'GET', '/events');
  const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(index.text)?.[1];
  assert.ok(asset, 'index.html names a script under /assets/');
  const assetAnswer = await fetch(site + asset, { headers: { 'accept-encoding': 'gzip' } });
  await assetAnswer.arrayBuffer();
  assert.equal(assetAnswer.status, 200, asset);
  assert.equal(assetAnswer.headers.get('content-encoding'), 'gzip', `${asset} is sent as its .gz (gzip_static)`);
  assert.equal(assetAnswer.headers.get('cache-control'), 'max-age=31536000, public, immutable', asset);
  assert.equal((await call(site, 'GET', '/.vite/manifest.json')).status, 404, '/.vite/ is not served');
  // Health checks go to the API replicas (a page server would proxy them back to nginx, round and round).
  const health = await call(site, 'GET', '/healthz');
  assert.equal(health.status, 200, '/healthz through nginx');
  assert.equal(health.body?.status, 'ok', '/healthz is the API\'s');
  const adminIndex = await call(admin, 'GET', '/events');
  assert.equal(adminIndex.status, 200, 'admin portal route');
  assert.match(adminIndex.text, /<div id="root"><\/div>/, 'the admin portal answers index.html for its routes');
  // Both page servers draw pages (nginx balances them).
  await sleep(200);
  const pageAddresses = [`127.0.0.1:${pagePort1}`, `127.0.0.1:${pagePort2}`];
  const pagesBy = countBy(readAccessLog(publicNginx.accessLog).filter((l) => pageAddresses.includes(l.upstreams.at(-1))), (l) => l.upstreams.at(-1));
  assert.deepEqual(Object.keys(pagesBy).sort(), [...pageAddresses].sort(), `pages drawn by both page servers: ${JSON.stringify(pagesBy)}`);

  // ---- Fresh within a second: edits through nginx (two replicas) read back from both page servers ----
  {
    const { adminLogin } = await gql(admin, 'mutation L($input: AdminLoginInput!) { adminLogin(input: $input) { token } }', { input: ADMIN });
    const fresh = await measureFreshness({ site, api: admin, token: adminLogin.token, siteName: SITE_NAME.en, log: step });
    step(`freshness (nginx over two page servers and two API replicas on Postgres): median ${fresh.median.toFixed(0)} ms, worst ${fresh.worst.toFixed(0)} ms of ${fresh.edits}`);
  }

  // The page servers gone: an event's page is the prerendered shell, which asks the API for the event itself.
  for (const p of pageServers) await stopProcess(p);
  const shell = await call(site, 'GET', `/events/${seeded.id}`);
  assert.equal(shell.status, 200, 'an event page without the page server');
  assert.doesNotMatch(shell.text, /id="page-data"/, 'the shell carries no event');
  assert.ok(shell.text.includes(`<title>${metaOfPage(`/events/${seeded.id}`, 'en').title}</title>`), 'the shell has the event page title');
  assert.equal(shell.headers.get('cache-control'), 'no-cache', 'the shell is not cached');
  step(`public pages: ${pageChecks.length} pages in en/hi (drawn by the two page servers, the prerendered shell once they stopped), assets gzip_static, /.vite 404, admin portal index`);

  // ---- A visitor registers for an event with the code from the mail ----
  const first = await registerWithCode(site, outbox, 'first', seeded.id);
  await waitForMail(outbox, first.email, (m) => !/^\d{6}\b/.test(m.subject), 'registration confirmation');
  step(`registration with the mailed code: ${first.email} registered for "${seeded.title}" (confirmation mailed)`);

  // ---- An admin creates an event with an image ----
  const { adminLogin } = await gql(admin, 'mutation L($input: AdminLoginInput!) { adminLogin(input: $input) { token user { email } } }', { input: ADMIN });
  const adminToken = adminLogin.token;
  const sharp = requireFromApi('sharp');
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: { r: 154, g: 52, b: 18 } } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), 'poster.png');
  const upload = (await ok(admin, 'POST', '/api/uploads', { token: adminToken, form })).data;
  assert.ok(upload.imageKey && upload.imageUrl, `upload answers an image key: ${JSON.stringify(upload)}`);
  const title = `Prod shape event ${RUN}`;
  const { createEvent } = await gql(
    admin,
    'mutation C($input: EventInput!) { createEvent(input: $input) { id title imageUrl } }',
    { input: { title, category: 'GENERAL', description: 'Created through nginx by the production-shape test', date: indiaDateInDays(10), time: '10:00', location: 'Prayagraj', maxParticipants: 50, imageKey: upload.imageKey } },
    adminToken,
  );
  const newEvent = createEvent;
  assert.ok(newEvent.imageUrl?.startsWith('/uploads/'), `the event has its image: ${newEvent.imageUrl}`);
  const image = await fetch(site + newEvent.imageUrl);
  const imageBytes = Buffer.from(await image.arrayBuffer());
  assert.equal(image.status, 200, `${newEvent.imageUrl} through nginx`);
  assert.match(image.headers.get('content-type') ?? '', /^image\//, newEvent.imageUrl);
  for (const [name, base] of [['A', A], ['B', B]]) {
    const direct = await fetch(base + newEvent.imageUrl);
    assert.equal(direct.status, 200, `replica ${name} serves ${newEvent.imageUrl} (shared DATA_DIR)`);
    assert.ok(Buffer.from(await direct.arrayBuffer()).equals(imageBytes), `replica ${name} serves the same image`);
  }
  step(`admin signed in, uploaded an image (${imageBytes.length} bytes as ${newEvent.imageUrl}) and created "${title}"`);

  // ---- The new event on the public list, from both replicas ----
  const listed = (answer) => answer.body?.data?.some((e) => e._id === newEvent.id);
  for (const [name, base] of [['A', A], ['B', B]]) {
    const deadline = Date.now() + 5_000;
    while (!listed(await call(base, 'GET', '/api/events'))) {
      assert.ok(Date.now() < deadline, `replica ${name}'s public list shows the new event within 5 s`);
      await sleep(100);
    }
  }
  const listStart = Date.now() / 1000;
  for (let i = 0; i < 6; i++) assert.ok(listed(await call(site, 'GET', '/api/events')), `GET /api/events through nginx (#${i + 1}) lists the new event`);
  await sleep(200); // the access log line is written after the answer
  const listServedBy = countBy(
    readAccessLog(publicNginx.accessLog).filter((l) => l.uri === '/api/events' && l.at / 1000 >= listStart - 0.001),
    (l) => l.upstreams.at(-1),
  );
  assert.deepEqual(Object.keys(listServedBy).sort(), [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`].sort(), `round-robin reached both replicas: ${JSON.stringify(listServedBy)}`);
  const journeyApi = readAccessLog(publicNginx.accessLog).concat(readAccessLog(adminNginx.accessLog)).filter((l) => l.upstreams.length);
  const journeyBy = countBy(journeyApi, (l) => (l.upstreams.at(-1) === `127.0.0.1:${portA}` ? 'A' : 'B'));
  step(`new event listed by A and B directly and by nginx 6 times (${JSON.stringify(listServedBy)}); journey's API requests so far by replica: ${JSON.stringify(journeyBy)}`);

  // ---- Load through nginx; SIGTERM to replica B in the middle ----
  const graphqlList = { query: EVENTS_QUERY, variables: { filter: { when: 'UPCOMING' }, limit: 20 } };
  const pages = ['/', '/about?lang=hi', '/events', `/events/${seeded.id}`, asset]; // pages: the shell from nginx (the page servers are stopped)
  const get = (url, check) => () => ({ method: 'GET', url, check });
  const eventsListed = jsonCheck((j) => j.success === true && Array.isArray(j.data));
  const loops = [
    { kind: 'GET /api/events', base: site, next: get('/api/events', eventsListed) },
    { kind: 'GET /api/events', base: site, next: get('/api/events', eventsListed) },
    { kind: 'GET /api/events/:id', base: site, next: get(`/api/events/${newEvent.id}`, jsonCheck((j) => j.data?._id === newEvent.id)) },
    { kind: 'GET /uploads/…', base: site, next: get(newEvent.imageUrl, (body) => (body.equals(imageBytes) ? null : 'other bytes')) },
    { kind: 'GET page', base: site, next: (i) => ({ method: 'GET', url: pages[i % pages.length], check: (body) => (body.length > 0 ? null : 'empty') }) },
    { kind: 'GET /api/events (admin site)', base: admin, next: get('/api/events', eventsListed) },
    ...[1, 2].map(() => ({
      kind: 'POST /graphql (events query)',
      base: site,
      next: () => ({ method: 'POST', url: '/graphql', json: graphqlList, check: jsonCheck((j) => !j.errors && Array.isArray(j.data?.events?.items)) }),
    })),
  ];
  let bExit = null;
  let stopAt = Infinity;
  let sigtermAt = null;
  const loadStart = Date.now();
  const load = runLoad(loops, () => Date.now() >= stopAt);
  await sleep(LOAD_BEFORE_STOP_MS);
  sigtermAt = Date.now();
  replicaB.child.kill('SIGTERM');
  step(`load running (${loops.length} concurrent loops through nginx); SIGTERM sent to replica B`);
  let exitTimer;
  bExit = await Promise.race([replicaB.exited, new Promise((resolve) => (exitTimer = setTimeout(resolve, LOAD_MAX_MS, null)))]);
  clearTimeout(exitTimer);
  const bExitAt = Date.now();
  stopAt = Math.min(loadStart + LOAD_MAX_MS, Math.max(loadStart + LOAD_MIN_MS, bExitAt + LOAD_AFTER_EXIT_MS));
  const outcomes = await load;
  const loadEnd = Date.now();
  assert.ok(bExit, `replica B did not exit within ${LOAD_MAX_MS / 1000} s of SIGTERM:\n${tail(replicaB.log)}`);

  // ---- Figures ----
  await sleep(200);
  const retryable = outcomes.filter((o) => o.method === 'GET');
  const nonRetryable = outcomes.filter((o) => o.method !== 'GET');
  const failedRetryable = retryable.filter((o) => !o.ok);
  const failedNonRetryable = nonRetryable.filter((o) => !o.ok);
  const duringStop = outcomes.filter((o) => o.end >= sigtermAt && o.start <= bExitAt);
  const windowLog = nginxes
    .flatMap((n) => readAccessLog(n.accessLog))
    .filter((l) => l.upstreams.length && l.at >= loadStart && l.at <= loadEnd + 100);
  const addrB = `127.0.0.1:${portB}`;
  const afterSigterm = windowLog.filter((l) => l.at >= sigtermAt);
  const servedByBDraining = afterSigterm.filter((l) => l.upstreams.at(-1) === addrB && l.upstreamStatuses.at(-1) !== '502').length;
  const retried = afterSigterm.filter((l) => l.upstreams.length > 1);
  const firstRetry = retried.length ? retried.reduce((a, l) => (l.at < a.at ? l : a)) : null;

  console.log(
    [
      `load through nginx for ${((loadEnd - loadStart) / 1000).toFixed(1)} s, SIGTERM to replica B at +${((sigtermAt - loadStart) / 1000).toFixed(1)} s, B exited (code ${bExit.code}) at +${((bExitAt - loadStart) / 1000).toFixed(1)} s`,
      `requests: ${outcomes.length} in all, ${duringStop.length} between the SIGTERM and B's exit`,
      `by status: ${JSON.stringify(countBy(outcomes, (o) => o.status))}`,
      `by kind: ${Object.entries(countBy(outcomes, (o) => o.kind)).map(([k, n]) => `${k} ${n}`).join(', ')}`,
      `failed retryable (GET): ${failedRetryable.length} of ${retryable.length}`,
      `failed non-retryable (POST /graphql once sent): ${failedNonRetryable.length} of ${nonRetryable.length}`,
      `nginx, after the SIGTERM: ${afterSigterm.length} API requests, ${servedByBDraining} answered by B while it drained, ${retried.length} sent on to A after B refused or failed${
        firstRetry ? ` (first at +${((firstRetry.at - loadStart) / 1000).toFixed(1)} s: ${firstRetry.method} ${firstRetry.uri} → ${firstRetry.upstreamStatuses.join(', ')})` : ''
      }`,
    ].join('\n'),
  );
  for (const o of [...failedRetryable, ...failedNonRetryable].slice(0, 20)) console.log(`  failed: ${o.kind} at +${((o.start - loadStart) / 1000).toFixed(2)} s: ${o.error}`);

  assert.equal(failedRetryable.length, 0, `${failedRetryable.length} retryable requests failed while replica B stopped`);
  assert.ok(duringStop.length > 0, 'requests were made while replica B stopped');
  assert.deepEqual(bExit, { code: 0, signal: null }, `replica B exits 0 after draining:\n${tail(replicaB.log)}`);
  if (failedNonRetryable.length) console.log(`note: ${failedNonRetryable.length} POSTs failed (nginx does not replay a POST it had sent)`);

  // ---- The journey goes on with replica A alone ----
  const second = await registerWithCode(site, outbox, 'second', newEvent.id);
  assert.equal(second.registeredCount, 1, 'the second visitor is the new event’s first registration');
  const { eventRegistrations } = await gql(admin, 'query R($eventId: ID!) { eventRegistrations(eventId: $eventId) { id email } }', { eventId: newEvent.id }, adminToken);
  assert.deepEqual(eventRegistrations.map((u) => u.email), [second.email], 'the admin sees the registration');
  const { sendEventReminderNow } = await gql(admin, 'mutation M($eventId: ID!) { sendEventReminderNow(eventId: $eventId) { queued message } }', { eventId: newEvent.id }, adminToken);
  assert.equal(sendEventReminderNow.queued, 1, `one reminder queued: ${sendEventReminderNow.message}`);
  // The replicas do not work the queue (JOBS_WORKER=false): this mail is the worker's.
  const reminder = await waitForMail(outbox, second.email, (m) => m.subject.startsWith('Reminder:'), 'reminder (sent by the worker)', 20_000);
  assert.ok(reminder.subject.includes(title), reminder.subject);
  const afterStop = readAccessLog(publicNginx.accessLog).concat(readAccessLog(adminNginx.accessLog)).filter((l) => l.at > loadEnd + 100 && l.upstreams.length);
  assert.ok(afterStop.every((l) => l.status < 500), `no API request failed after the stop: ${JSON.stringify(afterStop.filter((l) => l.status >= 500))}`);
  step(`journey went on with replica A alone: ${second.email} registered for the new event, the admin saw it and the worker mailed the reminder ("${reminder.subject}")`);

  // The worker stops cleanly too.
  await stopProcess(worker);
  assert.deepEqual(await worker.exited, { code: 0, signal: null }, `the worker exits 0 on SIGTERM:\n${tail(worker.log)}`);
  step('done');
  passed = true;
});
