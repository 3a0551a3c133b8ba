// The reader's language, chosen in the order the server uses to pick the page it sends
// (scripts/site-language.mjs): `?lang=en|hi`, else the `lang` cookie, else English. When both agree,
// the page the browser received is the one it would render, and it hydrates it.
import { isLanguage, type Language } from './languages';

export const LANGUAGE_COOKIE = 'lang';
/** Where the site kept the choice before the cookie; still read, and still written. */
export const LANGUAGE_STORAGE_KEY = 'lang';

/**
 * The order of the choice. A choice stored only in localStorage (set before the server read the
 * cookie) comes before English: this page was served in English, but the reader gets theirs.
 */
export function pickLanguage({ query, cookie, stored }: { query?: string | null; cookie?: string | null; stored?: string | null }): Language {
  for (const candidate of [query, cookie, stored]) if (isLanguage(candidate)) return candidate;
  return 'en';
}

/** The value of cookie `name` in a `document.cookie` string, or null. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The cookie that tells the server which language to serve: for a year, on every path, not sent by cross-site subrequests. */
export const languageCookie = (lang: Language) => `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;

function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage unavailable (private mode)
  }
}

/** Keeps the choice where the server reads it (cookie) and where older pages of the site read it (localStorage). */
export function rememberLanguage(lang: Language) {
  document.cookie = languageCookie(lang);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // storage can be unavailable (private mode); the cookie still carries the choice
  }
}

/**
 * The language of this page load. A `?lang=` link, or a choice kept only in localStorage, is written
 * into the cookie, so that the server sends the next page in that language.
 */
export function chooseLanguage(): Language {
  const query = new URLSearchParams(window.location.search).get(LANGUAGE_COOKIE);
  const cookie = cookieValue(document.cookie, LANGUAGE_COOKIE);
  const stored = storedChoice();
  const lang = pickLanguage({ query, cookie, stored });
  if (cookie !== lang && (isLanguage(query) || isLanguage(stored))) rememberLanguage(lang);
  return lang;
}

/**
 * After the reader switches language, a `?lang=` left in the address would bring the old language
 * back on reload (it beats the cookie): it is removed, keeping the router's history entry.
 */
export function dropLanguageFromUrl() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(LANGUAGE_COOKIE)) return;
  url.searchParams.delete(LANGUAGE_COOKIE);
  window.history.replaceState(window.history.state, '', url);
}
