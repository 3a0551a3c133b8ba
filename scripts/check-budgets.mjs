// Fails when the JavaScript a visitor downloads before the first page can render exceeds its budget:
// the entry script and every module it preloads (lazy route chunks are not counted).
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const budgets = [
  { app: 'public-site', kb: 170 },
  { app: 'admin-portal', kb: 350 },
];

export function initialJs(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const refs = new Set();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) refs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) refs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+\.js)"[^>]+rel="modulepreload"/g)) refs.add(m[1]);
  let bytes = 0;
  for (const ref of refs) bytes += gzipSync(readFileSync(path.join(distDir, ref.replace(/^\//, '')))).length;
  return { files: [...refs], gzipKb: bytes / 1024 };
}

let failed = false;
for (const { app, kb } of budgets) {
  const dist = path.join(root, app, 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.error(`${app}: not built`);
    failed = true;
    continue;
  }
  const { files, gzipKb } = initialJs(dist);
  const ok = gzipKb <= kb;
  console.log(`${app}: initial JS ${gzipKb.toFixed(1)} KB gzipped (budget ${kb} KB) in ${files.length} file(s) ${ok ? 'OK' : 'OVER BUDGET'}`);
  if (!ok) failed = true;
}
process.exit(failed ? 1 : 0);
