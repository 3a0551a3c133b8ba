// npm run lighthouse: Lighthouse (mobile settings: Moto G class device, simulated slow 4G and 4x CPU
// slowdown) in Debian's Chromium against a stack it starts itself on its own ports and a throw-away
// data directory, on the home, events, an event, contact and login pages. Prints the four category
// scores per run and what keeps a score below its target; exits 1 when the best run misses a target.
//
// Lighthouse is not a dependency of the project: it is installed on first use into a cache directory
// (LIGHTHOUSE_CACHE, default ~/.cache/gyan-jyoti-lighthouse) with `npm install --no-save`.
//
// Options: --runs=N (default 2), --keep (leave the stack running), LIGHTHOUSE_URL=http://host:port
// to audit an already running public site instead of starting one, CHROMIUM_PATH.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const LIGHTHOUSE_VERSION = '12.8.2'; // 13.x needs Node 22
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 2);
const keep = args.includes('--keep');
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const targets = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };
const ports = { api: 4600, public: 3600, admin: 3601 };
const reportDir = path.join(root, 'e2e', 'artifacts', 'lighthouse');

function log(message) {
  process.stderr.write(`${message}\n`);
}

/** Installs Lighthouse into the cache directory once and returns its module and chrome-launcher. */
async function loadLighthouse() {
  const cache = path.join(process.env.LIGHTHOUSE_CACHE || path.join(os.homedir(), '.cache', 'gyan-jyoti-lighthouse'), LIGHTHOUSE_VERSION);
  const marker = path.join(cache, 'node_modules', 'lighthouse', 'package.json');
  if (!existsSync(marker)) {
    log(`installing lighthouse@${LIGHTHOUSE_VERSION} into ${cache} (first run only)...`);
    mkdirSync(cache, { recursive: true });
    writeFileSync(path.join(cache, 'package.json'), '{"private":true}\n');
    const result = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', `lighthouse@${LIGHTHOUSE_VERSION}`], { cwd: cache, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('could not install lighthouse');
  }
  const require = createRequire(path.join(cache, 'package.json'));
  const lighthouse = (await import(pathToFileURL(require.resolve('lighthouse')).href)).default;
  const chromeLauncher = await import(pathToFileURL(require.resolve('chrome-launcher')).href);
  return { lighthouse, chromeLauncher };
}

async function waitFor(url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Starts the product as `npm start` does, on its own ports and a fresh data directory. */
async function startStack() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gjem-lighthouse-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: false,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      API_PORT: String(ports.api),
      PUBLIC_PORT: String(ports.public),
      ADMIN_PORT: String(ports.admin),
      PUBLIC_ORIGIN: `http://localhost:${ports.public}`,
      ADMIN_ORIGIN: `http://localhost:${ports.admin}`,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'silent',
      SMTP_URL: '',
    },
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  child.once('exit', (code) => {
    if (code && code !== 0) log(`the stack exited with ${code}`);
  });
  log(`starting the stack on :${ports.public} (API :${ports.api}, data in ${dataDir})...`);
  await waitFor(`http://127.0.0.1:${ports.api}/readyz`);
  await waitFor(`http://127.0.0.1:${ports.public}/`);
  return { url: `http://localhost:${ports.public}`, apiUrl: `http://127.0.0.1:${ports.api}`, stop };
}

