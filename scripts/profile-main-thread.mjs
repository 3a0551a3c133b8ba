// Where the main thread's time goes on each public page of a phone 8 times slower than this machine
// (issue "the public site on the cheapest phones", item 1). For every page it loads the built site in
// Debian's Chromium (390x844, touch, CPU slowed down 8x and a slow 4G link through CDP), records a V8
// CPU profile (a sample every 100 µs) and a trace (devtools.timeline) from the navigation until 5 s after
// the load event, and charges each millisecond of the page's renderer main thread to one bucket:
//   - script, by package or app area: the sample's function (built-ins count for their caller) is
//     mapped to its source file through the build's source maps: react-dom (render and hydration,
//     commit and effects, the rest), react-router, Apollo (@apollo/client, graphql, rxjs, the app's
//     client set-up), i18n (i18next, react-i18next, src/i18n), the app by feature (home hero
//     slideshow, carousels and paging, events, layout ...);
//   - the browser's own work, from the trace's events (each counted for its self time): style and
//     layout, paint and composite, HTML parsing, script parse and compile, GC, image decoding, the rest;
// Each stretch of a task goes to the innermost trace event that names its work (an unnamed helper event
// counts for its parent); where that is script or plain task time, the CPU profile's sample running
// then decides the package. Built-ins (JSON.parse, Intl, ...) count for the script that called them.
// The rows add up to the main thread's busy time. Beside them: timers (TimerFire, inclusive: their
// script is also in the rows above), time under React (any react-dom frame on the stack, so
// components, hooks and what they call), long tasks (> 50 ms), total blocking time (tasks after the
// first contentful paint, up to the end of the window), FCP, LCP and load. Each page is loaded `--runs` times
// (in turn, in a fresh browser context: a first visit) and the median of each figure is printed as
// Markdown: a table per page and a summary of the top costs, or both side by side with an earlier run
// (--compare).
//
// Usage:
//   node scripts/profile-main-thread.mjs [--build=<checkout>[,<checkout>] | --dist=<dir>[,<dir>]]
//       [--label=before,after] [--api=http://127.0.0.1:4000] [--runs=2] [--cpu=8] [--lang=en]
//       [--pages=home,events,event,teams,contact,login,about] [--port=<free>] [--server=<site-server/dist/main.js>]
//       [--json=FILE] [--compare=FILE] [--traces=DIR] [--details]
//   node scripts/profile-main-thread.mjs --report=FILE[,FILE] [--compare=FILE]     (tables of saved runs)
//   node scripts/profile-main-thread.mjs --reanalyse=DIR[,DIR] [--json=FILE]         (kept traces, bucketed
//       again without a browser, e.g. after a change to the buckets)
//
// Before and after a change, measured in one session (the two builds' loads of each page alternate):
//   git worktree add /tmp/before <commit>
//   API_PORT=4700 DATA_DIR=/tmp/profile-data node api/dist/main.js &
//   node scripts/profile-main-thread.mjs --build=/tmp/before,. --api=http://127.0.0.1:4700 --json=/tmp/profile.json
//
//   --build    checkouts (`.`, or a `git worktree add` of an older commit) whose public site is built
//              for the profile, with source maps, each in a copy under the temporary directory (its own
//              build script with `vite build --sourcemap hidden`: the same files as a normal build but
//              for the hashes in their names, with .map files beside them); a tree someone is editing
//              is read once, and its dist/ is left alone. The checkout's node_modules are linked (this
//              repository's when it has none). The copy stays (its path is printed; --reanalyse reads
//              its source maps): remove it when done.
//   --dist     built public sites with their prerendered pages (default public-site/dist). Without source
//              maps (.map files beside the scripts), script time is only split by chunk.
//   --label    a name per build (default "before,after" for two).
//   --api      a running API (for the site servers' proxy and for an event's id).
//   --server   the site server (default: each build's own checkout's site-server/dist/main.js, i.e.
//              <dist>/../../site-server/dist/main.js, else this one), run as `node <server> <dist> <port> <api>`.
//   --json     also write every run's figures, to FILE (several builds: FILE.<label>.json), for --compare
//              and --report later.
//   --compare  an earlier --json file shown as "before" beside this run. With two builds, the first is "before".
//   --details  under each page's table, the largest functions (source file:line) or trace events of its
//              top buckets.
//   --traces   keep each load's trace (<page>-run<N>.trace.json, for DevTools' Performance panel) and CPU
//              profile (.cpuprofile), in DIR (several builds: DIR/<label>/).
// Environment: CHROMIUM_PATH (default /usr/bin/chromium); PROFILE_TRACE_CATEGORIES, more trace categories
// (comma-separated) to name more of the browser's own work (they cost main-thread time themselves).
//
// Figures are wall-clock milliseconds of the throttled main thread ("ms at 8x"). CPU slowdown in
// Chromium is a duty cycle on the renderer's main thread, so they scale with this machine's speed and
// its neighbours: compare runs made back to back, and see the load average printed with them.
import { execSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const PAGES = [
  { key: 'home', path: '/' },
  { key: 'events', path: '/events' },
  { key: 'event', path: '/events/:id' },
  { key: 'teams', path: '/teams' },
  { key: 'contact', path: '/contact' },
  { key: 'login', path: '/login' },
  { key: 'about', path: '/about' },
];
const SETTLE_MS = 5000;
const LONG_TASK_MS = 50;
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'blink.user_timing',
  'loading',
  'v8.execute',
  'disabled-by-default-v8.compile',
];

// ---------------------------------------------------------------------------------------------
// Buckets

