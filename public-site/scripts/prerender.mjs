// Prerenders the signed-out pages into dist/prerendered/ after `vite build` and the prerender build
// (`vite build --ssr src/entry-server.tsx`, into dist-ssr/), each in English and in Hindi. Each page is
// index.html with:
// - the page's HTML in #root (signed out, data loading), so a phone paints it before the JavaScript
//   arrives, in the language the server picks for the reader (site-server/src/language.ts);
// - <html lang> of its language (the client hydrates only a page in the language it chose), and the
//   title, description and Open Graph tags in that language (site-server/src/page-meta.ts), for servers
//   that send the file as it is (nginx); the language alternates need the site's origin, so a marker
//   stands where nginx writes them (deploy/nginx-site.conf) and the site server (site-server/) rewrites the head;
// - the stylesheets of the chunks the page rendered (no unstyled flash, no layout shift) and module
//   preloads of their scripts (fetched with the entry instead of after it), and on Hindi pages of the
//   Hindi catalogue, which the app needs before it can hydrate; a data part's scripts (rendering/lazy-part.tsx, data 'when-wanted')
//   are not preloaded: they load when the part is wanted.
// dist/prerendered/routes.json maps each route pattern to its file per language (English at the top,
// Hindi under hi/); the site server (site-server/) and the nginx configuration serve these files for their
// routes and index.html for every other one.
// Each page renders in its own process so that the dynamic imports it records are its own.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// The site server's head writer, titles and languages (site-server/src, built to site-server/dist first).
import { withLang, withMeta } from '../../site-server/dist/page-head.js';
import { metaOfPage, SITE_NAME } from '../../site-server/dist/page-meta.js';
import { SITE_LANGUAGES } from '../../site-server/dist/language.js';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(appDir, 'dist');
const outDir = path.join(distDir, 'prerendered');

const serverEntry = () => import(pathToFileURL(path.join(appDir, 'dist-ssr', 'entry-server.js')).href);

/** The prefix of a module recorded for a data part (vite.config.ts). */
const DEFERRED = 'deferred:';

/**
 * The data layer (Apollo, the largest chunk after react-dom) is never preloaded with a page: the page is
 * drawn from its HTML, and on a slow link its image and its own chunks come first; the app asks for the
 * data layer as it starts (rendering/lazy-part.tsx), before it hydrates a page that needs it.
 */
const DATA_LAYER_MODULE = 'src/rendering/data-layer.ts';

/** The Hindi catalogue's chunk: the app loads it before its first render on a Hindi page. */
const CATALOGUE_MODULE = { hi: 'src/i18n/locales/hi.json' };

async function renderInThisProcess(url, lang) {
  globalThis.__prerenderModules = new Set();
  const { render } = await serverEntry();
  const html = await render(url, lang);
  process.stdout.write(JSON.stringify({ html, modules: [...globalThis.__prerenderModules] }));
}

/** Stylesheets and scripts of the chunks of `moduleKeys` and everything they import statically. */
function chunkAssets(manifest, moduleKeys) {
  const css = new Set();
  const js = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of moduleKeys) {
    if (!manifest[key]) throw new Error(`prerender: ${key} is not a chunk of the client build`);
    visit(key);
  }
  return { css: [...css], js: [...js] };
}

function deprioritiseScripts(html) {
  return html
    .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
    .replace(/<link rel="modulepreload" crossorigin/g, '<link rel="modulepreload" fetchpriority="low" crossorigin');
}

/**
 * The page's stylesheets inline: on a slow link each <link rel="stylesheet"> costs a round trip before
 * the first paint, and a page's CSS is a few KB. Each inlined file leaves a *disabled* link behind: it is
 * never fetched, but Vite's loader sees it and does not fetch that CSS again when the page's chunk loads.
 * The CSP allows inline styles ('unsafe-inline' in style-src); url()s in the CSS are absolute (/assets/...).
 */
function inlineStylesheets(html) {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (_, file) => {
    const css = readFileSync(path.join(distDir, file), 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style data-href="/${file}">${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
  });
}

function fileFor(pattern, lang) {
  const file = pattern === '/' ? 'index.html' : `${pattern.slice(1).replace(/:(\w+)/g, '[$1]')}.html`;
  return lang === 'en' ? file : `${lang}/${file}`;
}

/** The head of a page in its language; `url` stands for the route (an event's page has the calendar's meta). */
function headInLanguage(html, url, lang) {
  const meta = metaOfPage(url, lang);
  return meta ? withMeta(html, { ...meta, lang, siteName: SITE_NAME[lang], keepMarker: true }) : withLang(html, lang);
}

async function main() {
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const present = new Set([...template.matchAll(/(?:href|src)="\/([^"]+)"/g)].map((m) => m[1]));
  if (!template.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty #root');
  rmSync(outDir, { recursive: true, force: true });
  const { prerenderedRoutes, prerenderValidUntil } = await serverEntry();
  const routes = {};
  for (const { pattern, url } of prerenderedRoutes) {
    routes[pattern] = {};
    for (const lang of SITE_LANGUAGES) {
      const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--render', url, lang], { cwd: appDir, maxBuffer: 16 * 1024 * 1024 });
      const { html, modules } = JSON.parse(out.toString('utf8'));
      const now = modules.filter((key) => !key.startsWith(DEFERRED) && key !== DATA_LAYER_MODULE);
      const { css, js } = chunkAssets(manifest, [...now, ...(CATALOGUE_MODULE[lang] ? [CATALOGUE_MODULE[lang]] : [])]);
      // A data part's HTML is in the page, so are its styles; its scripts load when it is wanted (rendering/lazy-part.tsx, data 'when-wanted').
      for (const file of chunkAssets(manifest, modules.filter((key) => key.startsWith(DEFERRED)).map((key) => key.slice(DEFERRED.length))).css) {
        if (!css.includes(file)) css.push(file);
      }
      const links = [
        ...css.filter((f) => !present.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
        ...js.filter((f) => !present.has(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      ];
      // The page is readable without its scripts: they load at low priority, after the (inline) styles
      // and the images in view (on a slow 3G/4G link the hero image comes before 160 KB of code).
      const head = headInLanguage(template, url, lang).replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
      const page = deprioritiseScripts(inlineStylesheets(head).replace('<div id="root"></div>', () => `<div id="root">${html}</div>`));
      const file = fileFor(pattern, lang);
      mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
      writeFileSync(path.join(outDir, file), page);
      routes[pattern][lang] = file;
      console.log(`prerendered ${pattern} (${lang}) → dist/prerendered/${file} (${(html.length / 1024).toFixed(1)} KB of HTML, ${links.length} extra links)`);
    }
  }
  // the site server (site-server/) serves index.html once they expire, and prerenders again.
  const expires = prerenderValidUntil(new Date()).toISOString();
  writeFileSync(path.join(outDir, 'routes.json'), `${JSON.stringify({ expires, routes }, null, 2)}\n`);
}

if (process.argv[2] === '--render') await renderInThisProcess(process.argv[3], process.argv[4]);
else await main();