async function firstEventId(siteUrl) {
  const res = await fetch(`${siteUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ events(filter: { when: UPCOMING }, limit: 1) { items { id } } }' }),
  });
  const body = await res.json();
  const id = body?.data?.events?.items?.[0]?.id;
  if (!id) throw new Error(`no event to audit: ${JSON.stringify(body)}`);
  return id;
}

const pad = (s, n) => String(s).padEnd(n);
const padL = (s, n) => String(s).padStart(n);

function printTable(title, rows) {
  console.log(`\n${title}`);
  console.log(`${pad('page', 20)} ${padL('performance', 11)} ${padL('accessibility', 13)} ${padL('best practices', 14)} ${padL('SEO', 5)}   LCP / TBT / CLS`);
  for (const r of rows) {
    const cell = (key, width) => {
      const v = r.scores[key];
      return padL(`${v}${v < targets[key] ? '!' : ''}`, width);
    };
    console.log(`${pad(r.name, 20)} ${cell('performance', 11)} ${cell('accessibility', 13)} ${cell('best-practices', 14)} ${cell('seo', 5)}   ${r.metrics}`);
  }
}

async function main() {
  const { lighthouse, chromeLauncher } = await loadLighthouse();
  const stack = process.env.LIGHTHOUSE_URL ? { url: process.env.LIGHTHOUSE_URL.replace(/\/$/, ''), stop: async () => {} } : await startStack();
  let failed = false;
  try {
    const eventId = await firstEventId(stack.url);
    const pages = [
      { name: 'home', path: '/' },
      { name: 'events', path: '/events' },
      { name: 'event page', path: `/events/${eventId}` },
      { name: 'contact', path: '/contact' },
      { name: 'login', path: '/login' },
    ];
    mkdirSync(reportDir, { recursive: true });
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
    });
    const best = new Map();
    try {
      for (let run = 1; run <= runs; run++) {
        const rows = [];
        for (const page of pages) {
          // Default config = mobile form factor, simulated throttling (as PageSpeed Insights).
          const result = await lighthouse(`${stack.url}${page.path}`, {
            port: chrome.port,
            output: ['json', 'html'],
            logLevel: 'error',
            onlyCategories: Object.keys(targets),
          });
          const lhr = result.lhr;
          if (lhr.runtimeError) log(`${page.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          const scores = Object.fromEntries(Object.keys(targets).map((k) => [k, Math.round((lhr.categories[k]?.score ?? 0) * 100)]));
          const a = lhr.audits;
          const metrics = `${a['largest-contentful-paint']?.displayValue ?? '?'} / ${a['total-blocking-time']?.displayValue ?? '?'} / ${a['cumulative-layout-shift']?.displayValue ?? '?'}`;
          const file = `${page.name.replace(/\s+/g, '-')}-run${run}`;
          writeFileSync(path.join(reportDir, `${file}.json`), result.report[0]);
          writeFileSync(path.join(reportDir, `${file}.html`), result.report[1]);
          // What keeps a category below 100: failing audits with weight (and the slowest metrics).
          const reasons = [];
          for (const key of Object.keys(targets)) {
            for (const ref of lhr.categories[key]?.auditRefs ?? []) {
              const audit = a[ref.id];
              if (!audit || audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') continue;
              if (audit.score !== null && audit.score < 0.9 && (ref.weight > 0 || key !== 'performance')) {
                reasons.push(`${key}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''} ${audit.title}`.trim());
              }
            }
          }
          rows.push({ name: page.name, scores, metrics, reasons });
          const previous = best.get(page.name);
          best.set(page.name, Object.fromEntries(Object.keys(targets).map((k) => [k, Math.max(previous?.[k] ?? 0, scores[k])])));
        }
        printTable(`Lighthouse ${LIGHTHOUSE_VERSION}, mobile, run ${run} of ${runs} (! = below target; reports in ${path.relative(root, reportDir)})`, rows);
        for (const r of rows) for (const reason of r.reasons) console.log(`  ${r.name}: ${reason}`);
      }
    } finally {
      await chrome.kill();
    }
    console.log(`\ntargets: performance >= ${targets.performance}, accessibility ${targets.accessibility}, best practices >= ${targets['best-practices']}, SEO >= ${targets.seo} (best of ${runs} run(s) counts)`);
    for (const [name, scores] of best) {
      for (const [key, target] of Object.entries(targets)) {
        if (scores[key] < target) {
          console.log(`MISSED ${name}: ${key} ${scores[key]} < ${target}`);
          failed = true;
        }
      }
    }
    if (!failed) console.log('all targets met');
  } finally {
    if (!keep) await stack.stop();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