/** Rows in the order the tables list them when they cost the same. */
const BUCKETS = [
  'react-dom: render & hydrate',
  'react-dom: commit & effects',
  'react-dom: other (scheduler, events)',
  'react-router',
  'Apollo (@apollo/client, graphql, rxjs, set-up)',
  'i18n (i18next, react-i18next, src/i18n)',
  'react-hook-form',
  'other packages',
  'app: home (page, hero slideshow)',
  'app: carousels & paging',
  'app: events',
  'app: layout (header, footer)',
  'app: shell (main, routes, providers)',
  'app: ui components',
  'app: lib/format (Intl dates and numbers)',
  'app: lib (auth token, hooks)',
  'app: other',
  'bundler runtime (vite preload, rolldown helpers)',
  'script: module top-level code',
  'script: V8, no function (microtasks, interrupts)',
  'script parse & compile',
  'style & layout',
  'paint & composite',
  'parse HTML & commit navigation',
  'GC',
  'image decode',
  'other browser work (task overhead, loading, IPC)',
];

/** The bucket of a source file of the bundle (a path from its source map). */
function bucketOfSource(source) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (pkg) {
    if (/^(react-dom|react|scheduler)$/.test(pkg)) return 'react-dom';
    if (/^(react-router|react-router-dom|@remix-run\/router|cookie|set-cookie-parser)$/.test(pkg)) return 'react-router';
    if (/^(@apollo\/client|graphql|rxjs|@wry\/.*|optimism|tslib|ts-invariant|zen-observable.*|@graphql-typed-document-node\/core)$/.test(pkg)) return 'Apollo (@apollo/client, graphql, rxjs, set-up)';
    if (/^(i18next|react-i18next|html-parse-stringify|void-elements)$/.test(pkg)) return 'i18n (i18next, react-i18next, src/i18n)';
    if (pkg === 'react-hook-form') return 'react-hook-form';
    if (pkg === 'vite') return 'bundler runtime (vite preload, rolldown helpers)';
    return 'other packages';
  }
  if (/vite\/(preload-helper|modulepreload-polyfill)|^\0?vite\//.test(source)) return 'bundler runtime (vite preload, rolldown helpers)';
  const src = /(?:^|\/)src\/(.*)$/.exec(source)?.[1];
  if (src === undefined) return 'app: other';
  if (src.startsWith('i18n/')) return 'i18n (i18next, react-i18next, src/i18n)';
  if (src.startsWith('gql/') || src === 'rendering/apollo-client.ts' || src === 'rendering/refetch-in-language.ts') return 'Apollo (@apollo/client, graphql, rxjs, set-up)';
  if (src.startsWith('features/home/')) return 'app: home (page, hero slideshow)';
  if (src.startsWith('lib/paging/') || /carousel/.test(src)) return 'app: carousels & paging';
  if (src.startsWith('features/events/')) return 'app: events';
  if (src.startsWith('components/layout/')) return 'app: layout (header, footer)';
  if (src.startsWith('components/ui/')) return 'app: ui components';
  if (src === 'main.tsx' || src.startsWith('app/')) return 'app: shell (main, routes, providers)';
  if (src === 'lib/format.ts') return 'app: lib/format (Intl dates and numbers)';
  if (src.startsWith('lib/')) return 'app: lib (auth token, hooks)';
  const feature = /^features\/([^/]+)\//.exec(src)?.[1];
  return feature ? `app: ${feature}` : 'app: other';
}

/** React's phase from the original names of the functions on a react-dom sample's stack. */
function reactPhase(names) {
  for (const name of names) {
    if (/^(commit|flushPassiveEffects|flushPendingEffects|flushLayoutEffects|flushMutationEffects|flushSpawnedWork|recursivelyTraverse\w*Effects)/.test(name)) return 'react-dom: commit & effects';
  }
  for (const name of names) {
    if (/^(performUnitOfWork|beginWork|completeWork|completeUnitOfWork|workLoop|renderRoot|renderWithHooks|performWorkOnRoot|hydrate|tryToClaim|reconcile|mount|update|prepareFreshStack)/.test(name)) return 'react-dom: render & hydrate';
  }
  return 'react-dom: other (scheduler, events)';
}

const JS_EVENTS = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'FireIdleCallback',
  'RunMicrotasks',
  'BlinkScheduler_PerformMicrotaskCheckpoint',
  'v8.run',
  'v8.callFunction',
  'V8.Execute',
  'XHRReadyStateChange',
  'XHRLoad',
  'HandlePostMessage',
  'AnimationFrame::Script::Execute',
]);
const OTHER = 'other browser work (task overhead, loading, IPC)';
const STYLE_LAYOUT = new Set(['UpdateLayoutTree', 'RecalculateStyles', 'Layout', 'ParseAuthorStyleSheet', 'UpdateLayout', 'IntersectionObserverController::computeIntersections', 'ComputeIntersections', 'LayoutShift', 'HitTest']);
const PAINT = new Set(['Paint', 'PaintImage', 'PrePaint', 'Layerize', 'UpdateLayer', 'UpdateLayerTree', 'CompositeLayers', 'Commit', 'PaintSetup', 'RasterTask', 'BeginMainFrame', 'ProxyMain::BeginMainFrame', 'UpdateLifecycle', 'Document::updateStyleAndLayout']);

/** The bucket of a stretch of main-thread time spent in the trace event `name` itself (not its children). */
function bucketOfEvent(name) {
  if (STYLE_LAYOUT.has(name)) return 'style & layout';
  if (PAINT.has(name)) return 'paint & composite';
  if (name === 'ParseHTML' || /^(HTMLDocumentParser|DocumentLoader|HTMLParserScriptRunner|DecodedDataDocumentParser)::/.test(name)) return 'parse HTML & commit navigation';
  if (/GC|Scavenge|MarkCompact|Sweep|CppGC/.test(name)) return 'GC';
  if (/^v8\.(compile|produce|deserialize|parse|streamingCompile)|^V8\.(Compile|Parse|Maglev|Turbofan|Finalize|OffThread|Streaming|Deserialize|Baseline)|^FlushInstructionCache$|^CacheScript$/.test(name)) {
    return 'script parse & compile';
  }
  if (/Decode Image|ImageDecode|LazyPixelRef|ImageFrameGenerator/.test(name)) return 'image decode';
  if (JS_EVENTS.has(name) || /^(v8\.|V8\.)/.test(name)) return 'script: V8, no function (microtasks, interrupts)';
  return OTHER;
}

