import Negotiator from 'negotiator';

/**
 * The languages the charity writes in. English is the source: required on every record, and what any
 * other language falls back to. Adding a language is adding its code here (and its mail words); the
 * content columns, the queries and the REST/GraphQL shapes follow from this list.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const SOURCE_LANGUAGE = 'en' satisfies Language;
/** The languages a record may be translated into (every language but the source). */
export type TranslationLanguage = Exclude<Language, typeof SOURCE_LANGUAGE>;
export const TRANSLATION_LANGUAGES = LANGUAGES.filter((l): l is TranslationLanguage => l !== SOURCE_LANGUAGE);

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
/** A stored or sent language code, English when it is not one of ours. */
export const asLanguage = (value: unknown): Language => (isLanguage(value) ? value : SOURCE_LANGUAGE);

/**
 * The language a request asks for: `?lang=` when it names one of ours, else the best of
 * `Accept-Language` (q-values honoured, `hi-IN` counts as `hi`), else English. REST and GraphQL read
 * it the same way, and the public cache keys its answers by it.
 */
export function requestLanguage(req: { headers: { 'accept-language'?: string | string[] }; url?: string }): Language {
  const query = req.url?.includes('lang=') ? new URL(req.url, 'http://x').searchParams.get('lang') : null;
  if (isLanguage(query)) return query;
  const header = req.headers['accept-language'];
  if (!header) return SOURCE_LANGUAGE;
  const best = new Negotiator({ headers: { 'accept-language': Array.isArray(header) ? header.join(',') : header } }).language([...LANGUAGES]);
  return asLanguage(best);
}
