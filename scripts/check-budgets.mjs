// Page budgets, checked in CI after the build:
// - the JavaScript a visitor downloads before the first page can render (the entry script and every
//   module it statically imports, i.e. what index.html loads or preloads) must stay within its budget;
// - every lazily loaded module (each `import('...')` in src: route pages, dialogs, catalogues) must stay
//   its own chunk outside that initial set: a static import of a route would silently pull it in;
// - prints what each lazily loaded chunk adds on top of the initial set (gzipped).
// Reads Vite's build manifest (dist/.vite/manifest.json). Usage: node scripts/check-budgets.mjs [--json]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const budgets = [
  { app: 'public-site', kb: 110 },
  { app: 'admin-portal', kb: 350 },
];

/**
 * Pages whose first visit has a budget of its own: every script the prerendered page loads or
 * preloads (the entry's imports, the page's chunks; not the data layer, which a page that defers it
 * fetches only when wanted). The public site's home page is what a phone opens first.
 */
const pageBudgets = [{ app: 'public-site', page: 'prerendered/index.html', label: 'home page, first visit', kb: 120 }];

/** The scripts an HTML file loads or preloads, and their gzipped size in KB. */
export function pageJs(distDir, page) {
  const files = [...htmlScripts(distDir, page)];
  return { files, gzipKb: files.reduce((sum, f) => sum + gzipBytes(distDir, f), 0) / 1024 };
}

const gzipCache = new Map();
function gzipBytes(distDir, file) {
  const full = path.join(distDir, file);
  if (!gzipCache.has(full)) gzipCache.set(full, gzipSync(readFileSync(full)).length);
  return gzipCache.get(full);
}

/** Files referenced by index.html (or another page) as scripts or module preloads. */
export function htmlScripts(distDir, page = 'index.html') {
  const html = readFileSync(path.join(distDir, page), 'utf8');
  const refs = new Set();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) refs.add(m[1].replace(/^\//, ''));
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) refs.add(m[1].replace(/^\//, ''));
  for (const m of html.matchAll(/<link[^>]+href="([^"]+\.js)"[^>]+rel="modulepreload"/g)) refs.add(m[1].replace(/^\//, ''));
  return refs;
}

/** The initial JS as index.html loads it (kept for callers of the previous version). */
export function initialJs(distDir) {
  const files = [...htmlScripts(distDir)];
  const bytes = files.reduce((sum, f) => sum + gzipBytes(distDir, f), 0);
  return { files, gzipKb: bytes / 1024 };
}

/** Every `import('...')` specifier in the app's sources (tests excepted), resolved to a manifest key. */
function dynamicImports(appDir) {
  const srcDir = path.join(appDir, 'src');
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'testing' && entry.name !== '__tests__') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(full, 'utf8');
        for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
          const spec = m[1];
          const base = spec.startsWith('@/') ? path.join(srcDir, spec.slice(2)) : spec.startsWith('.') ? path.resolve(dir, spec) : null;
          if (!base) continue;
          const file = [base, `${base}.tsx`, `${base}.ts`, path.join(base, 'index.tsx'), path.join(base, 'index.ts')].find((f) => existsSync(f) && statSync(f).isFile());
          if (file) found.push({ key: path.relative(appDir, file).split(path.sep).join('/'), from: path.relative(appDir, full).split(path.sep).join('/') });
        }
      }
    }
  };
  walk(srcDir);
  return found;
}

/** Resolves an import specifier of a source file to a file of the app (null for packages). */
function resolveSource(appDir, fromFile, spec) {
  const base = spec.startsWith('@/') ? path.join(appDir, 'src', spec.slice(2)) : spec.startsWith('.') ? path.resolve(path.dirname(fromFile), spec) : null;
  if (!base) return null;
  return [base, `${base}.tsx`, `${base}.ts`, path.join(base, 'index.tsx'), path.join(base, 'index.ts')].find((f) => existsSync(f) && statSync(f).isFile()) ?? null;
}

/**
 * Source files reachable from src/main.tsx through static imports (type-only imports excluded).
 * The bundler may keep a lazily imported module's name on a tiny facade chunk while its code sits in
 * an initial chunk, so this check reads the sources rather than trusting chunk names.
 */
function staticallyReachable(appDir) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) return;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
      const target = resolveSource(appDir, file, m[1]);
      if (target) visit(target);
    }
  };
  visit(path.join(appDir, 'src', 'main.tsx'));
  return new Set([...seen].map((f) => path.relative(appDir, f).split(path.sep).join('/')));
}

