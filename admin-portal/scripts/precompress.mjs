// Build step after `vite build`: brotli and gzip files beside every compressible
// asset of dist/ (site-server/src/precompress.ts, built to site-server/dist), sent by the site server and nginx.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressDir } from '../../site-server/dist/precompress.js';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const started = Date.now();
const s = await precompressDir(dist);
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`precompressed ${s.files} files (${kb(s.bytes)}): brotli ${kb(s.br)}, gzip ${kb(s.gzip)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
