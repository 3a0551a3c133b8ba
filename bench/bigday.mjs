// The "big day" rows of `npm run bench` (BENCH_ONLY=bigday runs only these): the evening a workshop's
// certificates go out and the morning its registration opens. Each scenario gets a fresh database
// (Postgres: BENCH_BIGDAY_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/gj_bigday, dropped and
// made again; embedded: a fresh data folder), filled by api/dist/db/bigday-seed.js before the API starts
// (people, an event, sign-in tokens minted with the API's secret: no sign-in mails), and a local SMTP sink
// in this process that accepts every mail.
//
//   certificates   500 attendees (BENCH_CERTIFICATES), issued by an admin's POST /api/events/{id}/certificates:
//                  time until the sink has the 500th mail with its PDF, certificates per second, each person
//                  mailed once; meanwhile a steady 50 public reads a second (GET /api/events, /api/events/{id})
//                  and their p99. On Postgres, the API alone (it works the queue) and with `npm run worker` beside it.
//   reminders      5,000 registrants (BENCH_REMINDERS), an admin's "send reminder now": reminders per second.
//   opening        2,000 signed-in teachers (BENCH_OPENING_PEOPLE) register at once for one event of 300 places
//                  (BENCH_OPENING_PLACES): exactly 300 registered, the rest 409 EVENT_FULL, no 5xx, p50/p99; then
//                  the same number of GET /healthz on the same connections, for the ratio. On Postgres through
//                  two API replicas (half the people each), and on the embedded database (one API).
//
//   BENCH_BIGDAY_ONLY=certificates,reminders,opening   a subset
//   BENCH_OPENING_DB=postgres|pglite                   the opening on one database only (default both)
//   BENCH_CERTIFICATE_RUNS=alone|worker                the certificates from the API alone or with the worker only (default both)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const env = process.env;
const log = (...a) => console.error('[bench bigday]', ...a);
const CERTIFICATES = Number(env.BENCH_CERTIFICATES || 500);
const REMINDERS = Number(env.BENCH_REMINDERS || 5000);
const OPENING_PEOPLE = Number(env.BENCH_OPENING_PEOPLE || 2000);
const OPENING_PLACES = Number(env.BENCH_OPENING_PLACES || 300);
const OPENING_CONNECTIONS = 50;
const READ_RATE = 50;
const bigdayUrl = env.BENCH_BIGDAY_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/gj_bigday';

const percentile = (sorted, p) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]) : NaN);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** A local SMTP server that accepts everything: when each mail came, to whom, and whether it carried a PDF. */
async function smtpSink() {
  const mails = [];
  const waiters = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        mails.push({ at: performance.now(), to: session.envelope.rcptTo.map((r) => r.address).join(','), pdf: raw.includes('application/pdf') });
        for (const w of [...waiters]) if (mails.filter(w.which).length >= w.n) w.resolve();
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    reset: () => mails.splice(0),
    /** Until n mails (of those `which` accepts) have come. */
    waitFor: (n, ms, which = () => true) =>
      mails.filter(which).length >= n
        ? Promise.resolve()
        : new Promise((resolve, reject) => {
            const w = { n, which, resolve: () => (clearTimeout(t), waiters.splice(waiters.indexOf(w), 1), resolve()) };
            const t = setTimeout(() => reject(new Error(`only ${mails.filter(which).length} of ${n} mails after ${ms / 1000} s`)), ms);
            waiters.push(w);
          }),
    stop: () => new Promise((r) => server.close(r)),
  };
}