/** Whether script samples inside a stretch of this bucket count for the script's package (else the event's bucket wins). */
const scriptMayRunIn = (bucket) => bucket === 'script: V8, no function (microtasks, interrupts)' || bucket === OTHER;

// ---------------------------------------------------------------------------------------------
// Source maps (their mappings decoded here: no dependency)

const BASE64 = Object.fromEntries([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]));

/** Per generated line, its segments as flat [column, sourceIndex, sourceLine, nameIndex (-1: none)] quadruples, sorted. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  let sourceLine = 0;
  let name = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    if (line) {
      for (const segment of line.split(',')) {
        const fields = [];
        let value = 0;
        let shift = 0;
        for (const char of segment) {
          const digit = BASE64[char];
          value += (digit & 31) << shift;
          if (digit & 32) {
            shift += 5;
          } else {
            fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        column += fields[0];
        if (fields.length >= 4) {
          source += fields[1];
          sourceLine += fields[2]; // fields[3], the source column, is not needed
          if (fields.length >= 5) name += fields[4];
          segments.push(column, source, sourceLine, fields.length >= 5 ? name : -1);
        }
      }
    }
    lines.push(segments);
  }
  return lines;
}

/** Looks up generated positions of the site's scripts in their source maps (files of the dist). */
class SourceMaps {
  constructor(distDir) {
    this.distDir = distDir;
    this.maps = new Map();
    this.anyMap = false;
  }

  load(scriptUrl) {
    let pathname;
    try {
      pathname = new URL(scriptUrl).pathname;
    } catch {
      return null;
    }
    if (this.maps.has(pathname)) return this.maps.get(pathname);
    let map = null;
    const file = path.join(this.distDir, pathname);
    if (file.startsWith(this.distDir) && existsSync(`${file}.map`)) {
      const raw = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
      map = { sources: raw.sources, names: raw.names ?? [], lines: decodeMappings(raw.mappings) };
      this.anyMap = true;
    }
    this.maps.set(pathname, map);
    return map;
  }

  /** { source, line, name } of a 0-based generated position: the segment at or before it on its line. */
  lookup(scriptUrl, line, column) {
    const map = this.load(scriptUrl);
    if (!map) return null;
    for (let l = line; l >= 0 && l >= line - 1; l--) {
      const segments = map.lines[l];
      if (!segments?.length) continue;
      let lo = 0;
      let hi = segments.length / 4 - 1;
      let found = -1;
      const col = l === line ? column : Infinity;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (segments[mid * 4] <= col) {
          found = mid;
          lo = mid + 1;
        } else {
          hi = mid - 1;
        }
      }
      if (found === -1) continue;
      // The function's own name is usually on the segment of its identifier, just after its start.
      let nameIndex = segments[found * 4 + 3];
      for (let k = found + 1; nameIndex === -1 && k < segments.length / 4 && k <= found + 2; k++) nameIndex = segments[k * 4 + 3];
      return { source: map.sources[segments[found * 4 + 1]] ?? '', line: segments[found * 4 + 2] + 1, name: nameIndex >= 0 ? map.names[nameIndex] : '' };
    }
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// One page load: CPU profile + trace → buckets

/** For each node of a CPU profile: its bucket (script) and, for react-dom, the original names on its stack. */
function classifyProfileNodes(profile, maps, origin) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const frameCache = new Map();
  const frameOf = (node) => {
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    const key = `${url}:${lineNumber}:${columnNumber}`;
    let hit = frameCache.get(key);
    if (!hit) {
      // A chunk's own top-level code (an ES module's body: V8 names it at 0:0) runs the top-level
      // statements of every module in it; it is not one source file's.
      const moduleBody = lineNumber === 0 && columnNumber === 0 && !functionName;
      const mapped = url.startsWith(origin) && !moduleBody ? maps.lookup(url, lineNumber, columnNumber) : null;
      let bucket;
      if (moduleBody && url.startsWith(origin)) bucket = 'script: module top-level code';
      else if (mapped) bucket = bucketOfSource(mapped.source);
      else if (maps.load(url) || /\/assets\/(preload-helper|modulepreload-polyfill)/.test(url)) bucket = 'bundler runtime (vite preload, rolldown helpers)'; // generated code, no source
      else if (url.startsWith(`${origin}/assets/`)) bucket = `script: ${path.basename(new URL(url).pathname).replace(/-[\w-]{8}\.js$/, '.js')}`;
      else if (url.startsWith(origin)) bucket = 'app: other';
      else bucket = 'other packages';
      const file = mapped ? mapped.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '') : url.replace(origin, '');
      hit = { bucket, name: mapped?.name || functionName, what: `${mapped?.name || functionName || '(anonymous)'} ${file}:${mapped ? mapped.line : lineNumber + 1}` };
      frameCache.set(key, hit);
    }
    return hit;
  };
  const kind = new Map();
  const classify = (id) => {
    if (kind.has(id)) return kind.get(id);
    const node = byId.get(id);
    const fn = node.callFrame.functionName;
    let result;
    if (fn === '(garbage collector)') result = { special: 'GC' };
    else if (fn === '(idle)' || fn === '(root)' || fn === '(program)') result = { special: fn };
    else {
      // Built-ins (no URL) count for the nearest caller with one.
      let at = id;
      while (at !== undefined && !byId.get(at).callFrame.url) at = parent.get(at);
      if (at === undefined) result = { special: '(program)' };
      else {
        const frame = frameOf(byId.get(at));
        let bucket = frame.bucket;
        if (bucket === 'react-dom') {
          const names = [];
          for (let up = at; up !== undefined && names.length < 60; up = parent.get(up)) {
            const n = byId.get(up);
            if (n.callFrame.url) names.push(frameOf(n).name);
          }
          bucket = reactPhase(names);
        }
        result = { bucket, what: frame.what };
      }
    }
    kind.set(id, result);
    return result;
  };
  return classify;
}

