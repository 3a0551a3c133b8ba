// The browser journeys in two parts that run side by side, each against its own stack, then the
// timing-sensitive journeys (tagged @quiet) alone on a quiet machine. Not CI's default yet (E2E_SPLIT=1
// .ci/run uses it): see docs/testing.md, "CI time".
//
//   node e2e/run-split.mjs [--plan]   (npm run test:e2e:split; E2E_PORT_OFFSET is the first stack's offset;
//                                      --plan prints the split and runs nothing)
//
// - Every spec file goes to one shard: the files are split by their measured duration
//   (e2e/shard-weights.json, seconds per file; a file not listed counts as the median), longest first,
//   each to the shard with the least time so far. Shard i runs on E2E_PORT_OFFSET + 50 * i, with its own
//   data directory and mail folder (e2e/.stack-data-<offset>) and its own reports
//   (e2e/artifacts/shard-<i>/{results.json,report,results}).
// - The @quiet journeys (main-thread long tasks under a CPU slowdown) never run beside another stack:
//   they run after the shards, alone (e2e/artifacts/quiet/).
// - The run fails when any part fails, and also when the parts together did not run every test that
//   `playwright test --list` lists (so that no journey is lost between the parts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const playwright = path.resolve(here, '../node_modules/.bin/playwright');
const shards = Number(process.env.E2E_SHARDS || 2);
const baseOffset = Number(process.env.E2E_PORT_OFFSET || 0);
const QUIET = '@quiet';
const started = Date.now();
const since = () => `${Math.round((Date.now() - started) / 1000)} s`;

/** Every test the configuration holds (both projects), as { file, title } from `playwright test --list`. */
function listTests(extraArgs = []) {
  const res = spawnSync(playwright, ['test', '--list', '--reporter=json', ...extraArgs], { cwd: here, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: process.env });
  if (res.status !== 0) throw new Error(`playwright test --list failed:\n${res.stderr}\n${res.stdout.slice(0, 2000)}`);
  const report = JSON.parse(res.stdout);
  const tests = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests) tests.push({ file: spec.file, project: t.projectName, title: spec.title });
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return tests;
}

const all = listTests();
const quiet = listTests(['--grep', QUIET]);
const files = [...new Set(all.map((t) => t.file))].sort();
const weights = existsSync(path.join(here, 'shard-weights.json')) ? JSON.parse(readFileSync(path.join(here, 'shard-weights.json'), 'utf8')) : {};
const known = files.map((f) => weights[f]).filter((w) => typeof w === 'number').sort((a, b) => a - b);
const median = known.length ? known[Math.floor(known.length / 2)] : 30;
const parts = Array.from({ length: shards }, () => ({ files: [], seconds: 0 }));
for (const file of [...files].sort((a, b) => (weights[b] ?? median) - (weights[a] ?? median) || a.localeCompare(b))) {
  // A file whose every test is @quiet runs only in the quiet part.
  if (all.filter((t) => t.file === file).every((t) => quiet.some((q) => q.file === t.file && q.title === t.title && q.project === t.project))) continue;
  const lightest = parts.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  lightest.files.push(file);
  lightest.seconds += weights[file] ?? median;
}

/** Runs one part, its lines prefixed with its name; resolves to { code, stats } from its JSON report. */
function runPart(name, args, offset) {
  const outDir = path.join(here, 'artifacts', name);
  rmSync(path.join(outDir, 'results.json'), { force: true });
  return new Promise((resolve) => {
    const child = spawn(playwright, ['test', ...args], {
      cwd: here,
      env: { ...process.env, E2E_PORT_OFFSET: String(offset), E2E_ARTIFACTS: name },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`[${name}] ${rest}\n`));
    }
    child.on('exit', (code, signal) => {
      let stats = null;
      try {
        stats = JSON.parse(readFileSync(path.join(outDir, 'results.json'), 'utf8')).stats;
      } catch {
        /* no report: counted as a failure below */
      }
      console.log(`[${name}] exited ${signal ?? code} after ${since()}${stats ? `: ${stats.expected} passed, ${stats.unexpected} failed, ${stats.flaky} flaky, ${stats.skipped} skipped` : ''}`);
      resolve({ name, code: signal ? 1 : code, stats });
    });
  });
}

for (const [i, part] of parts.entries()) console.log(`shard-${i + 1}: ${part.files.length} files, ~${Math.round(part.seconds)} s measured (offset ${baseOffset + 50 * i})`);
console.log(`quiet: ${quiet.length} tests, alone after the shards`);
if (process.argv.includes('--plan')) {
  for (const [i, part] of parts.entries()) console.log(`shard-${i + 1}:\n  ${part.files.join('\n  ')}`);
  process.exit(0);
}

const results = await Promise.all(
  parts.map((part, i) => (part.files.length ? runPart(`shard-${i + 1}`, ['--grep-invert', QUIET, ...part.files.map((f) => `tests/${f}`)], baseOffset + 50 * i) : null)),
);
if (quiet.length) results.push(await runPart('quiet', ['--grep', QUIET], baseOffset));

const ran = results.filter(Boolean);

/** Seconds per spec file (every project, retries included) from a JSON report's suites. */
function fileSeconds(report, into) {
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) for (const r of t.results) into[spec.file] = (into[spec.file] ?? 0) + r.duration / 1000;
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
}
// This run's figures, to refresh shard-weights.json by hand when the journeys change: cp e2e/artifacts/measured-weights.json e2e/shard-weights.json
const measured = {};
for (const r of ran) {
  try {
    fileSeconds(JSON.parse(readFileSync(path.join(here, 'artifacts', r.name, 'results.json'), 'utf8')), measured);
  } catch {
    /* reported as a failed part */
  }
}
writeFileSync(path.join(here, 'artifacts', 'measured-weights.json'), `${JSON.stringify(Object.fromEntries(Object.entries(measured).sort().map(([f, s]) => [f, Math.round(s)])), null, 2)}\n`);

const counted = ran.reduce((n, r) => n + (r.stats ? r.stats.expected + r.stats.unexpected + r.stats.flaky + r.stats.skipped : 0), 0);
const failed = ran.filter((r) => r.code !== 0 || !r.stats);
console.log(`browser journeys: ${counted} of ${all.length} tests reported by ${ran.length} parts in ${since()}${failed.length ? `; failed: ${failed.map((r) => r.name).join(', ')}` : ''}`);
if (counted !== all.length) console.error(`the parts ran ${counted} tests, the configuration lists ${all.length}: a journey was lost or run twice`);
process.exit(failed.length || counted !== all.length ? 1 : 0);
