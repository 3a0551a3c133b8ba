// The API key check's cost per request, in one run: GET /api/events (the REST events list, first page)
// signed out (the public cache answers), with an admin token (no cache: token check + the list), and with
// an API key holding events:read (key check + per-key rate limit, then the public cache answers); and GET
// /api/visitor-count signed out and with the key, where the key check's own cost (two statements: the key
// row with its creator, the rate-limit counter) is most of the difference. autocannon, 20 connections, 3 s warm-up, BENCH_SECONDS (10) each,
// the three measured in turn twice (the better of each kept).
//
//   node bench/api-key-cost.mjs        (after `npm run build -w api`; Postgres at BENCH_PG or postgres://postgres@127.0.0.1:5432)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const base = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const dbName = 'gj_keybench';
const port = Number(process.env.BENCH_PORT ?? 5460);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const origin = `http://127.0.0.1:${port}`;

const admin = new pg.Client({ connectionString: `${base}/postgres` });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();

const api = spawn(process.execPath, ['api/dist/main.js'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: `${base}/${dbName}`, API_PORT: String(port), JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789', ADMIN_EMAIL: 'bench@test.local', ADMIN_PASSWORD: 'Bench-Password-1', SEED_DEMO: 'true', LOG_LEVEL: 'warn', API_KEY_RATE_LIMIT: '1000000', BCRYPT_COST: '10' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch { /* starting */ }
    if (i > 300) throw new Error('the API did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await (await fetch(`${origin}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@test.local', password: 'Bench-Password-1' }) })).json();
  const token = login.token;
  const made = await (await fetch(`${origin}/api/admin/api-keys`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ name: 'bench', scopes: ['events:read'] }) })).json();
  // The events list, and GET /api/visitor-count (one small statement, no cache) where the check's own cost shows.
  const rows = {
    'events, signed out (public cache)': ['/api/events', {}],
    'events, admin token': ['/api/events', { authorization: `Bearer ${token}` }],
    'events, API key (events:read)': ['/api/events', { authorization: `Bearer ${made.key}` }],
    'visitor-count, signed out': ['/api/visitor-count', {}],
    'visitor-count, API key': ['/api/visitor-count', { authorization: `Bearer ${made.key}` }],
  };
  const run = ([url, headers], duration) => autocannon({ url: `${origin}${url}`, connections: 20, duration, headers });
  const best = {};
  for (let round = 0; round < 2; round++) {
    for (const [name, headers] of Object.entries(rows)) {
      await run(headers, 3);
      const r = await run(headers, seconds);
      const non2xx = r.non2xx + r.errors;
      if (!best[name] || r.requests.average > best[name].rps) best[name] = { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx };
    }
  }
  console.log(`autocannon, 20 connections, ${seconds} s a row, best of 2 rounds (load average ${(await import('node:os')).loadavg()[0].toFixed(1)}):`);
  for (const [name, b] of Object.entries(best)) console.log(`  ${name.padEnd(28)} ${b.rps.toFixed(0).padStart(6)} req/s   p50 ${b.p50} ms   p99 ${b.p99} ms   non-2xx ${b.non2xx}`);
  const perReq = (rps) => 1000 / rps;
  const diff = (with_, without) => `${((perReq(best[with_].rps) - perReq(best[without].rps)) * 1000).toFixed(0)} µs of server time per request (${((1 - best[with_].rps / best[without].rps) * 100).toFixed(1)}% fewer req/s)`;
  console.log(`  events list, key vs admin token: ${diff('events, API key (events:read)', 'events, admin token')}`);
  console.log(`  events list, key vs signed out: ${diff('events, API key (events:read)', 'events, signed out (public cache)')}`);
  console.log(`  visitor count, key vs signed out: ${diff('visitor-count, API key', 'visitor-count, signed out')}`);
} finally {
  api.kill('SIGTERM');
}
