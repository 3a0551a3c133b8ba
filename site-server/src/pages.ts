// Page drawing: every public page is the app's prerendered template for its route and language, with
// its head (title, description, Open Graph tags, alternates) and, for a route that has data, drawn
// with that data by the public site's server renderer (public-site/dist-ssr/entry-server.js), the data
// sent along as JSON for the client to hydrate from without a second request.
//
// Kept pages: a drawn page is kept (compressed, with its ETag) until a change it was drawn from comes
// through the API's change feed (change-feed.ts), and only while that feed is connected. Nothing is
// kept on a timer. A page whose drawing started before a change, or within `settleMs` after one (the
// other API replicas hear a change a few milliseconds apart, and the page's data may be asked of any
// of them), is sent but not kept.
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Changed } from './change-feed.js';
import type { Language } from './language.js';
import { withLang, withMeta, withRenderedRoot, type HeadMeta } from './page-head.js';
import { eventTitle, metaOfPage, pageTitle, SITE_NAME, type PageText } from './page-meta.js';
import { Representation, textOf, type AppFiles, type HeaderList } from './static-files.js';

/** The event page image's `sizes`, as public-site/src/features/events/lib/event-image.ts says (or a second rendition is fetched). */
export const EVENT_IMAGE_SIZES = '(max-width: 900px) 100vw, 60vw';

// ---- The renderer contract (public-site/src/entry-server.tsx, built to public-site/dist-ssr/entry-server.js) ----

export interface PageMeta {
  title: string;
  description?: string;
  image?: string | null;
  imageSrcSet?: string | null;
  imageSizes?: string;
  type?: 'website' | 'article';
}

/** An older renderer's link preview of an event page (mapped to PageMeta). */
interface LegacyEvent {
  title: string;
  description?: string;
  date?: string;
  location?: string;
  imageUrl?: string | null;
  imageSrcSet?: string | null;
}

export interface LoadedPage {
  pageData: object;
  meta?: PageMeta;
  /** 404 for a page whose subject does not exist (drawn, as the app draws it, but answered 404). */
  status?: 200 | 404;
  /** The change-feed topics the page's data was read from; without them any change drops the page. */
  topics?: string[];
  /** An older renderer's shape. */
  event?: LegacyEvent;
}

export interface LoadOptions {
  graphqlUrl: string;
  timeoutMs: number;
  headers?: Record<string, string>;
}

export type FormResult = { pageData: object } | { redirect: string } | null;

export interface Renderer {
  pageDataElementId: string;
  loadPageData(url: string, lang: Language, options: LoadOptions): Promise<LoadedPage | null>;
  render(url: string, lang: Language, options: { pageData?: object; formData?: Record<string, string> }): Promise<string>;
  handleForm?(url: string, lang: Language, fields: Record<string, string>, options: { graphqlUrl: string; headers: Record<string, string>; timeoutMs?: number }): Promise<FormResult>;
}

/**
 * The app's server renderer, when it draws pages with data; null otherwise (admin portal, an older
 * build, a bundle that fails to load). Node imports a module once (and the bundle's chunks import it by
 * its plain URL, so it cannot be imported afresh beside them): once a build has replaced it (`reset()`
 * looks, after the files are read again), pages go without data until the server restarts, rather
 * than be drawn by an older version of the app.
 */
export function serverRenderer(distDir: string, log: (m: string) => void) {
  const file = path.join(distDir, '..', 'dist-ssr', 'entry-server.js');
  const mtimeOf = () => statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  let loaded: Promise<Renderer | null> | null = null;
  let importedMtime: number | undefined;
  return {
    get(): Promise<Renderer | null> {
      if (loaded) return loaded;
      importedMtime = mtimeOf();
      if (importedMtime === undefined) return (loaded = Promise.resolve(null));
      loaded = import(pathToFileURL(file).href).then(
        (m: Partial<Renderer>) => (typeof m.loadPageData === 'function' && typeof m.render === 'function' && typeof m.pageDataElementId === 'string' ? (m as Renderer) : null),
        (error: Error) => {
          log(`loading ${file} failed (${error.message}); pages are served without their data`);
          return null;
        },
      );
      return loaded;
    },
    reset(): void {
      if (!loaded || mtimeOf() === importedMtime) return;
      log(`${file} was rebuilt: pages are served without their data until this server restarts`);
      loaded = Promise.resolve(null);
    },
  };
}