export async function bigdayRows({ apiDir, children, apiHeapMb }) {
  const apiRoot = path.dirname(apiDir);
  const here = path.dirname(new URL(import.meta.url).pathname);
  const only = (env.BENCH_BIGDAY_ONLY || 'certificates,reminders,opening').split(',');
  const jwtSecret = randomBytes(48).toString('base64url');
  const sink = await smtpSink();

  const baseEnv = (extra) => {
    const e = {
      ...env,
      NODE_ENV: 'production',
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: 'bench-admin@bench.example',
      ADMIN_PASSWORD: 'Bench-Admin-Password-1',
      BCRYPT_COST: '10',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      PUBLIC_ORIGIN: 'http://localhost:3000',
      ADMIN_ORIGIN: 'http://localhost:3001',
      SMTP_URL: sink.url,
      ...extra,
    };
    for (const k of Object.keys(e)) if (e[k] === undefined) delete e[k];
    return e;
  };

  /** A fresh database for one scenario: Postgres dropped and made again, or an empty embedded folder. */
  async function freshDatabase(kind) {
    if (kind === 'pglite') {
      const dataDir = path.join(here, '.data', 'bigday-pglite');
      rmSync(dataDir, { recursive: true, force: true });
      return { DATA_DIR: dataDir, DATABASE_URL: undefined };
    }
    const name = decodeURIComponent(new URL(bigdayUrl).pathname.slice(1));
    const admin = new URL(bigdayUrl);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
    await client.end();
    return { DATA_DIR: path.join(here, '.data', 'bigday-postgres'), DATABASE_URL: bigdayUrl };
  }

  function seed(dbEnv, ...args) {
    const r = spawnSync('node', [path.join(apiDir, 'dist/db/bigday-seed.js'), ...args.map(String)], { cwd: apiRoot, env: baseEnv(dbEnv), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`bigday-seed ${args.join(' ')} failed: ${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').pop());
  }

  async function start(script, dbEnv, extra = {}) {
    const port = await freePort();
    const child = spawn('node', [...(apiHeapMb ? [`--max-old-space-size=${apiHeapMb}`] : []), path.join(apiDir, 'dist', script)], {
      cwd: apiRoot,
      env: baseEnv({ ...dbEnv, API_PORT: String(port), ...extra }),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    const stop = async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    };
    if (script !== 'main.js') {
      await sleep(3000); // the worker has no HTTP port: give it its start
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
      return { child, stop };
    }
    const t0 = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${base}/readyz`)).ok) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() - t0 > 120_000) throw new Error('API did not become ready');
      await sleep(200);
    }
    return { child, base, stop };
  }

  const post = async (base, p, token) => {
    const res = await fetch(base + p, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`POST ${p}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };

  /** A steady stream of public reads (READ_RATE a second) until stopped: their latencies. */
  function steadyReads(base, eventId) {
    let n = 0;
    const instance = autocannon({
      url: base,
      connections: 5,
      overallRate: READ_RATE,
      duration: 3600,
      requests: [{ method: 'GET', path: '/api/events', setupRequest: (r) => ({ ...r, path: n++ % 2 ? `/api/events/${eventId}` : '/api/events' }) }],
    });
    const latencies = [];
    let bad = 0;
    instance.on('response', (_c, status, _b, ms) => {
      latencies.push(ms);
      if (status >= 300) bad++;
    });
    const done = new Promise((resolve) => instance.on('done', resolve));
    return {
      stop: async () => {
        instance.stop();
        await done;
        latencies.sort((a, b) => a - b);
        return { count: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: Math.round(latencies.at(-1) ?? NaN), bad };
      },
    };
  }

  const rows = [];
  const lines = [];

  async function certificates(withWorker) {
    const label = `certificates: ${CERTIFICATES} mailed with their PDF (Postgres, ${withWorker ? 'API + npm run worker' : 'API alone, the default single process'})`;
    log(label);
    const db = await freshDatabase('postgres');
    const data = seed(db, 'certificates', CERTIFICATES);
    const api = await start('main.js', db);
    const worker = withWorker ? await start('worker.js', db) : null;
    sink.reset();
    await sleep(1000);
    const reads = steadyReads(api.base, data.eventId);
    await sleep(2000); // reads before the run, as a baseline is not needed: the p99 below is of the reads during it
    const t0 = performance.now();
    await post(api.base, `/api/events/${data.eventId}/certificates`, data.adminToken);
    let error = null;
    // Only the certificates (a mail with the PDF): the attendees of an event that has ended get its
    // feedback request too, by another job, and those mails must not count.
    const isCertificate = (m) => m.pdf;
    await sink.waitFor(CERTIFICATES, 300_000, isCertificate).catch((e) => (error = e));
    const certificateMails = () => sink.mails.filter(isCertificate);
    const seconds = ((certificateMails().at(CERTIFICATES - 1)?.at ?? performance.now()) - t0) / 1000;
    const read = await reads.stop();
    await sleep(2000); // a mail sent twice would arrive now
    const recipients = new Set(certificateMails().map((m) => m.to));
    const withPdf = certificateMails().length;
    const others = sink.mails.length - withPdf;
    await worker?.stop();
    await api.stop();
    rows.push({
      name: label,
      figure: `${(Math.min(withPdf, CERTIFICATES) / seconds).toFixed(1)} per second; the ${CERTIFICATES}th after ${seconds.toFixed(1)} s`,
      check: `${withPdf} certificate mails (with the PDF) to ${recipients.size} people; ${others} other mails meanwhile (feedback requests)${error ? `; ${error.message}` : ''}`,
      reads: `${read.count} public reads at ${READ_RATE}/s meanwhile: p50 ${read.p50} ms, p99 ${read.p99} ms, max ${read.max} ms, ${read.bad} not 2xx`,
    });
  }

  async function reminders() {
    const label = `reminders: ${REMINDERS} (an admin's "send reminder now"; Postgres, API alone)`;
    log(label);
    const db = await freshDatabase('postgres');
    const data = seed(db, 'reminders', REMINDERS);
    const api = await start('main.js', db);
    sink.reset();
    const t0 = performance.now();
    await post(api.base, `/api/events/${data.eventId}/remind`, data.adminToken);
    let error = null;
    await sink.waitFor(REMINDERS, 300_000).catch((e) => (error = e));
    const seconds = ((sink.mails.at(REMINDERS - 1)?.at ?? performance.now()) - t0) / 1000;
    await sleep(1000);
    const recipients = new Set(sink.mails.map((m) => m.to));
    await api.stop();
    rows.push({
      name: label,
      figure: `${(Math.min(sink.mails.length, REMINDERS) / seconds).toFixed(0)} per second; the ${REMINDERS}th after ${seconds.toFixed(1)} s`,
      check: `${sink.mails.length} mails to ${recipients.size} people${error ? `; ${error.message}` : ''}`,
      reads: '–',
    });
  }

  /** `perTarget[i]` requests against `bases[i]`, all at once: statuses, codes, latencies, elapsed seconds. */
  async function burst(bases, perTarget, request) {
    let failed = 0;
    const latencies = [];
    const statuses = {};
    const codes = {};
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      bases.map((base, i) => {
        const instance = autocannon({
          url: base,
          connections: Math.ceil(OPENING_CONNECTIONS / bases.length),
          amount: perTarget[i],
          timeout: 30,
          requests: [
            {
              ...request(0),
              setupRequest: (r) => ({ ...r, ...request(next++) }),
              onResponse: (status, body) => {
                if (status >= 400) {
                  const code = /"code":"([A-Z_]+)"/.exec(String(body))?.[1] ?? String(status);
                  codes[code] = (codes[code] ?? 0) + 1;
                }
              },
            },
          ],
        });
        instance.on('response', (_c, status, _b, ms) => {
          latencies.push(ms);
          statuses[status] = (statuses[status] ?? 0) + 1;
        });
        return instance.then((r) => (failed += r.errors + r.timeouts));
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    return { seconds, count: latencies.length, failed, statuses, codes, p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: latencies.length / seconds };
  }

  async function opening(kind) {
    const replicas = kind === 'postgres' ? 2 : 1;
    const label = `registration opening: ${OPENING_PEOPLE} signed-in teachers, one event of ${OPENING_PLACES} places (${kind === 'postgres' ? 'Postgres, two API replicas' : 'embedded database, one API'})`;
    log(label);
    const db = await freshDatabase(kind);
    const data = seed(db, 'opening', OPENING_PEOPLE, OPENING_PLACES);
    const apis = [];
    // Replicas as docker-compose runs them: the first works the queue (the confirmation mails), the second only answers.
    for (let i = 0; i < replicas; i++) apis.push(await start('main.js', db, i ? { JOBS_WORKER: 'false' } : {}));
    const bases = apis.map((a) => a.base);
    const split = bases.map((_, i) => Math.floor(OPENING_PEOPLE / bases.length) + (i < OPENING_PEOPLE % bases.length ? 1 : 0));
    const rush = await burst(bases, split, (i) => ({
      method: 'POST',
      path: `/api/events/${data.eventId}/register`,
      headers: { authorization: `Bearer ${data.tokens[i % data.tokens.length]}`, 'content-type': 'application/json' },
      body: '{}',
    }));
    const health = await burst(bases, split, () => ({ method: 'GET', path: '/healthz', headers: {}, body: undefined }));
    const event = await (await fetch(`${bases[0]}/api/events/${data.eventId}`)).json();
    for (const a of apis) await a.stop();
    const fivexx = Object.entries(rush.statuses).filter(([s]) => Number(s) >= 500).reduce((n, [, c]) => n + c, 0);
    const registered = rush.statuses[200] ?? 0;
    rows.push({
      name: label,
      figure: `${registered} registered, ${rush.codes.EVENT_FULL ?? 0} told EVENT_FULL (409), ${fivexx} 5xx, ${rush.failed} without an answer (errors, timeouts); in ${rush.seconds.toFixed(1)} s (${Math.round(rush.rps)}/s), p50 ${rush.p50} ms, p99 ${rush.p99} ms`,
      check: `the event says ${event.data?.registeredCount} registered, isFull ${event.data?.isFull}; statuses ${JSON.stringify(rush.statuses)}; other codes ${JSON.stringify(Object.fromEntries(Object.entries(rush.codes).filter(([c]) => c !== 'EVENT_FULL')))}`,
      reads: `${health.count} GET /healthz on the same ${OPENING_CONNECTIONS} connections: ${Math.round(health.rps)}/s, p99 ${health.p99} ms; the rush ran at ${((rush.rps / health.rps) * 100).toFixed(1)}% of that`,
    });
  }

  try {
    if (only.includes('certificates')) {
      const runs = (env.BENCH_CERTIFICATE_RUNS || 'alone,worker').split(',');
      if (runs.includes('alone')) await certificates(false);
      if (runs.includes('worker')) await certificates(true);
    }
    if (only.includes('reminders')) await reminders();
    if (only.includes('opening')) {
      const kinds = (env.BENCH_OPENING_DB || 'postgres,pglite').split(',');
      if (kinds.includes('postgres')) await opening('postgres');
      if (kinds.includes('pglite')) await opening('pglite');
    }
  } finally {
    await sink.stop();
  }
  lines.push(
    `Big day: each scenario on a fresh database (Postgres ${bigdayUrl}, or an embedded one), the API built from ${apiDir}, NODE_ENV=production${apiHeapMb ? `, --max-old-space-size=${apiHeapMb}` : ''}; mails to an SMTP sink in the bench process.`,
    '',
    '| scenario | figure | check | meanwhile |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${r.figure} | ${r.check} | ${r.reads} |`),
  );
  return { rows, lines };
}
