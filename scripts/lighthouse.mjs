// npm run lighthouse: Lighthouse (mobile settings: Moto G class device, simulated slow 4G) in Debian's
// Chromium against a stack it starts itself on its own ports and a throw-away data directory.
//
// Profiles: "4x" is Lighthouse's default mobile CPU slowdown; "8x" is the same slow 4G network with
// `throttling.cpuSlowdownMultiplier: 8` (the cheapest phones). The home, events, an event, contact and
// login pages are audited in both; the admin portal's login (the reference page: little script, so its
// figures say how fast this machine is at that moment) in both too, and its dashboard (signed in as the
// stack's admin) at 4x. For each page and profile it prints performance, LCP, CLS, TBT and
// main-thread work (accessibility, best practices and SEO beside the 4x figures), the best of the runs,
// and whether each target of the issue "the public site on the cheapest phones" is met:
//   at 4x on home, events, an event, contact and login: performance >= 95, LCP <= 2.5 s, CLS <= 0.05,
//   accessibility 100, best practices >= 95, SEO >= 95; at 8x on home and an event: TBT <= 200 ms;
//   admin login and dashboard: performance >= 90 at 4x.
// Exits 1 when the best run of a page misses one of them.
//
// Lighthouse is not a dependency of the project: it is installed on first use into a cache directory
// (LIGHTHOUSE_CACHE, default ~/.cache/gyan-jyoti-lighthouse) with `npm install --no-save`.
//
// Options:
//   --runs=N          audit every page N times and count the best figure of each (default 1)
//   --pages=a,b       only these pages: home, events, event, contact, login, admin-login, admin-dashboard
//   --profiles=4x,8x  only these CPU profiles (the admin dashboard is audited at 4x only)
//   --out=DIR         where the reports go (default e2e/artifacts/lighthouse): <page>-<profile>-run<N>.report.json
//                     and .report.html per audit
//   --traces          also save each audit's trace (<…>.trace.json: open it in Chrome DevTools' Performance
//                     panel) and DevTools log (<…>.devtoolslog.json), to find where the time goes
//   --devtools-throttling  slow the browser down for real (CDP) instead of Lighthouse's simulation, so the
//                     trace shows the throttled main thread (figures differ from PageSpeed Insights')
//   --keep            leave the stack running
// Environment: LIGHTHOUSE_URL=http://host:port audits an already running public site instead of starting
// one (LIGHTHOUSE_ADMIN_URL for its admin portal, signed in with ADMIN_EMAIL / ADMIN_PASSWORD, default
// the development admin); CHROMIUM_PATH.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const LIGHTHOUSE_VERSION = '12.8.2'; // 13.x needs Node 22
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const list = (value) => (value ? value.split(',').map((s) => s.trim()).filter(Boolean) : null);

const runs = Number(option('runs') ?? 1);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs must be a whole number of at least 1');
  process.exit(2);
}
const keep = args.includes('--keep');
const saveTraces = args.includes('--traces');
const devtoolsThrottling = args.includes('--devtools-throttling');
const onlyPages = list(option('pages'));
const onlyProfiles = list(option('profiles'));
const reportDir = path.resolve(root, option('out') ?? path.join('e2e', 'artifacts', 'lighthouse'));
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ports = { api: 4600, public: 3600, admin: 3601 };
const stackAdmin = { email: 'lighthouse-admin@example.org', password: 'Lighthouse-Admin-Password!1' };

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Lighthouse's default mobile network (slow 4G, as PageSpeed Insights); only the CPU slowdown differs. */
const SLOW_4G = { rttMs: 150, throughputKbps: 1.6 * 1024, requestLatencyMs: 150 * 3.75, downloadThroughputKbps: 1.6 * 1024 * 0.9, uploadThroughputKbps: 750 * 0.9 };
const PROFILES = { '4x': 4, '8x': 8 };

