/**
 * SIGTERM under load, on the built server (node api/dist/main.js) with its own database: requests in
 * flight finish successfully, /readyz answers 503 while draining, keep-alive connections do not hold the
 * process open, new connections are refused once the listener closes, and the process exits 0 promptly.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { usingPostgres } from '../../test/harness';

const API_DIR = path.resolve(__dirname, '../../..');
const MAIN = path.join(API_DIR, 'dist/main.js');
// Long enough that the readiness probe sent 100 ms into the grace period is accepted before the listener closes
// even on a loaded machine, where the embedded database's queries of the requests in flight hold the server's
// event loop: at 600 ms (and at 1.5 s) the probe was still in the accept queue at load 14-20, and was reset with
// it (read ECONNRESET, 2 s after the signal).
const GRACE_MS = 3_000;
const ADMIN = { email: 'admin@sigterm.test', password: 'Sigterm-Password-1' };

/** Newest modification time of the sources that make up dist (tests excluded). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '__tests__' || entry.name === 'test') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? statSync(full).mtimeMs : 0);
  }
  return newest;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

function call(port: number, method: string, pathname: string, body?: unknown, agent: http.Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      { host: '127.0.0.1', port, method, path: pathname, agent, headers: data ? { 'content-type': 'application/json', 'content-length': data.length } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('timed out')));
    req.end(data);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`SIGTERM during load (built server, ${usingPostgres ? 'fresh Postgres database' : 'PGlite in a temp DATA_DIR'})`, () => {
  let child: ChildProcess;
  let port: number;
  let dataDir: string;
  let dbName: string | undefined;
  let output = '';
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;

  beforeAll(async () => {
    // The CI build step leaves dist fresh; a stale or missing dist (local edits) is rebuilt first.
    let built = 0;
    try {
      built = statSync(MAIN).mtimeMs;
    } catch {
      built = 0;
    }
    if (built < newestSource(path.join(API_DIR, 'src'))) execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: API_DIR, stdio: 'pipe' });

    dataDir = mkdtempSync(path.join(os.tmpdir(), 'gj-sigterm-'));
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    };
    if (usingPostgres) {
      const base = new URL(process.env.TEST_DATABASE_URL!);
      dbName = `gj_sigterm_${process.pid}_${Date.now().toString(36)}`;
      const admin = new Client({ connectionString: base.toString() });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      base.pathname = `/${dbName}`;
      env.DATABASE_URL = base.toString();
    }
    port = await freePort();
    env.API_PORT = String(port);
    child = spawn(process.execPath, [MAIN], { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
    const deadline = Date.now() + 40_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API exited at start:\n${output}`);
      const ready = await call(port, 'GET', '/readyz').catch(() => null);
      if (ready?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`the API did not become ready:\n${output}`);
      await sleep(200);
    }
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const dropper = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await dropper.end();
    }
  });

  it('answers requests Node itself rejects (oversized headers) in the documented error shape', async () => {
    const res = await call(port, 'GET', `/api/events?search=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', msg: 'Request headers are too large' });
  });

  it('finishes the requests in flight, drains with readiness 503, refuses new connections, exits 0', async () => {
    // Idle keep-alive connections (as browsers and proxies keep them) must not hold the server open.
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 4 });
    await Promise.all(Array.from({ length: 4 }, () => call(port, 'GET', '/healthz', undefined, keepAlive)));

    // A stream of slow-ish requests: admin sign-ins (bcrypt, cost 12) and event reads, each on its own connection.
    const sent: { at: number; result: Promise<Answer>; done: boolean }[] = [];
    let stopStream = false;
    const send = (i: number) => {
      const result = i % 2 === 0
        ? call(port, 'POST', '/api/admin/login', ADMIN)
        : call(port, 'POST', '/graphql', { query: `{ events(filter: { search: "s${i}" }) { total } }` });
      const entry = { at: Date.now(), result, done: false };
      result.then(() => (entry.done = true), () => (entry.done = true));
      sent.push(entry);
    };
    const stream = (async () => {
      for (let i = 0; !stopStream; i++) {
        send(i);
        await sleep(40);
      }
    })();
    await sleep(300);
    // The stream stops at the signal (a load balancer stops routing during the grace period): everything
    // sent so far is in flight and must be answered. (Connections made later, close to the moment the
    // listener closes, can sit in the kernel's accept queue behind a busy event loop and be reset with it.)
    stopStream = true;
    await stream;
    for (let i = 0; i < 10; i++) send(i);
    await sleep(30);
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    const unansweredAtSignal = sent.filter((s) => !s.done).length;

    // During the grace period: readiness says "draining" (new connections still accepted), liveness is fine.
    await sleep(100);
    const ready = await call(port, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'draining' });
    expect(ready.headers.connection).toBe('close');

    // Once the listener closes, new connections are refused.
    let refusedAt = 0;
    while (Date.now() - signalledAt < GRACE_MS + 3_000) {
      const err = await call(port, 'GET', '/healthz').then(() => null, (e: NodeJS.ErrnoException) => e);
      if (err?.code === 'ECONNREFUSED') {
        refusedAt = Date.now();
        break;
      }
      await sleep(25);
    }
    expect(refusedAt).toBeGreaterThan(0);
    expect(refusedAt - signalledAt).toBeGreaterThanOrEqual(GRACE_MS - 50);

    // Every request in flight at the signal is answered in full and successfully.
    // Log lines are JSON (pino), one a line. They are read once the process has exited: the listener closes in
    // the same turn as its log line is written, but the line can reach this side of the pipe after the
    // refused connection does (it did once logins held the thread pool for longer, at BCRYPT_COST 12).
    const exit = await exited;
    const closing = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { time: string; level: string; msg: string })
      .find((line) => line.level === 'info' && line.msg.startsWith('listener closing'));
    expect(closing).toBeDefined();
    expect(Date.parse(closing!.time) - signalledAt).toBeGreaterThanOrEqual(GRACE_MS - 50);
    const outcomes = await Promise.all(sent.map(async (s) => ({ offset: s.at - signalledAt, outcome: await s.result.then((a) => a, (e: NodeJS.ErrnoException) => e.code ?? e.message) })));
    expect(outcomes.length).toBeGreaterThan(4);
    expect(unansweredAtSignal).toBeGreaterThan(2);
    expect(outcomes.filter((o) => typeof o.outcome === 'string' || o.outcome.status !== 200)).toEqual([]);
    const answered = outcomes.map((o) => o.outcome).filter((o): o is Answer => typeof o !== 'string');
    expect(answered.filter((a) => a.body?.token).length).toBeGreaterThan(2);
    expect(answered.filter((a) => !a.body?.token && a.body?.data?.events?.total !== 0)).toEqual([]);

    const { code, signal, at } = exit;
    keepAlive.destroy();
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(at - signalledAt).toBeLessThan(GRACE_MS + 5_000);
    expect(output).toMatch(/SIGTERM: draining/);
    expect(output).toMatch(/stopped/);
  }, 30_000);
});
