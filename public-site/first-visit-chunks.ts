import path from 'node:path';
import type { Rolldown } from 'vite';

/**
 * How the client build splits its code (issue 22). Left to itself the bundler makes a chunk of every
 * module that two lazily loaded chunks share, so a phone's first visit of events fetched 41 small files,
 * and the browser's work per request (not the bytes) was the largest row of its main thread at 8x CPU
 * (docs/performance.md, "Islands or Suspense boundaries"). Here a landing page's first visit is a
 * handful of scripts: the bundler's runtime, `index` (the entry and everything it imports statically:
 * the name Vite gives an entry, which e2e/support/hold-app.ts holds back), the route's chunk (a tiny
 * facade) and its page's chunk, `landing-shared`, and for events and an event page `events-shared`. Every other route, dialog, data part and the data layer keeps the bundler's
 * own chunking, each loaded when wanted.
 */

/** The pages a reader lands on. */
const LANDING_PAGES = [
  { chunk: 'event-page', module: 'src/app/routes/event-detail.tsx' },
  { chunk: 'events-page', module: 'src/app/routes/events.tsx' },
  { chunk: 'home-page', module: 'src/app/routes/home.tsx' },
];
const HOME = 'home-page';
const SHARED = 'landing-shared';
const EVENTS_SHARED = 'events-shared';

type ModuleInfoOf = (id: string) => { importedIds: readonly string[]; dynamicImporters: readonly string[] } | null;

/**
 * The app's own modules that `from` imports statically, directly or not. Packages are not followed:
 * a package's index names modules that only the lazily loaded data layer uses, and those stay in its chunk.
 */
function sourceClosure(from: string, srcDir: string, infoOf: ModuleInfoOf): Set<string> {
  const seen = new Set<string>();
  const pending = [from];
  while (pending.length) {
    const id = pending.pop()!;
    if (seen.has(id) || !id.startsWith(srcDir)) continue;
    seen.add(id);
    pending.push(...(infoOf(id)?.importedIds ?? []));
  }
  return seen;
}

export function firstVisitChunks(appRoot: string): Rolldown.OutputOptions['codeSplitting'] {
  const srcDir = path.join(appRoot, 'src') + path.sep;
  let pages: { chunk: string; modules: Set<string> }[] | undefined;
  /** The chunk a module of the app belongs in, from the landing pages that import it; null: the bundler's choice. */
  const chunkOf = (moduleId: string, infoOf: ModuleInfoOf): string | null => {
    pages ??= LANDING_PAGES.map(({ chunk, module }) => ({ chunk, modules: sourceClosure(path.join(appRoot, module), srcDir, infoOf) }));
    // A module loaded by import() (the route itself, a part loaded when wanted) stays the chunk that
    // import() loads, as scripts/check-budgets.mjs and prerender.mjs expect.
    if (infoOf(moduleId)?.dynamicImporters.length) return null;
    const reachedBy = pages.filter((page) => page.modules.has(moduleId)).map((page) => page.chunk);
    // What home shares with another landing page (the early-press hook, the dialog's styles: under
    // 1 KB) is a chunk of its own, so that home's first visit fetches no other page's chunk.
    if (reachedBy.includes(HOME) && reachedBy.length > 1) return SHARED;
    // What events and an event page share (the event card's parts, registration, questions).
    if (reachedBy.length > 1) return EVENTS_SHARED;
    return reachedBy[0] ?? null;
  };
  // A group takes the modules its captured modules import too, unless a group of higher priority took
  // them first: hence the order, from the entry's down to the least shared page's.
  const chunks = [SHARED, EVENTS_SHARED, ...LANDING_PAGES.map((page) => page.chunk)];
  return {
    groups: [
      // The entry and its static imports, as the bundler tags them (only what is used: a package's unused
      // parts are not). index.html then loads this chunk and the bundler's runtime as its two module scripts.
      { name: 'index', tags: ['$initial'], priority: chunks.length + 1 },
      ...chunks.map((chunk, index) => ({
        name: (moduleId: string, ctx: Rolldown.ChunkingContext) => (chunkOf(moduleId, (id) => ctx.getModuleInfo(id)) === chunk ? chunk : null),
        priority: chunks.length - index,
      })),
    ],
  };
}