const PUBLIC_PAGES = ['home', 'events', 'event page', 'contact', 'login'];
/** The targets of the issue; `pages` are page names, `value` reads the best figures of a page and profile. */
const TARGETS = [
  ...[
    { label: 'performance >= 95', value: (b) => b.performance, ok: (v) => v >= 95, show: (v) => String(v) },
    { label: 'LCP <= 2.5 s', value: (b) => b.lcp, ok: (v) => v <= 2500, show: seconds },
    { label: 'CLS <= 0.05', value: (b) => b.cls, ok: (v) => v <= 0.05, show: (v) => v.toFixed(3) },
    { label: 'accessibility 100', value: (b) => b.accessibility, ok: (v) => v >= 100, show: (v) => String(v) },
    { label: 'best practices >= 95', value: (b) => b['best-practices'], ok: (v) => v >= 95, show: (v) => String(v) },
    { label: 'SEO >= 95', value: (b) => b.seo, ok: (v) => v >= 95, show: (v) => String(v) },
  ].map((t) => ({ ...t, profile: '4x', pages: PUBLIC_PAGES })),
  { label: 'TBT <= 200 ms', profile: '8x', pages: ['home', 'event page'], value: (b) => b.tbt, ok: (v) => v <= 200, show: millis },
  { label: 'admin performance >= 90', profile: '4x', pages: ['admin login', 'admin dashboard'], value: (b) => b.performance, ok: (v) => v >= 90, show: (v) => String(v) },
];

function log(message) {
  process.stderr.write(`${message}\n`);
}

function seconds(ms) {
  return Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : '?';
}

function millis(ms) {
  return Number.isFinite(ms) ? `${Math.round(ms)} ms` : '?';
}

/** Installs Lighthouse into the cache directory once and returns its module, chrome-launcher and puppeteer-core. */
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
  const load = async (name) => import(pathToFileURL(require.resolve(name)).href);
  const lighthouse = (await load('lighthouse')).default;
  const chromeLauncher = await load('chrome-launcher');
  // Lighthouse's own dependency; used only to put the admin's session into the browser.
  const puppeteer = (await load('puppeteer-core')).default;
  return { lighthouse, chromeLauncher, puppeteer };
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
      ADMIN_EMAIL: stackAdmin.email,
      ADMIN_PASSWORD: stackAdmin.password,
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
  log(`starting the stack on :${ports.public} (admin :${ports.admin}, API :${ports.api}, data in ${dataDir})...`);
  await waitFor(`http://127.0.0.1:${ports.api}/readyz`);
  await waitFor(`http://127.0.0.1:${ports.public}/`);
  await waitFor(`http://127.0.0.1:${ports.admin}/admin/login`);
  return { url: `http://localhost:${ports.public}`, adminUrl: `http://localhost:${ports.admin}`, admin: stackAdmin, stop };
}

