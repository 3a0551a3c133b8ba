// npm start: builds what is missing (or out of date), then runs the API (which migrates and seeds),
// the public site and the admin portal, and prints where they are.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env };
const apiPort = Number(env.API_PORT || 4000);
const publicPort = Number(env.PUBLIC_PORT || 3000);
const adminPort = Number(env.ADMIN_PORT || 3001);

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const parts = [
  { workspace: 'api', output: 'api/dist/main.js', sources: ['api/src'] },
  // Before the sites: their builds use its head writer and compressor (site-server/dist).
  { workspace: 'site-server', output: 'site-server/dist/main.js', sources: ['site-server/src'] },
  { workspace: 'public-site', output: 'public-site/dist/index.html', sources: ['public-site/src', 'public-site/index.html', 'public-site/public'] },
  { workspace: 'admin-portal', output: 'admin-portal/dist/index.html', sources: ['admin-portal/src', 'admin-portal/index.html', 'admin-portal/public'] },
];
for (const part of parts) {
  const output = path.join(root, part.output);
  const stale = !existsSync(output) || part.sources.some((s) => {
    const p = path.join(root, s);
    return existsSync(p) && (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs) > statSync(output).mtimeMs;
  });
  if (!stale) continue;
  console.log(`building ${part.workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', part.workspace], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`build of ${part.workspace} failed`);
    process.exit(result.status ?? 1);
  }
}

const children = [];
function run(name, args, extraEnv = {}) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping`);
      shutdown(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.on('exit', r))))).then(() => process.exit(code));
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

run('api', ['api/dist/main.js']);

async function waitForApi() {
  // A first start migrates and seeds the embedded database: measured 81 s on a loaded 2-core machine.
  for (let i = 0; i < 360; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${apiPort}/readyz`);
      if (res.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

if (!(await waitForApi())) {
  console.error('the API did not become ready within 3 minutes');
  shutdown(1);
} else {
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  // The site server (site-server/): every public page drawn with its data, kept until the API's change feed says it changed.
  run('public-site', ['site-server/dist/main.js', 'public-site/dist', String(publicPort), apiUrl]);
  run('admin-portal', ['site-server/dist/main.js', 'admin-portal/dist', String(adminPort), apiUrl]);
  console.log(`
  Public site:   http://localhost:${publicPort}
  Admin portal:  http://localhost:${adminPort}/admin
  API:           http://localhost:${apiPort}  (GraphQL /graphql, REST /api, health /healthz, /readyz)
  Mail:          ${env.SMTP_URL ? `sent through ${env.SMTP_URL}` : `written to ${path.join(env.DATA_DIR || '.data', 'outbox')} (one-time codes are also logged above)`}
  Admin sign-in: ${env.ADMIN_EMAIL || 'admin@example.org'} / ${env.ADMIN_PASSWORD ? '(your ADMIN_PASSWORD)' : 'ChangeMe!2026'}
`);
}