/** Static-import closure of a manifest chunk (by manifest key). */
function closure(manifest, key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

export function analyse(app) {
  const appDir = path.join(root, app);
  const distDir = path.join(appDir, 'dist');
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path.join(distDir, 'index.html')) || !existsSync(manifestPath)) return { app, error: 'not built (or built without the manifest): run npm run build' };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const initialKeys = new Set(entries.flatMap((k) => [...closure(manifest, k)]));
  const initialFiles = new Set([...initialKeys].map((k) => manifest[k].file));
  const problems = [];

  // index.html must load exactly the static closure of the entry (nothing lazy preloaded), besides the classic
  // scripts the app keeps in public/ (early-press.js: it must run before the entry, and the CSP allows no inline
  // script). Their bytes count in the budgets all the same.
  for (const file of htmlScripts(distDir)) {
    if (!initialFiles.has(file) && !existsSync(path.join(appDir, 'public', file))) problems.push(`index.html loads ${file}, which is not part of the entry's static imports`);
  }
  const gzipKb = [...initialFiles].reduce((sum, f) => sum + gzipBytes(distDir, f), 0) / 1024;

  // Each lazily imported module must be a chunk of its own, outside the initial set.
  const reachable = staticallyReachable(appDir);
  const lazy = [];
  for (const { key, from } of dynamicImports(appDir)) {
    if (lazy.some((l) => l.key === key)) continue;
    if (reachable.has(key)) {
      problems.push(`${key} (import() in ${from}) is also imported statically from src/main.tsx's import graph, so it is in the initial JS`);
      continue;
    }
    const chunk = manifest[key];
    if (!chunk) {
      problems.push(`${key} (import() in ${from}) has no chunk of its own: it was merged into another chunk, probably because something imports it statically`);
      continue;
    }
    if (initialKeys.has(key) || initialFiles.has(chunk.file)) {
      problems.push(`${key} (import() in ${from}) is in the initial JS: something imports it statically`);
      continue;
    }
    // What opening it adds: its chunk and its static imports that are not already loaded.
    const extra = [...closure(manifest, key)].map((k) => manifest[k].file).filter((f) => !initialFiles.has(f));
    const initialCss = new Set([...initialKeys].flatMap((k) => manifest[k].css ?? []));
    const css = [...closure(manifest, key)].flatMap((k) => manifest[k].css ?? []).filter((f) => !initialCss.has(f));
    lazy.push({
      key,
      file: chunk.file,
      ownKb: gzipBytes(distDir, chunk.file) / 1024,
      addedKb: [...new Set(extra)].reduce((sum, f) => sum + gzipBytes(distDir, f), 0) / 1024,
      cssKb: [...new Set(css)].reduce((sum, f) => sum + gzipBytes(distDir, f), 0) / 1024,
    });
  }
  return { app, gzipKb, initialFiles: [...initialFiles], lazy, problems };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let failed = false;
  const results = [];
  for (const { app, kb } of budgets) {
    const result = analyse(app);
    results.push({ ...result, budgetKb: kb });
    if (result.error) {
      console.error(`${app}: ${result.error}`);
      failed = true;
      continue;
    }
    const ok = result.gzipKb <= kb;
    console.log(`\n${app}: initial JS ${result.gzipKb.toFixed(1)} KB gzipped (budget ${kb} KB) in ${result.initialFiles.length} file(s) ${ok ? 'OK' : 'OVER BUDGET'}`);
    if (!ok) failed = true;
    console.log(`  lazily loaded chunks (gzipped KB: the chunk itself / all JS it adds to the initial set / its CSS):`);
    for (const l of [...result.lazy].sort((a, b) => b.addedKb - a.addedKb)) {
      console.log(`    ${l.ownKb.toFixed(1).padStart(6)} ${l.addedKb.toFixed(1).padStart(6)} ${l.cssKb.toFixed(1).padStart(5)}  ${l.key}`);
    }
    for (const problem of result.problems) console.error(`  FAIL ${problem}`);
    if (result.problems.length) failed = true;
  }
  for (const { app, page, label, kb } of pageBudgets) {
    const distDir = path.join(root, app, 'dist');
    if (!existsSync(path.join(distDir, page))) {
      console.error(`${app}: ${page} is missing (not built?)`);
      failed = true;
      continue;
    }
    const { files, gzipKb } = pageJs(distDir, page);
    const ok = gzipKb <= kb;
    console.log(`\n${app}: ${label} (${page}): ${gzipKb.toFixed(1)} KB of JS gzipped (budget ${kb} KB) in ${files.length} file(s) ${ok ? 'OK' : 'OVER BUDGET'}`);
    if (!ok) failed = true;
    results.push({ app, page, gzipKb, budgetKb: kb, files });
  }
  if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
  process.exit(failed ? 1 : 0);
}
