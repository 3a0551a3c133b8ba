// The language a public page is served in, chosen the way the browser chooses it
// (public-site/src/i18n/language-choice.ts): `?lang=en|hi`, else the `lang` cookie that the language
// switch sets, else English. Both sides must agree, or the page the browser receives is not the one
// it would render, and it cannot hydrate it (the cases both test suites read:
// site-server/language-choice-cases.json).

export const SITE_LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof SITE_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_COOKIE = 'lang';

const isSiteLanguage = (value: unknown): value is Language => typeof value === 'string' && (SITE_LANGUAGES as readonly string[]).includes(value);

/** The value of cookie `name` in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of String(header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** `?lang=` beats the cookie (a shared link or a search result says which page it is), and English is the default. */
export function pickLanguage({ query, cookie }: { query?: string | null; cookie?: string | null }): Language {
  if (isSiteLanguage(query)) return query;
  if (isSiteLanguage(cookie)) return cookie;
  return DEFAULT_LANGUAGE;
}

/** The language of a request by its query string (after the '?', the first `lang` counts) and Cookie header. */
export function languageOf(search: string, cookieHeader: string | undefined): Language {
  const query = search && search.includes('lang') ? (new URLSearchParams(search).get('lang') ?? undefined) : undefined;
  return pickLanguage({ query, cookie: cookieHeader === undefined ? undefined : cookieValue(cookieHeader, LANGUAGE_COOKIE) });
}
