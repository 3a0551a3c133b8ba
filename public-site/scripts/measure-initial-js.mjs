// Sums the gzip size of the JavaScript that dist/index.html loads up-front
// (the entry <script type="module"> plus every <link rel="modulepreload">).
// Run after `vite build`: node scripts/measure-initial-js.mjs [budgetKB]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const html = readFileSync(new URL('index.html', dist), 'utf8');
const files = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
].map((m) => m[1]);

let total = 0;
for (const file of [...new Set(files)]) {
  const size = gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
}
const budget = Number(process.argv[2] ?? 170);
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  total initial JS (gzip -9), budget ${budget} KB`);
if (total / 1024 > budget) process.exitCode = 1;
