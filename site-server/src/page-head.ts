// Writes a page's language, title, description, Open Graph tags and language alternates into the
// <head> of a built HTML file. Used per page by pages.ts and at build time by
// public-site/scripts/prerender.mjs, so it first removes what an earlier pass wrote: applying it to a
// prerendered page gives the same head as applying it to index.html.
import { OG_LOCALE } from './page-meta.js';
import { SITE_LANGUAGES, type Language } from './language.js';

/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Where nginx writes the language alternates of a prerendered page (deploy/nginx-site.conf, sub_filter,
 * only when no page server answers): their URLs need the site's origin, which the build does not know.
 */
export const ALTERNATES_MARKER = '<!--page-alternates-->';

/** The address of `pageUrl` (no query) in `lang`: English is the plain URL, Hindi adds ?lang=hi. */
export const urlInLanguage = (pageUrl: string, lang: Language): string => (lang === 'en' ? pageUrl : `${pageUrl}?lang=${lang}`);

/** hreflang links of every language and x-default (English), and the canonical URL of this one. */
export function alternateLinks(pageUrl: string, lang: Language): string[] {
  return [
    ...SITE_LANGUAGES.map((l) => `<link rel="alternate" hreflang="${l}" href="${escapeHtml(urlInLanguage(pageUrl, l))}" />`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl)}" />`,
    `<link rel="canonical" href="${escapeHtml(urlInLanguage(pageUrl, lang))}" />`,
  ];
}

const WRITTEN_BEFORE = [
  /\s*<meta (?:property="og:|name="twitter:)[^>]*>/g,
  /\s*<link rel="(?:canonical|alternate)"[^>]*>/g,
  /\s*<link rel="preload" as="image"[^>]*>/g,
  new RegExp(`\\s*${ALTERNATES_MARKER}`, 'g'),
];

export interface HeadMeta {
  lang: Language;
  siteName: string;
  title: string;
  description: string;
  /** Absolute, without query: adds og:url, hreflang alternates and the canonical link. */
  pageUrl?: string;
  /** Absolute URL of the preview image (og:image). */
  image?: string;
  /** The page's largest image, fetched while the scripts load. */
  preloadImage?: { href: string; srcset?: string | null; sizes?: string };
  type?: string;
  /** Without pageUrl (a build that does not know its origin): leave the place where nginx adds them. */
  keepMarker?: boolean;
}

/** Sets <html lang>, the title and description, and adds Open Graph / Twitter tags in `lang`. */
export function withMeta(html: string, { lang, siteName, title, description, pageUrl, image, preloadImage, type = 'website', keepMarker = false }: HeadMeta): string {
  const alternate = SITE_LANGUAGES.filter((l) => l !== lang);
  const tags = [
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:type" content="${escapeHtml(type)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:locale" content="${OG_LOCALE[lang]}" />`,
    ...alternate.map((l) => `<meta property="og:locale:alternate" content="${OG_LOCALE[l]}" />`),
    pageUrl ? `<meta property="og:url" content="${escapeHtml(urlInLanguage(pageUrl, lang))}" />` : '',
    image ? `<meta property="og:image" content="${escapeHtml(image)}" />` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    ...(pageUrl ? alternateLinks(pageUrl, lang) : keepMarker ? [ALTERNATES_MARKER] : []),
    preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(preloadImage.href)}"${preloadImage.srcset ? ` imagesrcset="${escapeHtml(preloadImage.srcset)}" imagesizes="${escapeHtml(preloadImage.sizes ?? '100vw')}"` : ''} fetchpriority="high">`
      : '',
  ].filter(Boolean);
  let out = html;
  for (const pattern of WRITTEN_BEFORE) out = out.replace(pattern, '');
  return withLang(out, lang)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(description)}" />\n    ${tags.join('\n    ')}`);
}

/** Sets the document's language (<html lang>), which the client compares with its own choice before hydrating. */
export function withLang(html: string, lang: Language): string {
  return html.replace(/<html\b[^>]*>/, (tag) => (/\blang="[^"]*"/.test(tag) ? tag.replace(/\blang="[^"]*"/, `lang="${lang}"`) : tag.replace('<html', `<html lang="${lang}"`)));
}

/**
 * JSON for the content of a <script type="application/json">: `<` (so no `</script>` or `<!--` ends or
 * changes it), `>`, `&` and the line separators are written as \u escapes, which JSON.parse reads back.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * `html` (a prerendered page) with `rootHtml` in place of what its #root holds, and the page's data as
 * JSON after it; null when the page has no #root to fill (then it is sent as it is).
 */
export function withRenderedRoot(html: string, rootHtml: string, stateElementId: string, state: unknown): string | null {
  const open = '<div id="root">';
  const start = html.indexOf(open);
  const end = html.lastIndexOf('</div>', html.lastIndexOf('</body>'));
  if (start === -1 || end < start + open.length) return null;
  const script = `<script type="application/json" id="${escapeHtml(stateElementId)}">${jsonForScript(state)}</script>`;
  return `${html.slice(0, start + open.length)}${rootHtml}</div>${script}${html.slice(end + '</div>'.length)}`;
}