/** The profile's samples as time-ordered stretches [start, end) with their node. */
function sampleStretches(profile) {
  const times = [];
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    times.push({ ts: t, node: profile.samples[i] });
  }
  times.sort((a, b) => a.ts - b.ts);
  const out = [];
  for (let i = 0; i < times.length; i++) {
    const end = i + 1 < times.length ? times[i + 1].ts : profile.endTime;
    if (end > times[i].ts) out.push({ start: times[i].ts, end, node: times[i].node });
  }
  return out;
}

function analyse({ traceEvents, profile, maps, origin, url }) {
  const threadNames = new Map();
  for (const e of traceEvents) if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args.name);
  const started = traceEvents.find((e) => e.name === 'TracingStartedInBrowser');
  const mainFrame = started?.args?.data?.frames?.find((f) => !f.parent)?.frame;
  const pids = new Set();
  for (const e of traceEvents) {
    const d = e.args?.data;
    if (e.name === 'FrameCommittedInBrowser' && d?.frame === mainFrame && d.url?.startsWith(origin)) pids.add(d.processId);
    if (e.name === 'navigationStart' && d?.documentLoaderURL?.startsWith(origin) && d.isLoadingMainFrame) pids.add(e.pid);
  }
  const onMain = (e) => pids.has(e.pid) && threadNames.get(`${e.pid}:${e.tid}`) === 'CrRendererMain';
  const navStart = traceEvents.filter((e) => e.name === 'navigationStart' && onMain(e) && e.args?.data?.documentLoaderURL === url).sort((a, b) => a.ts - b.ts)[0];
  if (!navStart) throw new Error(`no navigationStart for ${url} in the trace`);
  const t0 = navStart.ts;
  const mark = (name, filter = () => true) => {
    const hits = traceEvents.filter((e) => e.name === name && onMain(e) && e.ts >= t0 && filter(e));
    return hits.length ? hits : null;
  };
  const ofMainFrame = (e) => (e.args?.frame ?? e.args?.data?.frame) === mainFrame;
  const fcp = mark('firstContentfulPaint', ofMainFrame)?.[0]?.ts;
  const lcp = mark('largestContentfulPaint::Candidate', ofMainFrame)?.at(-1)?.ts;
  const load = mark('MarkLoad', ofMainFrame)?.[0]?.ts;
  const dcl = mark('MarkDOMContent', ofMainFrame)?.[0]?.ts;

  // Complete events of the main thread, nested by time.
  const events = traceEvents
    .filter((e) => e.ph === 'X' && onMain(e) && e.ts >= t0 && e.dur > 0)
    .map((e) => ({ name: e.name, start: e.ts, end: e.ts + e.dur }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const segments = []; // [start, end, bucket] of self time
  const tasks = [];
  let timerMs = 0;
  let timerFires = 0;
  let evaluateMs = 0;
  const stack = [];
  const emit = (start, end, e) => {
    if (end > start) segments.push({ start, end, name: e.name, bucket: e.bucket });
  };
  const pop = () => {
    const e = stack.pop();
    emit(e.cursor, e.end, e);
    if (stack.length) stack.at(-1).cursor = e.end;
  };
  for (const e of events) {
    while (stack.length && stack.at(-1).end <= e.start) pop();
    const top = stack.at(-1);
    if (top) {
      e.end = Math.min(e.end, top.end);
      if (e.end <= e.start) continue;
      emit(top.cursor, e.start, top);
    } else {
      tasks.push(e);
    }
    // An event that names no work of its own (a helper inside Layout, a loader step) is its parent's.
    const own = bucketOfEvent(e.name);
    e.bucket = own === OTHER && top ? top.bucket : own;
    if (e.name === 'TimerFire' && !stack.some((s) => s.name === 'TimerFire')) {
      timerMs += e.end - e.start;
      timerFires++;
    }
    if ((e.name === 'v8.evaluateModule' || e.name === 'EvaluateScript') && !stack.some((s) => s.name === 'v8.evaluateModule' || s.name === 'EvaluateScript')) evaluateMs += e.end - e.start;
    e.cursor = e.start;
    stack.push(e);
  }
  while (stack.length) pop();
  segments.sort((a, b) => a.start - b.start);

  // Script stretches take the bucket of the sample running then.
  const classify = classifyProfileNodes(profile, maps, origin);
  const samples = sampleStretches(profile);
  const buckets = {};
  const details = {};
  const add = (bucket, us, what) => {
    buckets[bucket] = (buckets[bucket] ?? 0) + us / 1000;
    const d = (details[bucket] ??= {});
    d[what] = (d[what] ?? 0) + us / 1000;
  };
  let reactInclusive = 0;
  let j = 0;
  for (const seg of segments) {
    let at = seg.start;
    while (j < samples.length && samples[j].end <= seg.start) j++;
    for (let k = j; k < samples.length && samples[k].start < seg.end && at < seg.end; k++) {
      const s = samples[k];
      const from = Math.max(at, s.start);
      const to = Math.min(seg.end, s.end);
      if (to <= from) continue;
      if (from > at) add(seg.bucket, from - at, seg.name);
      const c = classify(s.node);
      if (c.bucket && scriptMayRunIn(seg.bucket)) add(c.bucket, to - from, c.what);
      else if (c.special === 'GC' && scriptMayRunIn(seg.bucket)) add('GC', to - from, '(garbage collector) sample');
      else add(seg.bucket, to - from, seg.name);
      at = to;
    }
    if (at < seg.end) add(seg.bucket, seg.end - at, seg.name);
  }
  // Time under React (a react-dom frame anywhere on the stack: components, hooks and what they call).
  const underReact = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const isReact = (id) => {
    if (underReact.has(id)) return underReact.get(id);
    const c = classify(id);
    const p = parent.get(id);
    const value = Boolean(c.bucket?.startsWith('react-dom')) || (p !== undefined && byId.get(p) && isReact(p));
    underReact.set(id, value);
    return value;
  };
  const windowStart = t0;
  for (const s of samples) if (s.start >= windowStart && isReact(s.node)) reactInclusive += s.end - s.start;

  const longTasks = tasks.filter((t) => t.end - t.start > LONG_TASK_MS * 1000);
  const tbt = fcp === undefined ? NaN : tasks.filter((t) => t.start >= fcp).reduce((sum, t) => sum + Math.max(0, (t.end - t.start) / 1000 - LONG_TASK_MS), 0);
  const ms = (us) => (us === undefined ? NaN : us / 1000);
  const top = (entries) => Object.fromEntries(Object.entries(entries).sort((x, y) => y[1] - x[1]).slice(0, 8).map(([k, v]) => [k, Math.round(v * 10) / 10]));
  return {
    buckets,
    details: Object.fromEntries(Object.entries(details).map(([bucket, entries]) => [bucket, top(entries)])),
    totals: {
      'main thread busy (tasks)': ms(tasks.reduce((sum, t) => sum + t.end - t.start, 0)),
      tasks: tasks.length,
      requests: traceEvents.filter((e) => e.name === 'ResourceSendRequest' && onMain(e) && e.ts >= t0).length,
      'long tasks (> 50 ms): count': longTasks.length,
      'long tasks (> 50 ms): ms': ms(longTasks.reduce((sum, t) => sum + t.end - t.start, 0)),
      'longest task': ms(Math.max(0, ...tasks.map((t) => t.end - t.start))),
      'total blocking time (after FCP)': tbt,
      'timers (TimerFire, inclusive)': ms(timerMs),
      'timer fires': timerFires,
      'React render & commit incl. components (inclusive)': ms(reactInclusive),
      'module evaluation (inclusive)': ms(evaluateMs),
      FCP: ms(fcp - t0),
      LCP: ms(lcp - t0),
      DOMContentLoaded: ms(dcl - t0),
      load: ms(load - t0),
    },
    profileCoverage: profile.samples.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Running

async function waitFor(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function eventId(apiUrl) {
  try {
    const res = await fetch(`${apiUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ events(filter: { when: UPCOMING }, limit: 1) { items { id } } }' }),
    });
    const id = (await res.json())?.data?.events?.items?.[0]?.id;
    if (id) return id;
  } catch {
    /* try REST */
  }
  const res = await fetch(`${apiUrl}/api/events`);
  const id = (await res.json())?.data?.[0]?.id;
  if (!id) throw new Error(`the API at ${apiUrl} lists no event`);
  return id;
}

/**
 * Builds the public site of `checkout` (this repository, or a worktree of an older commit) with source
 * maps, in a copy of its public-site/, scripts/ and package.json under the system's temporary directory
 * (so that a tree someone is editing is read once, and its own dist/ is left alone), with its
 * node_modules linked (the checkout's, or this repository's when it has none). Runs the checkout's own
 * `build` script of public-site/package.json with `--sourcemap hidden` added to its first `vite build`.
 * Returns the dist directory.
 */
function buildWithSourceMaps(checkout, label) {
  const out = mkdtempSync(path.join(os.tmpdir(), `profile-main-thread-${label.replace(/[^\w.-]/g, '_')}-`));
  const skip = new Set(['node_modules', 'dist', 'dist-ssr', 'coverage']);
  cpSync(path.join(checkout, 'package.json'), path.join(out, 'package.json'));
  cpSync(path.join(checkout, 'scripts'), path.join(out, 'scripts'), { recursive: true });
  cpSync(path.join(checkout, 'public-site'), path.join(out, 'public-site'), { recursive: true, filter: (src) => !skip.has(path.basename(src)) });
  for (const dir of ['', 'public-site']) {
    const own = path.join(checkout, dir, 'node_modules');
    const fallback = path.join(root, dir, 'node_modules');
    const target = existsSync(own) ? own : fallback;
    if (existsSync(target)) symlinkSync(target, path.join(out, dir, 'node_modules'), 'dir');
  }
  const pkg = JSON.parse(readFileSync(path.join(out, 'public-site', 'package.json'), 'utf8'));
  if (!/^vite build(?=\s|$)/.test(pkg.scripts?.build ?? '')) throw new Error(`${checkout}: public-site's build script does not start with \`vite build\``);
  const command = pkg.scripts.build.replace(/^vite build/, 'vite build --sourcemap hidden');
  console.error(`building ${checkout}'s public site with source maps in ${out}: ${command}`);
  execSync(command, {
    cwd: path.join(out, 'public-site'),
    stdio: ['ignore', process.stderr, process.stderr],
    env: { ...process.env, PATH: `${path.join(out, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}` },
  });
  return path.join(out, 'public-site', 'dist');
}

/** A port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function startServer(server, distDir, port, apiUrl) {
  const child = spawn(process.execPath, [server, distDir, String(port), apiUrl], { cwd: path.resolve(path.dirname(server), '..'), stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`the site server exited (code ${code})`))));
  exited.catch(() => {});
  return {
    exited,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function profileLoad(browser, { url, origin, cpu, lang, maps, tracesDir, name }) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: lang === 'hi' ? 'hi-IN' : 'en-IN' });
  if (lang !== 'en') await context.addCookies([{ name: 'lang', value: lang, url: origin }]);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    const extra = process.env.PROFILE_TRACE_CATEGORIES?.split(',').filter(Boolean) ?? [];
    await browser.startTracing(page, { categories: [...TRACE_CATEGORIES, ...extra], screenshots: false });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForTimeout(SETTLE_MS);
    const { profile } = await cdp.send('Profiler.stop');
    const buffer = await browser.stopTracing();
    if (tracesDir) {
      writeFileSync(path.join(tracesDir, `${name}.trace.json`), buffer);
      writeFileSync(path.join(tracesDir, `${name}.cpuprofile`), JSON.stringify(profile));
    }
    const parsed = JSON.parse(buffer.toString('utf8'));
    const traceEvents = Array.isArray(parsed) ? parsed : parsed.traceEvents;
    return analyse({ traceEvents, profile, maps, origin, url });
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return NaN;
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};

/** Median of each bucket and total over a page's runs (a bucket missing from a run counts as 0 there). */
function medians(runs) {
  const keys = (field) => [...new Set(runs.flatMap((r) => Object.keys(r[field])))];
  const of = (field) => Object.fromEntries(keys(field).map((k) => [k, median(runs.map((r) => r[field][k] ?? 0))]));
  const details = Object.fromEntries(
    keys('details').map((bucket) => {
      const whats = [...new Set(runs.flatMap((r) => Object.keys(r.details?.[bucket] ?? {})))];
      return [bucket, Object.fromEntries(whats.map((w) => [w, median(runs.map((r) => r.details?.[bucket]?.[w] ?? 0))]))];
    }),
  );
  return { buckets: of('buckets'), totals: of('totals'), details };
}

/** The builds to profile: --build or --dist, each a comma-separated list (labels from --label). */
function targetsFromOptions() {
  const list = (value) => (value ? value.split(',').map((x) => x.trim()).filter(Boolean) : []);
  const builds = list(option('build'));
  const dists = builds.length ? [] : list(option('dist', path.join(root, 'public-site', 'dist')));
  const sources = builds.length ? builds : dists;
  const labels = list(option('label'));
  if (labels.length && labels.length !== sources.length) throw new Error('--label needs one label per build');
  const servers = list(option('server'));
  return sources.map((source, i) => {
    const label = labels[i] ?? (sources.length === 1 ? 'this build' : ['before', 'after'][i] ?? `build ${i + 1}`);
    const distDir = builds.length ? buildWithSourceMaps(path.resolve(source), label) : path.resolve(source);
    if (!existsSync(path.join(distDir, 'index.html'))) throw new Error(`${distDir} holds no built site`);
    if (!existsSync(path.join(distDir, 'prerendered', 'routes.json'))) console.error(`warning: ${distDir} has no prerendered pages (dist/prerendered/routes.json)`);
    const ownServer = path.resolve(distDir, '..', '..', 'site-server', 'dist', 'main.js');
    const server = path.resolve(servers[i] ?? servers[0] ?? (existsSync(ownServer) ? ownServer : path.join(root, 'site-server', 'dist', 'main.js')));
    return { label, source: builds.length ? path.resolve(source) : undefined, distDir, server, maps: new SourceMaps(distDir) };
  });
}

/**
 * Profiles every page of every build, `runs` times. With several builds, their loads of a page come
 * one after the other (in turn reversed every run), so that a busy moment of the machine falls on
 * all of them alike.
 */
async function run() {
  const apiUrl = option('api', 'http://127.0.0.1:4000').replace(/\/$/, '');
  const runs = Number(option('runs', 2));
  const cpu = Number(option('cpu', 8));
  const lang = option('lang', 'en');
  const only = option('pages')?.split(',').map((x) => x.trim());
  const pages = only ? PAGES.filter((p) => only.includes(p.key)) : PAGES;
  const tracesDir = option('traces') ? path.resolve(option('traces')) : null;
  if (!Number.isInteger(runs) || runs < 1 || !(cpu >= 1)) throw new Error('--runs must be a whole number >= 1 and --cpu >= 1');
  await waitFor(`${apiUrl}/readyz`, 5_000).catch(() => {
    throw new Error(`no API answers at ${apiUrl} (start one, e.g. API_PORT=4700 DATA_DIR=/tmp/profile-data node api/dist/main.js, and pass --api)`);
  });
  const id = await eventId(apiUrl);
  const targets = targetsFromOptions();
  const ports = option('port')?.split(',').map(Number) ?? [];
  for (const [i, t] of targets.entries()) {
    t.port = ports[i] || (await freePort());
    t.origin = `http://127.0.0.1:${t.port}`;
    t.pages = Object.fromEntries(pages.map((p) => [p.key, { path: p.path.replace(':id', id), runs: [] }]));
    t.tracesDir = tracesDir && (targets.length > 1 ? path.join(tracesDir, t.label.replace(/[^\w.-]/g, '_')) : tracesDir);
    if (t.tracesDir) mkdirSync(t.tracesDir, { recursive: true });
  }

  const loadBefore = os.loadavg();
  const session = new Date().toISOString();
  const sites = targets.map((t) => startServer(t.server, t.distDir, t.port, apiUrl));
  let browser;
  let chromiumVersion = '';
  try {
    await Promise.all(targets.map((t, i) => Promise.race([waitFor(`${t.origin}/`), sites[i].exited])));
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
    chromiumVersion = browser.version();
    // The browser's own start-up work (its UI renderers) is over before the first measured load.
    const warm = await browser.newPage();
    await warm.goto('about:blank');
    await warm.waitForTimeout(2000);
    await warm.close();
    for (let r = 1; r <= runs; r++) {
      for (const p of pages) {
        for (const t of r % 2 ? targets : [...targets].reverse()) {
          const url = `${t.origin}${t.pages[p.key].path}`;
          const result = await profileLoad(browser, { url, origin: t.origin, cpu, lang, maps: t.maps, tracesDir: t.tracesDir, name: `${p.key}-run${r}` });
          result.loadAverage = os.loadavg()[0];
          t.pages[p.key].runs.push(result);
          const x = result.totals;
          console.error(
            `${targets.length > 1 ? `${t.label}: ` : ''}${p.key} run ${r}: main thread ${Math.round(x['main thread busy (tasks)'])} ms, TBT ${Math.round(x['total blocking time (after FCP)'])} ms, load ${Math.round(x.load)} ms (load average ${result.loadAverage.toFixed(2)})`,
          );
        }
      }
    }
  } finally {
    await browser?.close();
    await Promise.all(sites.map((site) => site.stop()));
  }
  const loadAfter = os.loadavg();
  return targets.map((t) => {
    if (!t.maps.anyMap) console.error(`warning: ${t.distDir}: no source maps beside the scripts: script time is split by chunk file only`);
    for (const page of Object.values(t.pages)) page.median = medians(page.runs);
    const result = {
      label: t.label,
      source: t.source,
      date: session,
      dist: t.distDir,
      server: t.server,
      runs,
      cpu,
      lang,
      chromium: chromiumVersion,
      network: 'latency 150 ms, 1.6 Mbps down, 750 kbps up',
      loadAverage: { start: loadBefore.map((x) => x.toFixed(2)).join(' '), end: loadAfter.map((x) => x.toFixed(2)).join(' ') },
      interleavedWith: targets.length > 1 ? targets.filter((o) => o !== t).map((o) => o.label) : undefined,
      origin: t.origin,
      pages: t.pages,
    };
    if (t.tracesDir) writeFileSync(path.join(t.tracesDir, 'result.json'), `${JSON.stringify(result, null, 1)}\n`);
    return result;
  });
}

/** The runs kept by --traces, analysed again (after a change to the buckets): no browser. */
function reanalyse(dir) {
  const result = JSON.parse(readFileSync(path.join(dir, 'result.json'), 'utf8'));
  const maps = new SourceMaps(result.dist);
  for (const [key, page] of Object.entries(result.pages)) {
    page.runs = page.runs.map((previous, i) => {
      const name = path.join(dir, `${key}-run${i + 1}`);
      const parsed = JSON.parse(readFileSync(`${name}.trace.json`, 'utf8'));
      const profile = JSON.parse(readFileSync(`${name}.cpuprofile`, 'utf8'));
      const traceEvents = Array.isArray(parsed) ? parsed : parsed.traceEvents;
      return { ...analyse({ traceEvents, profile, maps, origin: result.origin, url: `${result.origin}${page.path}` }), loadAverage: previous.loadAverage };
    });
    page.median = medians(page.runs);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Markdown

const fmt = (v) => (Number.isFinite(v) ? String(Math.round(v)) : '–');
const TOTAL_ROWS = ['main thread busy (tasks)', 'long tasks (> 50 ms): count', 'long tasks (> 50 ms): ms', 'longest task', 'total blocking time (after FCP)'];
const VIEW_ROWS = ['tasks', 'requests', 'timers (TimerFire, inclusive)', 'timer fires', 'React render & commit incl. components (inclusive)', 'module evaluation (inclusive)'];
const MARK_ROWS = ['FCP', 'LCP', 'DOMContentLoaded', 'load'];

function describe(result) {
  return `${result.label}: ${result.dist}, ${result.runs} run(s) per page (median), CPU ${result.cpu}x, ${result.network}, language ${result.lang}, Chromium ${result.chromium}, load average at start ${result.loadAverage.start}, at end ${result.loadAverage.end} (${result.date})`;
}

const sortBuckets = (names, weight) => names.sort((a, b) => weight(b) - weight(a) || BUCKETS.indexOf(a) - BUCKETS.indexOf(b));

function pageTable(key, after, before) {
  const a = after.pages[key].median;
  const b = before?.pages[key]?.median;
  const names = sortBuckets([...new Set([...Object.keys(a.buckets), ...Object.keys(b?.buckets ?? {})])], (n) => Math.max(a.buckets[n] ?? 0, b?.buckets[n] ?? 0)).filter(
    (n) => Math.max(a.buckets[n] ?? 0, b?.buckets[n] ?? 0) >= 1,
  );
  const loads = (result) => result?.pages[key]?.runs.map((r) => r.loadAverage?.toFixed(1)).join(', ');
  const lines = [`#### ${key} (${after.pages[key].path}; load average after each run: ${b ? `${loads(before)} / ` : ''}${loads(after)})`, ''];
  const row = (label, x, y, f = fmt) => {
    if (!b) return `| ${label} | ${f(x)} |`;
    const change = Number.isFinite(x) && Number.isFinite(y) ? `${x - y >= 0 ? '+' : '−'}${f(Math.abs(x - y))}` : '–';
    return `| ${label} | ${f(y)} | ${f(x)} | ${change} |`;
  };
  lines.push(b ? `| ms at ${after.cpu}x | ${before.label} | ${after.label} | change |` : `| ms at ${after.cpu}x | ${after.label} |`, b ? '|---|---:|---:|---:|' : '|---|---:|');
  for (const n of names) lines.push(row(n, a.buckets[n] ?? 0, b ? (b.buckets[n] ?? 0) : undefined));
  for (const n of [...TOTAL_ROWS, ...VIEW_ROWS, ...MARK_ROWS]) lines.push(row(`**${n}**`, a.totals[n], b?.totals[n]));
  if (args.includes('--details')) {
    // What the largest buckets are made of: functions (source file:line) or trace events, ms.
    const top = (result, n) =>
      Object.entries(result?.pages[key]?.median.details?.[n] ?? {})
        .sort((x, y) => y[1] - x[1])
        .slice(0, 4)
        .map(([what, v]) => `${what} ${fmt(v)}`)
        .join('; ');
    lines.push('', 'Largest contributors of the top buckets:', '');
    for (const n of names.slice(0, 8)) lines.push(b ? `- ${n}: ${after.label} — ${top(after, n) || '–'} | ${before.label} — ${top(before, n) || '–'}` : `- ${n}: ${top(after, n)}`);
  }
  return lines.join('\n');
}

/** Rows the summary always shows, however small (the issue asks about them). */
const ALWAYS_SHOWN = ['react-dom: render & hydrate', 'react-router', 'Apollo (@apollo/client, graphql, rxjs, set-up)', 'i18n (i18next, react-i18next, src/i18n)', 'app: home (page, hero slideshow)', 'app: carousels & paging', 'style & layout', 'GC'];

function summaryTable(after, before) {
  const keys = Object.keys(after.pages);
  const sum = (result, n, field = 'buckets') => keys.reduce((s, k) => s + (result?.pages[k]?.median[field][n] ?? 0), 0);
  const names = sortBuckets([...new Set(keys.flatMap((k) => [...Object.keys(after.pages[k].median.buckets), ...Object.keys(before?.pages[k]?.median.buckets ?? {})]))], (n) =>
    Math.max(sum(after, n), sum(before, n)),
  );
  // Rows of at least 1% of the main thread's time, and those the issue names; the rest in one row.
  const busy = Math.max(sum(after, 'main thread busy (tasks)', 'totals'), sum(before, 'main thread busy (tasks)', 'totals'));
  const big = (n) => ALWAYS_SHOWN.includes(n) || Math.max(sum(after, n), sum(before, n)) >= busy / 100;
  const shown = names.filter(big);
  const rest = names.filter((n) => !big(n));
  const cell = (n, k, field = 'buckets') => {
    const x = k ? (after.pages[k].median[field][n] ?? 0) : sum(after, n, field);
    const f = fmt;
    if (!before) return f(x);
    const y = k ? (before.pages[k]?.median[field][n] ?? 0) : sum(before, n, field);
    return `${f(y)} → ${f(x)}`;
  };
  const lines = [`| ms at ${after.cpu}x${before ? ` (${before.label} → ${after.label})` : ''} | ${keys.join(' | ')} | all pages |`, `|---|${keys.map(() => '---:').join('|')}|---:|`];
  for (const n of shown) lines.push(`| ${n} | ${keys.map((k) => cell(n, k)).join(' | ')} | ${cell(n)} |`);
  if (rest.length) {
    const restOf = (result, k) => rest.reduce((s, n) => s + (k ? (result.pages[k]?.median.buckets[n] ?? 0) : sum(result, n)), 0);
    const restCell = (k) => (before ? `${fmt(restOf(before, k))} → ${fmt(restOf(after, k))}` : fmt(restOf(after, k)));
    lines.push(`| everything else (${rest.length} rows) | ${keys.map((k) => restCell(k)).join(' | ')} | ${restCell()} |`);
  }
  for (const n of [...TOTAL_ROWS, 'timers (TimerFire, inclusive)', 'React render & commit incl. components (inclusive)', 'FCP', 'LCP', 'load']) {
    const additive = !['FCP', 'LCP', 'load', 'longest task'].includes(n);
    lines.push(`| **${n}** | ${keys.map((k) => cell(n, k, 'totals')).join(' | ')} | ${additive ? cell(n, null, 'totals') : '–'} |`);
  }
  return lines.join('\n');
}

function report(after, before) {
  const out = [];
  if (before?.interleavedWith?.includes(after.label) && before.date === after.date) {
    out.push(`${before.label} (${before.source ?? before.dist}) and ${after.label} (${after.source ?? after.dist}), measured in one session, their loads of each page alternating: ${describe(after).replace(/^[^:]*: [^,]*, /, '')}`, '');
  } else if (before) out.push(`Before — ${describe(before)}`, '', `After — ${describe(after)}`, '');
  else out.push(describe(after), '');
  out.push(`### Main-thread time per bucket, ${before ? 'before → after, ' : ''}median of the runs, ms at ${after.cpu}x CPU slowdown`, '', summaryTable(after, before), '');
  out.push('### Per page', '');
  for (const key of Object.keys(after.pages)) out.push(pageTable(key, after, before), '');
  return out.join('\n');
}

/** FILE for one result, FILE with its label before the extension for one of several. */
const jsonPath = (file, result, several) => (several ? file.replace(/(\.json)?$/, (ext) => `.${result.label.replace(/[^\w.-]/g, '_')}${ext || '.json'}`) : file);

async function main() {
  let results;
  if (option('report')) {
    results = option('report').split(',').map((file) => JSON.parse(readFileSync(file, 'utf8')));
  } else if (option('reanalyse')) {
    results = option('reanalyse').split(',').map((dir) => reanalyse(path.resolve(dir)));
  } else {
    results = await run();
  }
  if (option('json') && !option('report')) for (const r of results) writeFileSync(jsonPath(option('json'), r, results.length > 1), `${JSON.stringify(r, null, 1)}\n`);
  // Two results side by side (the first as "before"); one, against --compare when given.
  const before = option('compare') ? JSON.parse(readFileSync(option('compare'), 'utf8')) : results.length > 1 ? results[0] : null;
  const after = results.at(-1);
  process.stdout.write(`${report(after, before)}\n`);
}

export { analyse, bucketOfEvent, bucketOfSource, decodeMappings, SourceMaps };

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
