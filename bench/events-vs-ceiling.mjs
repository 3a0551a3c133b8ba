// Measures GET /api/events on a running API against the machine's ceiling: a plain node:http server
// answering the very same bytes. Both with autocannon, 50 connections, 10 s, after a warm-up, in one run.
// Usage: node bench/events-vs-ceiling.mjs [apiUrl]   (start the API first, e.g. with npm start)
import http from 'node:http';
import autocannon from 'autocannon';

const apiUrl = process.argv[2] || 'http://127.0.0.1:4000';
const path = '/api/events';
const duration = Number(process.env.BENCH_SECONDS || 10);

const sample = await fetch(apiUrl + path);
if (!sample.ok) throw new Error(`GET ${path} answered ${sample.status}`);
const body = Buffer.from(await sample.arrayBuffer());
const contentType = sample.headers.get('content-type');

const ceiling = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  res.end(body);
});
await new Promise((r) => ceiling.listen(0, '127.0.0.1', r));
const ceilingUrl = `http://127.0.0.1:${ceiling.address().port}`;

const run = (url, seconds) => autocannon({ url: url + path, connections: 50, duration: seconds });
const rows = [];
for (const [name, url] of [['plain node:http, same bytes', ceilingUrl], ['GET /api/events', apiUrl]]) {
  await run(url, 2); // warm-up
  const r = await run(url, duration);
  rows.push({ name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
}
ceiling.close();
const top = rows[0].rps;
console.log(`\nbody ${body.length} bytes, 50 connections, ${duration} s each\n`);
console.log('| target | req/s | p50 ms | p99 ms | non-2xx | ratio to ceiling |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx + r.errors} | ${((r.rps / top) * 100).toFixed(1)}% |`);
