// The impact report's one statement timed on its own (issue 27: under 200 ms for a year of 100,000 registrations
// on Postgres), for one build or two side by side ("before and after"), alternated run by run so both see the same
// machine. Each target is an api folder (its dist/reports/impact.sql.js, built) and a Postgres database seeded with
// `node <api>/dist/db/bench-seed.js --anchor <day>` and migrated by that build:
//
//   node bench/impact-sql.mjs [runs] <apiDir>=<databaseUrl> [<apiDir>=<databaseUrl>]
//   IMPACT_FROM, IMPACT_TO   the period (default: the year before today, India time, as bench/run.mjs's row)
//   IMPACT_CATEGORY          an event category (default none)
//
// Prints, per target, the median, fastest and slowest wall time and the median backend CPU (from /proc/<pid>/stat
// of the connection's backend when Postgres runs on this machine; 10 ms ticks), whether every target answered the
// same JSON, and the load average.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const runs = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 21;
if (!args.length || args.some((a) => !a.includes('='))) {
  console.error('usage: node bench/impact-sql.mjs [runs] <apiDir>=<databaseUrl> [<apiDir>=<databaseUrl>]');
  process.exit(2);
}
const require = createRequire(import.meta.url);
const pg = require('pg');
const indiaDay = (daysAgo) => new Date(Date.now() + 330 * 60_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
const params = [process.env.IMPACT_FROM || indiaDay(365), process.env.IMPACT_TO || indiaDay(1), new Date().toISOString(), process.env.IMPACT_CATEGORY || null];

/** The backend's user + system CPU in ms, or NaN when its /proc entry is not readable here. */
function backendCpu(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
  } catch {
    return NaN;
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const targets = [];
for (const arg of args) {
  const at = arg.indexOf('=');
  const apiDir = path.resolve(arg.slice(0, at));
  const client = new pg.Client({ connectionString: arg.slice(at + 1) });
  await client.connect();
  const [{ pid }] = (await client.query('SELECT pg_backend_pid() AS pid')).rows;
  const { IMPACT_SQL } = require(path.join(apiDir, 'dist/reports/impact.sql.js'));
  targets.push({ name: arg, client, pid, sql: IMPACT_SQL, wall: [], cpu: [] });
}
// One untimed run each (caches), whose answers are compared.
const answers = [];
for (const t of targets) answers.push(JSON.stringify((await t.client.query(t.sql, params)).rows[0]));
for (let i = 0; i < runs; i++) {
  for (const t of targets) {
    const cpu = backendCpu(t.pid);
    const started = process.hrtime.bigint();
    await t.client.query(t.sql, params);
    t.wall.push(Number(process.hrtime.bigint() - started) / 1e6);
    t.cpu.push(backendCpu(t.pid) - cpu);
  }
}
console.log(`period ${params[0]} to ${params[1]}${params[3] ? `, category ${params[3]}` : ''}; ${runs} runs each, alternated`);
for (const t of targets) {
  const sorted = [...t.wall].sort((a, b) => a - b);
  console.log(`${t.name}: median ${median(t.wall).toFixed(1)} ms (fastest ${sorted[0].toFixed(1)}, slowest ${sorted.at(-1).toFixed(1)}), backend CPU median ${median(t.cpu)} ms`);
  await t.client.end();
}
console.log(`same answer from every target: ${answers.every((a) => a === answers[0])}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
