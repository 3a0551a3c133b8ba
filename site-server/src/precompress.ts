// Brotli and gzip for the two sites: the build writes `<file>.br` and `<file>.gz` beside every
// compressible file of dist/ (public-site/scripts/precompress.mjs, admin-portal/scripts/precompress.mjs,
// after `vite build` and the prerender), at the best settings, once; the site server sends them from
// memory (static-files.ts), and nginx sends the .gz (deploy/nginx-site.conf, gzip_static).
//
// HTML is left out: the site server writes each page's head (and often its body) per page, so the
// file's compressed form would never be what is sent. It compresses each final page once in memory
// instead (fast settings first, the best ones once it is asked for again), and does the same for any
// file a build left without its .br/.gz.
//
// Run directly: node site-server/dist/precompress.js <dir>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Smaller files are sent as they are (as the `compression` middleware did: its threshold was 1 KB). */
export const MIN_COMPRESS_BYTES = 1024;

/** Content types by extension (the `mime-types` answers for them), with the charset browsers need. */
export const CONTENT_TYPES: Record<string, string> = {
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

const extensionOf = (file: string) => path.extname(file).slice(1).toLowerCase();
export const contentTypeOf = (file: string) => CONTENT_TYPES[extensionOf(file)] ?? 'application/octet-stream';
export const isCompressible = (file: string) => COMPRESSIBLE.has(extensionOf(file));

export type Encoding = 'br' | 'gzip';
/** The encodings made, with the file suffix of each. */
export const ENCODINGS: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

const brotliParams = (quality: number, size: number) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
});
const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/** The smallest output, for the build and for pages asked for more than once (brotli 11, gzip 9). */
export function compressBest(buf: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(buf, brotliParams(11, buf.length)) : gzipAsync(buf, { level: 9 });
}

/** About 1 ms for a 25 KB page (brotli 5, gzip 6): what a request that meets a new page can wait for. */
export function compressFast(buf: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(buf, brotliParams(5, buf.length)) : zlib.gzipSync(buf, { level: 6 });
}

/** Every file under `dir`, as paths relative to it, skipping dot-folders and dot-files (build metadata). */
export function filesUnder(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...filesUnder(dir, child));
    else if (entry.isFile()) out.push(child);
  }
  return out;
}

/** Whether `file` (relative) is one the build compresses: compressible, not HTML, not itself a .br/.gz. */
export const precompressed = (file: string) => isCompressible(file) && extensionOf(file) !== 'html';

export interface PrecompressSummary {
  files: number;
  bytes: number;
  br: number;
  gzip: number;
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every file of `dir` that `precompressed` names and that has
 * at least MIN_COMPRESS_BYTES, when smaller than the file (a fresh one from an earlier run is kept).
 * Resolves to { files, bytes, br, gzip } (counts and sizes) for the build's log.
 */
export async function precompressDir(dir: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, br: 0, gzip: 0 };
  const jobs: Promise<void>[] = [];
  for (const rel of filesUnder(dir)) {
    if (!precompressed(rel)) continue;
    const file = path.join(dir, rel);
    const stat = statSync(file);
    if (stat.size < MIN_COMPRESS_BYTES) continue;
    summary.files++;
    summary.bytes += stat.size;
    const body = readFileSync(file);
    for (const [encoding, suffix] of Object.entries(ENCODINGS) as [Encoding, string][]) {
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

/** The build step's log line. */
export async function precompressCli(dir: string): Promise<void> {
  const started = Date.now();
  const s = await precompressDir(dir);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`precompressed ${s.files} files of ${dir} (${kb(s.bytes)}): brotli ${kb(s.br)}, gzip ${kb(s.gzip)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await precompressCli(path.resolve(process.argv[2] ?? 'dist'));