async function graphql(siteUrl, query, variables) {
  const res = await fetch(`${siteUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return res.json();
}

async function firstEventId(siteUrl) {
  const body = await graphql(siteUrl, '{ events(filter: { when: UPCOMING }, limit: 1) { items { id } } }');
  const id = body?.data?.events?.items?.[0]?.id;
  if (!id) throw new Error(`no event to audit: ${JSON.stringify(body)}`);
  return id;
}

/** Signs the admin in over GraphQL and returns what the portal keeps in localStorage (adminToken, adminInfo). */
async function adminSession(adminUrl, { email, password }) {
  const body = await graphql(adminUrl, 'mutation($i: AdminLoginInput!) { adminLogin(input: $i) { token user { id name email category } } }', { i: { email, password } });
  const payload = body?.data?.adminLogin;
  if (!payload?.token) throw new Error(`admin sign-in failed: ${JSON.stringify(body?.errors ?? body)}`);
  const { id, name, category } = payload.user;
  return { adminToken: payload.token, adminInfo: JSON.stringify({ id, name, email: payload.user.email, category }) };
}

/**
 * Puts the admin's session into (or, with null, takes it out of) the browser's localStorage for the
 * portal's origin. Lighthouse's storage reset before each audit empties the HTTP cache and some
 * storage types but not localStorage, so the dashboard is audited signed in and as cold as the others.
 */
async function setAdminSession(puppeteer, chromePort, adminUrl, session) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    await page.goto(`${adminUrl}/favicon.svg`);
    await page.evaluate((entries) => {
      for (const key of ['adminToken', 'adminInfo']) window.localStorage.removeItem(key);
      for (const [key, value] of Object.entries(entries ?? {})) window.localStorage.setItem(key, value);
    }, session);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

function lighthouseConfig(cpuSlowdown) {
  return {
    extends: 'lighthouse:default',
    settings: {
      onlyCategories: CATEGORIES,
      formFactor: 'mobile',
      throttlingMethod: devtoolsThrottling ? 'devtools' : 'simulate',
      throttling: { ...SLOW_4G, cpuSlowdownMultiplier: cpuSlowdown },
    },
  };
}

/** The figures of one audit: category scores and the metrics in ms (CLS unitless). */
function figures(lhr) {
  const a = lhr.audits;
  const num = (id) => (typeof a[id]?.numericValue === 'number' && !lhr.runtimeError ? a[id].numericValue : NaN);
  return {
    ...Object.fromEntries(CATEGORIES.map((k) => [k, typeof lhr.categories[k]?.score === 'number' && !lhr.runtimeError ? Math.round(lhr.categories[k].score * 100) : NaN])),
    lcp: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbt: num('total-blocking-time'),
    mainThread: num('mainthread-work-breakdown'),
    bootup: num('bootup-time'),
  };
}

/** What keeps a category down: failing audits with weight (and the slowest metrics). */
function reasons(lhr) {
  const out = [];
  for (const key of CATEGORIES) {
    for (const ref of lhr.categories[key]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode)) continue;
      if (audit.score !== null && audit.score < 0.9 && (ref.weight > 0 || key !== 'performance')) {
        out.push(`${key}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''} ${audit.title}`.replace(/\s+/g, ' ').trim());
      }
    }
  }
  // Where the main-thread time went (the three biggest groups) and the scripts that cost the most.
  const groups = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
  if (groups.length) out.push(`main thread: ${groups.slice(0, 3).map((g) => `${g.groupLabel ?? g.group} ${Math.round(g.duration)} ms`).join(', ')}`);
  const scripts = (lhr.audits['bootup-time']?.details?.items ?? []).filter((s) => typeof s.url === 'string');
  if (scripts.length) out.push(`scripts: ${scripts.slice(0, 3).map((s) => `${s.url.replace(/^https?:\/\/[^/]+/, '')} ${Math.round(s.total)} ms`).join(', ')}`);
  return out;
}

/** Best figure of each kind over the runs: highest scores, lowest times and shift. */
function best(list) {
  const out = {};
  for (const key of CATEGORIES) {
    const values = list.map((f) => f[key]).filter(Number.isFinite);
    out[key] = values.length ? Math.max(...values) : NaN;
  }
  for (const key of ['lcp', 'cls', 'tbt', 'mainThread', 'bootup']) {
    const values = list.map((f) => f[key]).filter(Number.isFinite);
    out[key] = values.length ? Math.min(...values) : NaN;
  }
  return out;
}

const shown = (v) => (typeof v === 'number' && Number.isNaN(v) ? '?' : String(v));
const pad = (s, n) => shown(s).padEnd(n);
const padL = (s, n) => shown(s).padStart(n);

/** One row per page: the 4x figures with the categories, and beside them the 8x ones. */
function printTable(title, byPage, profiles) {
  console.log(`\n${title}`);
  const metricHead = (p) => `${padL(`${p} perf`, 7)} ${padL('LCP', 6)} ${padL('CLS', 5)} ${padL('TBT', 7)} ${padL('main thr.', 9)}`;
  const header = `${pad('page', 16)} ${padL('a11y', 4)} ${padL('BP', 3)} ${padL('SEO', 3)}   ${profiles.map(metricHead).join('   ')}`;
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const [name, perProfile] of byPage) {
    const first = perProfile.get('4x') ?? [...perProfile.values()][0];
    const cats = first ? `${padL(first.accessibility, 4)} ${padL(first['best-practices'], 3)} ${padL(first.seo, 3)}` : `${padL('–', 4)} ${padL('–', 3)} ${padL('–', 3)}`;
    const cells = profiles.map((p) => {
      const f = perProfile.get(p);
      if (!f) return `${padL('–', 7)} ${padL('', 6)} ${padL('', 5)} ${padL('', 7)} ${padL('', 9)}`;
      return `${padL(f.performance, 7)} ${padL(seconds(f.lcp), 6)} ${padL(Number.isFinite(f.cls) ? f.cls.toFixed(3) : '?', 5)} ${padL(millis(f.tbt), 7)} ${padL(seconds(f.mainThread), 9)}`;
    });
    console.log(`${pad(name, 16)} ${cats}   ${cells.join('   ')}`);
  }
}

async function main() {
  const { lighthouse, chromeLauncher, puppeteer } = await loadLighthouse();
  const external = process.env.LIGHTHOUSE_URL;
  const stack = external
    ? {
        url: external.replace(/\/$/, ''),
        adminUrl: process.env.LIGHTHOUSE_ADMIN_URL?.replace(/\/$/, ''),
        admin: { email: process.env.ADMIN_EMAIL || 'admin@example.org', password: process.env.ADMIN_PASSWORD || 'ChangeMe!2026' },
        stop: async () => {},
      }
    : await startStack();
  let failed = false;
  try {
    const eventId = await firstEventId(stack.url);
    const allPages = [
      { name: 'home', key: 'home', url: `${stack.url}/`, profiles: ['4x', '8x'] },
      { name: 'events', key: 'events', url: `${stack.url}/events`, profiles: ['4x', '8x'] },
      { name: 'event page', key: 'event', url: `${stack.url}/events/${eventId}`, profiles: ['4x', '8x'] },
      { name: 'contact', key: 'contact', url: `${stack.url}/contact`, profiles: ['4x', '8x'] },
      { name: 'login', key: 'login', url: `${stack.url}/login`, profiles: ['4x', '8x'] },
      ...(stack.adminUrl
        ? [
            // The reference page at 8x too: what a light page (little script) gets from this machine at that moment.
            { name: 'admin login', key: 'admin-login', url: `${stack.adminUrl}/admin/login`, profiles: ['4x', '8x'] },
            { name: 'admin dashboard', key: 'admin-dashboard', url: `${stack.adminUrl}/admin/dashboard`, profiles: ['4x'], signedIn: true },
          ]
        : []),
    ];
    if (!stack.adminUrl) log('LIGHTHOUSE_ADMIN_URL is not set: the admin pages are left out');
    const pages = allPages.filter((p) => !onlyPages || onlyPages.includes(p.key) || onlyPages.includes(p.name));
    const profiles = Object.keys(PROFILES).filter((p) => !onlyProfiles || onlyProfiles.includes(p));
    if (pages.length === 0 || profiles.length === 0) throw new Error('no page or profile left to audit (see --pages and --profiles)');
    mkdirSync(reportDir, { recursive: true });
    const session = pages.some((p) => p.signedIn) ? await adminSession(stack.adminUrl, stack.admin) : null;

    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
    });
    /** page name → profile → figures of every run */
    const results = new Map(pages.map((p) => [p.name, new Map()]));
    const method = devtoolsThrottling ? 'CDP throttling' : 'simulated throttling';
    try {
      for (let run = 1; run <= runs; run++) {
        const runFigures = new Map(pages.map((p) => [p.name, new Map()]));
        const notes = [];
        for (const profile of profiles) {
          for (const page of pages) {
            if (!page.profiles.includes(profile)) continue;
            // Lighthouse sometimes fails to record a load (NO_NAVSTART, NO_FCP on a busy machine): up to two more tries.
            let result;
            for (let attempt = 1; attempt <= 3; attempt++) {
              if (page.signedIn) await setAdminSession(puppeteer, chrome.port, stack.adminUrl, session);
              log(`run ${run}/${runs}: ${page.name} at ${profile}${attempt > 1 ? ` (try ${attempt})` : ''}...`);
              result = await lighthouse(page.url, { port: chrome.port, output: ['json', 'html'], logLevel: 'error' }, lighthouseConfig(PROFILES[profile]));
              // Signed out again, or the admin login of the next run would go straight to the dashboard.
              if (page.signedIn) await setAdminSession(puppeteer, chrome.port, stack.adminUrl, null);
              if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
              if (!result.lhr.runtimeError) break;
              log(`${page.name} (${profile}): ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
            }
            const { lhr } = result;
            if (lhr.runtimeError) notes.push(`  ${page.name} ${profile}: no figures (${lhr.runtimeError.code})`);
            if (page.signedIn && !new URL(lhr.finalDisplayedUrl ?? page.url).pathname.startsWith('/admin/dashboard')) {
              log(`${page.name}: ended on ${lhr.finalDisplayedUrl} instead of the dashboard (not signed in?)`);
            }
            const file = `${page.key}-${profile}-run${run}`;
            writeFileSync(path.join(reportDir, `${file}.report.json`), result.report[0]);
            writeFileSync(path.join(reportDir, `${file}.report.html`), result.report[1]);
            if (saveTraces) {
              if (result.artifacts?.Trace) writeFileSync(path.join(reportDir, `${file}.trace.json`), JSON.stringify(result.artifacts.Trace));
              if (result.artifacts?.DevtoolsLog) writeFileSync(path.join(reportDir, `${file}.devtoolslog.json`), JSON.stringify(result.artifacts.DevtoolsLog));
            }
            const f = figures(lhr);
            runFigures.get(page.name).set(profile, f);
            const all = results.get(page.name);
            all.set(profile, [...(all.get(profile) ?? []), f]);
            for (const reason of reasons(lhr)) notes.push(`  ${page.name} ${profile}: ${reason}`);
          }
        }
        printTable(`Lighthouse ${LIGHTHOUSE_VERSION}, mobile, slow 4G, ${method}: run ${run} of ${runs}`, runFigures, profiles);
        for (const note of notes) console.log(note);
      }
    } finally {
      await chrome.kill();
    }

    const bestByPage = new Map([...results].map(([name, perProfile]) => [name, new Map([...perProfile].map(([p, list]) => [p, best(list)]))]));
    printTable(`Best of ${runs} run(s) per page and profile (reports${saveTraces ? ' and traces' : ''} in ${reportDir.startsWith(root) ? path.relative(root, reportDir) || '.' : reportDir})`, bestByPage, profiles);

    console.log(`\nTargets (issue "the public site on the cheapest phones"), best of ${runs} run(s):`);
    for (const target of TARGETS) {
      if (!profiles.includes(target.profile)) continue;
      const values = target.pages
        .filter((name) => bestByPage.get(name)?.get(target.profile))
        .map((name) => {
          const v = target.value(bestByPage.get(name).get(target.profile));
          const ok = Number.isFinite(v) && target.ok(v);
          return { name, v, ok };
        });
      if (values.length === 0) continue;
      const met = values.every((x) => x.ok);
      if (!met) failed = true;
      console.log(`${pad(met ? 'met' : 'MISSED', 7)} ${pad(`${target.profile} ${target.label}`, 30)} ${values.map((x) => `${x.name} ${Number.isFinite(x.v) ? target.show(x.v) : '?'}${x.ok ? '' : ' ✗'}`).join(', ')}`);
    }
    console.log(failed ? '\nsome targets are missed (✗)' : '\nall targets met');
  } finally {
    if (!keep) await stack.stop();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
