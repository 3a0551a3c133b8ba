// Brotli and gzip for the two sites: the build writes `<file>.br` and `<file>.gz` beside every
// compressible file of dist/ (public-site/scripts/precompress.mjs, admin-portal/scripts/precompress.mjs,
// after `vite build` and the prerender), at the best settings, once; scripts/serve-site.mjs sends them
// from memory, and nginx sends the .gz (deploy/nginx-site.conf, gzip_static).
//
// HTML is left out: both servers rewrite a page's head per request (meta, language alternates), so
// the file's compressed form would never be what is sent. scripts/serve-site.mjs compresses each
// final page once in memory instead (fast settings first, the best ones once it is asked for again),
// and does the same for any file a build left without its .br/.gz.
//
// Run directly: node scripts/precompress.mjs <dir>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Smaller files are sent as they are (as the `compression` middleware did: its threshold was 1 KB). */
export const MIN_COMPRESS_BYTES = 1024;

/** Content types by extension (the `mime-types` answers for them), with the charset browsers need. */
export const CONTENT_TYPES = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  ico: 'image/vnd.microsoft.icon',
  wasm: 'application/wasm',
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff: 'font/woff',
  woff2: 'font/woff2',
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/** Formats that gain from brotli/gzip (images and web fonts other than these are compressed already). */
const COMPRESSIBLE = new Set(['html', 'js', 'mjs', 'css', 'json', 'map', 'webmanifest', 'txt', 'xml', 'svg', 'ico', 'wasm', 'ttf', 'otf']);

const extensionOf = (file) => path.extname(file).slice(1).toLowerCase();
export const contentTypeOf = (file) => CONTENT_TYPES[extensionOf(file)] ?? 'application/octet-stream';
export const isCompressible = (file) => COMPRESSIBLE.has(extensionOf(file));

/** The encodings made, with the file suffix of each. */
export const ENCODINGS = { br: '.br', gzip: '.gz' };

const brotliParams = (quality, size) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
});
const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/** The smallest output, for the build and for pages asked for more than once (brotli 11, gzip 9). */
export function compressBest(buf, encoding) {
  return encoding === 'br' ? brotliAsync(buf, brotliParams(11, buf.length)) : gzipAsync(buf, { level: 9 });
}

/** About 1 ms for a 25 KB page (brotli 5, gzip 6): what a request that meets a new page can wait for. */
export function compressFast(buf, encoding) {
  return encoding === 'br' ? zlib.brotliCompressSync(buf, brotliParams(5, buf.length)) : zlib.gzipSync(buf, { level: 6 });
}

/** Every file under `dir`, as paths relative to it, skipping dot-folders and dot-files (build metadata). */
export function filesUnder(dir, rel = '') {
  const out = [];
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...filesUnder(dir, child));
    else if (entry.isFile()) out.push(child);
  }
  return out;
}

/** Whether `file` (relative) is one the build compresses: compressible, not HTML, not itself a .br/.gz. */
export const precompressed = (file) => isCompressible(file) && extensionOf(file) !== 'html';

/**
 * Writes `<file>.br` and `<file>.gz` beside every file of `dir` that `precompressed` names and that has
 * at least MIN_COMPRESS_BYTES, when smaller than the file (a fresh one from an earlier run is kept).
 * Resolves to { files, bytes, br, gzip } (counts and sizes) for the build's log.
 */
export async function precompressDir(dir) {
  const summary = { files: 0, bytes: 0, br: 0, gzip: 0 };
  const jobs = [];
  for (const rel of filesUnder(dir)) {
    if (!precompressed(rel)) continue;
    const file = path.join(dir, rel);
    const stat = statSync(file);
    if (stat.size < MIN_COMPRESS_BYTES) continue;
    summary.files++;
    summary.bytes += stat.size;
    const body = readFileSync(file);
    for (const [encoding, suffix] of Object.entries(ENCODINGS)) {
      const target = file + suffix;
      let fresh = false;
      try {
        fresh = statSync(target).mtimeMs >= stat.mtimeMs;
      } catch {
        // not made yet
      }
      if (fresh) {
        summary[encoding] += statSync(target).size;
        continue;
      }
      jobs.push(
        compressBest(body, encoding).then((out) => {
          if (out.length >= body.length) return;
          writeFileSync(target, out);
          summary[encoding] += out.length;
        }),
      );
    }
  }
  await Promise.all(jobs);
  return summary;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const started = Date.now();
  const s = await precompressDir(dir);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`precompressed ${s.files} files of ${dir} (${kb(s.bytes)}): brotli ${kb(s.br)}, gzip ${kb(s.gzip)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
