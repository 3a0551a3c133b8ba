// The dev shape's freshness (issue 22): one API on the embedded database and the site server, as
// `npm start` runs them; edits made through the API show in the served pages and their link previews
// within 1 s (scripts/freshness.mjs prints the median and worst of 50). The production shape's is in
// scripts/prod-shape.test.mjs (nginx over two page servers and two API replicas on Postgres).
//
// Needs the built API, site server and public site (npm run build); skips without them, except with
// FRESHNESS_REQUIRED=1 (.ci/run), where it fails. Ports: FRESHNESS_PORT and the one after it (default 5150).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { measureFreshness } from './freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const needed = ['api/dist/main.js', 'site-server/dist/main.js', 'public-site/dist/prerendered/routes.json', 'public-site/dist-ssr/entry-server.js'];
const missing = needed.find((f) => !existsSync(path.join(root, f)));
const skip = missing ? `${missing} does not exist (npm run build)` : false;
if (skip && process.env.FRESHNESS_REQUIRED === '1') throw new Error(`freshness test cannot run: ${skip}`);

const port = Number(process.env.FRESHNESS_PORT || 5150);
const children = [];
let tmp = null;
after(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r)))));
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

function start(name, args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err = (err + d).slice(-3000)));
  child.log = () => err;
  children.push(child);
  return child;
}

async function waitFor(url, child) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited: ${child.log()}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    if (Date.now() - started > 60_000) throw new Error(`${url} not answering after 60 s: ${child.log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('dev shape: an edit through the API shows in the served pages and their previews within 1 s', { skip, timeout: 120_000 }, async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'gj-fresh-'));
  const admin = { email: 'freshness@test.example', password: 'Freshness-Test-1' };
  const api = `http://127.0.0.1:${port}`;
  const site = `http://127.0.0.1:${port + 1}`;
  const apiProc = start('api', ['api/dist/main.js'], { API_PORT: String(port), DATA_DIR: path.join(tmp, 'data'), ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SEED_DEMO: 'true', LOG_LEVEL: 'warn', PUBLIC_ORIGIN: site });
  await waitFor(`${api}/readyz`, apiProc);
  const siteProc = start('site', ['site-server/dist/main.js', 'public-site/dist', String(port + 1), api], { PUBLIC_ORIGIN: site });
  await waitFor(`${site}/about`, siteProc);
  const res = await fetch(`${api}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'mutation L($input: AdminLoginInput!) { adminLogin(input: $input) { token } }', variables: { input: admin } }) });
  const token = (await res.json()).data.adminLogin.token;
  const siteName = JSON.parse(readFileSync(path.join(root, 'shared/organisation.json'), 'utf8')).en;
  await measureFreshness({ site, api, token, siteName });
});