/** One line of plain text of at most `max` characters (descriptions). */
export function summary(text: unknown, max = 160): string {
  const flat = String(text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** The head of a page drawn with data: the renderer's meta (or an older renderer's event) over the route's own. */
export function headOf(loaded: LoadedPage, lang: Language, fallback: PageText | undefined, base: string | null): Omit<HeadMeta, 'lang' | 'siteName' | 'pageUrl'> | undefined {
  const absolute = (url: string | null | undefined) => (url && base ? new URL(url, `${base}/`).href : undefined);
  if (loaded.meta?.title) {
    const m = loaded.meta;
    return {
      title: pageTitle(lang, m.title),
      description: m.description ?? fallback?.description ?? '',
      image: absolute(m.image),
      preloadImage: m.image && m.imageSrcSet ? { href: m.image, srcset: m.imageSrcSet, sizes: m.imageSizes ?? EVENT_IMAGE_SIZES } : undefined,
      type: m.type ?? 'website',
    };
  }
  const e = loaded.event;
  if (e?.title) {
    return {
      title: eventTitle(lang, e.title),
      description: summary(`${e.date} · ${e.location}. ${e.description}`),
      image: absolute(e.imageUrl),
      preloadImage: e.imageUrl ? { href: e.imageUrl, srcset: e.imageSrcSet, sizes: EVENT_IMAGE_SIZES } : undefined,
      type: 'article',
    };
  }
  return fallback;
}

// ---- Kept pages ----

interface Kept {
  rep: Representation;
  /** Topics it was drawn from; '*' for any change. */
  topics: string[] | '*';
}

/**
 * The pages kept, least recently used out first: a page is ~50 KB, ~85 KB with its brotli and gzip
 * forms, so at most ~22 MB at 256, whatever the paths asked for.
 */
export class PageCache {
  private readonly entries = new Map<string, Kept>();
  private seq = 0;
  private lastChangeAt = -Infinity;
  private enabled = false;
  readonly counts = { hits: 0, misses: 0, dropped: 0 };

  constructor(
    private readonly maxEntries = 256,
    private readonly settleMs = 250,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Whether pages may be kept (the change feed is connected); off drops everything. */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.clear();
  }

  get(key: string): Representation | undefined {
    if (!this.enabled) return undefined;
    const hit = this.entries.get(key);
    if (hit === undefined) {
      this.counts.misses++;
      return undefined;
    }
    this.counts.hits++;
    if (this.entries.size > 32) {
      // Least recently used goes first.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit.rep;
  }

  /** A ticket taken before the page's data is asked for: keep() refuses the page if a change came since. */
  ticket(): number {
    return this.seq;
  }

  keep(key: string, rep: Representation, topics: string[] | '*', ticket: number): void {
    if (!this.enabled || ticket !== this.seq || Date.now() - this.lastChangeAt < this.settleMs) return;
    this.entries.delete(key);
    this.entries.set(key, { rep, topics });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  invalidate(changed: Changed): void {
    this.seq++;
    this.lastChangeAt = Date.now();
    if (changed === 'all') return this.clear();
    const set = new Set(changed);
    for (const [key, kept] of this.entries) {
      if (kept.topics === '*' || kept.topics.some((t) => set.has(t))) {
        this.entries.delete(key);
        this.counts.dropped++;
      }
    }
  }

  clear(): void {
    this.seq++;
    this.counts.dropped += this.entries.size;
    this.entries.clear();
  }
}

// ---- Drawing ----

export interface PageRequest {
  pathname: string;
  search: string;
  lang: Language;
  /** The site's origin for absolute URLs, or null when unknown. */
  base: string | null;
}

export interface PagesOptions {
  app: AppFiles;
  renderer: ReturnType<typeof serverRenderer>;
  graphqlUrl: string;
  pageHeaders: HeaderList;
  /** Pages answering a form: never kept by anyone. */
  formPageHeaders: HeaderList;
  cache: PageCache;
  timeoutMs?: number;
  log: (m: string) => void;
}

/** Draws pages: from the cache, else from the template, the renderer's data and its HTML. */
export class Pages {
  /** Static pages (a template with the head of its URL and language: no data), made once per build. */
  private readonly plain = new Map<string, Representation>();
  /** Pages being drawn, by key (at most one drawing per page at a time). */
  private readonly drawing = new Map<string, { ticket: number; done: Promise<Representation | null> }>();
  private renderFailures = 0;
  private loadFailures = 0;

  constructor(private readonly o: PagesOptions) {}

  /** The build's files were read again: everything made from them goes. */
  reset(): void {
    this.plain.clear();
    this.o.cache.clear();
    this.o.renderer.reset();
  }

  get plainSize(): number {
    return this.plain.size;
  }

  /** A page's key: ?lang= is already in p.lang (so /x?lang=hi and /x with the Hindi cookie are one page). */
  keyOf(p: PageRequest): string {
    let search = p.search;
    if (search.includes('lang=')) {
      const params = new URLSearchParams(search);
      params.delete('lang');
      search = params.toString();
    }
    return `${p.lang}\0${p.base}\0${p.pathname}\0${search}`;
  }

  /** The kept page for a request, if any (the hot path: no promise, no renderer). */
  kept(p: PageRequest): Representation | undefined {
    return this.o.cache.get(this.keyOf(p));
  }

  /**
   * The page for a GET or HEAD, resolved to the Representation to send (or null: no template at all).
   * Readers asking for a page being drawn wait for that drawing (unless a change came since it began).
   */
  async page(p: PageRequest): Promise<Representation | null> {
    const key = this.keyOf(p);
    const kept = this.o.cache.get(key);
    if (kept) return kept;
    const ticket = this.o.cache.ticket();
    const drawing = this.drawing.get(key);
    if (drawing && drawing.ticket === ticket) return drawing.done;
    const done = this.draw(p, key, ticket);
    this.drawing.set(key, { ticket, done });
    try {
      return await done;
    } finally {
      if (this.drawing.get(key)?.done === done) this.drawing.delete(key);
    }
  }

  private async draw(p: PageRequest, key: string, ticket: number): Promise<Representation | null> {
    const template = this.templateOf(p);
    const ssr = await this.o.renderer.get();
    let loaded: LoadedPage | null = null;
    let failed = false;
    if (ssr) {
      const url = p.search ? `${p.pathname}?${p.search}` : p.pathname;
      try {
        loaded = await ssr.loadPageData(url, p.lang, { graphqlUrl: this.o.graphqlUrl, timeoutMs: this.o.timeoutMs ?? 1500 });
      } catch (error) {
        // API down, slow or answering nonsense: the page without its data (the client asks for it).
        failed = true;
        if (this.loadFailures++ < 5) this.o.log(`the data of ${url} (${p.lang}) could not be loaded (${(error as Error).message}); serving the page without it`);
      }
    }
    if (!loaded?.pageData) {
      const rep = this.plainPage(p, template, loaded);
      // A route without data is the same until the build changes; an unknown subject until any change.
      if (rep && !failed) this.o.cache.keep(key, rep, '*', ticket);
      return rep;
    }
    const drawn = await this.drawn(p, template, loaded, ssr!, {});
    if (drawn?.complete) this.o.cache.keep(key, drawn.rep, loaded.topics?.length ? loaded.topics : '*', ticket);
    return drawn?.rep ?? null;
  }

  /** The page answering a form: drawn with the pageData handleForm gave, never kept. */
  async formPage(p: PageRequest, pageData: object, formData: Record<string, string>): Promise<Representation | null> {
    const ssr = await this.o.renderer.get();
    if (!ssr) return null;
    const template = this.templateOf(p);
    return (await this.drawn(p, template, { pageData }, ssr, { formData, headers: this.o.formPageHeaders }))?.rep ?? null;
  }

  async renderer(): Promise<Renderer | null> {
    return this.o.renderer.get();
  }

  private templateOf(p: PageRequest): string {
    const page = this.o.app.page(p.pathname, p.lang);
    return page !== null && this.o.app.file(page) ? page : '/index.html';
  }

  private head(p: PageRequest, meta: Omit<HeadMeta, 'lang' | 'siteName' | 'pageUrl'> | undefined, html: string): string {
    if (!meta) return withLang(html, p.lang);
    return withMeta(html, { ...meta, lang: p.lang, siteName: SITE_NAME[p.lang], pageUrl: p.base ? `${p.base}${p.pathname}` : undefined });
  }

  /** The template with the route's head (or, for an unknown subject, the renderer's), made once per build. */
  private plainPage(p: PageRequest, template: string, loaded: LoadedPage | null): Representation | null {
    const record = this.o.app.file(template);
    if (!record) return null;
    const meta = loaded ? headOf(loaded, p.lang, metaOfPage(p.pathname, p.lang), p.base) : metaOfPage(p.pathname, p.lang);
    const key = meta ? `${p.lang}\0${template}\0${p.base}\0${p.pathname}\0${meta.title}` : `${p.lang}\0${template}`;
    let rep = this.plain.get(key);
    if (rep === undefined) {
      rep = new Representation(Buffer.from(this.head(p, meta, textOf(record))), { headers: this.o.pageHeaders, contentType: 'text/html; charset=utf-8', vary: 'Cookie', compressible: true });
      if (this.plain.size >= 256) this.plain.delete(this.plain.keys().next().value as string);
      this.plain.set(key, rep);
    }
    return rep;
  }

  private async drawn(p: PageRequest, template: string, loaded: LoadedPage, ssr: Renderer, { formData, headers }: { formData?: Record<string, string>; headers?: HeaderList }): Promise<{ rep: Representation; complete: boolean } | null> {
    const record = this.o.app.file(template);
    if (!record) return null;
    const meta = headOf(loaded, p.lang, metaOfPage(p.pathname, p.lang), p.base);
    let html = textOf(record);
    let complete = true;
    // Only into a prerendered template: it carries the stylesheets and module preloads of the route's
    // own chunk (index.html does not, and the page would flash unstyled).
    if (template !== '/index.html') {
      const url = p.search ? `${p.pathname}?${p.search}` : p.pathname;
      try {
        const root = await ssr.render(url, p.lang, formData ? { pageData: loaded.pageData, formData } : { pageData: loaded.pageData });
        html = withRenderedRoot(html, root, ssr.pageDataElementId, loaded.pageData) ?? html;
      } catch (error) {
        // A page that suspends or throws on the server: the template (said a few times, not per request).
        complete = false;
        if (this.renderFailures++ < 5) this.o.log(`rendering ${url} (${p.lang}) with its data failed; serving the page without it: ${(error as Error).stack ?? error}`);
      }
    }
    const rep = new Representation(Buffer.from(this.head(p, meta, html)), {
      headers: headers ?? this.o.pageHeaders,
      contentType: 'text/html; charset=utf-8',
      vary: 'Cookie',
      compressible: true,
      status: loaded.status === 404 ? 404 : 200,
    });
    return { rep, complete };
  }
}
