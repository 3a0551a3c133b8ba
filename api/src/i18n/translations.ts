import { SOURCE_LANGUAGE, TRANSLATION_LANGUAGES, type Language, type TranslationLanguage } from './languages';

/**
 * Content written in more than one language (events, team members).
 *
 * Storage: the English text stays in the record's own typed columns (NOT NULL where English is
 * required, length-checked, what exports and audits read), and every other language lives in one
 * `translations jsonb` column: `{ "hi": { "title": "...", "location": "..." } }`. A field missing
 * there falls back to English. So a third language is new keys in that column — a migration of data,
 * not of any query — and the REST `translations` object is the column as stored.
 */
export type Translations<F extends string> = Partial<Record<TranslationLanguage, Partial<Record<F, string>>>>;
/** A record's text: the English columns, and the other languages as stored. */
export interface LocalizedText<F extends string> {
  source: Record<F, string | null>;
  translations: Translations<F>;
}

/** Which fields a kind of record has, which of them English requires, and their length limits. */
export interface TextSpec<F extends string> {
  fields: readonly F[];
  required: readonly F[];
  maxLength: Record<F, number>;
  label: Record<F, string>;
}

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'Hindi' };
export const languageName = (lang: Language) => LANGUAGE_NAMES[lang];

/** The input field that carries a translation: `titleHi` for Hindi (multipart and GraphQL alike). */
export const translationField = (field: string, lang: TranslationLanguage) => `${field}${lang[0].toUpperCase()}${lang.slice(1)}`;

/** The record's text in one language, field by field falling back to English. */
export function localize<F extends string>(text: LocalizedText<F>, lang: Language): Record<F, string | null> {
  if (lang === SOURCE_LANGUAGE) return text.source;
  const own: Partial<Record<F, string>> = text.translations[lang] ?? {};
  const out = {} as Record<F, string | null>;
  for (const field of Object.keys(text.source) as F[]) out[field] = own[field] || text.source[field];
  return out;
}

/** Every language's own text (no fallback: null where a translation is missing), English first. */
export function allTranslations<F extends string>(text: LocalizedText<F>, spec: TextSpec<F>): Array<{ lang: Language } & Record<F, string | null>> {
  return [
    { lang: SOURCE_LANGUAGE, ...text.source },
    ...TRANSLATION_LANGUAGES.map((lang) => {
      const own: Partial<Record<F, string>> = text.translations[lang] ?? {};
      const row = { lang } as { lang: Language } & Record<F, string | null>;
      for (const field of spec.fields) (row as Record<F, string | null>)[field] = own[field] ?? null;
      return row;
    }),
  ];
}

/**
 * The languages a record is not fully written in: a field English has (required ones always, optional
 * ones when filled) that the language lacks.
 */
export function missingLanguages<F extends string>(text: LocalizedText<F>, spec: TextSpec<F>): TranslationLanguage[] {
  return TRANSLATION_LANGUAGES.filter((lang) => spec.fields.some((f) => !!text.source[f] && !text.translations[lang]?.[f]));
}

/**
 * The translation fields of a write (`titleHi: "..."`): a string sets it, an empty string clears it,
 * absent leaves it. Returns the stored translations after the change.
 */
export function applyTranslationInput<F extends string>(current: Translations<F>, input: object, spec: TextSpec<F>): Translations<F> {
  const next: Translations<F> = {};
  for (const lang of TRANSLATION_LANGUAGES) {
    const texts: Partial<Record<F, string>> = { ...(current[lang] ?? {}) };
    for (const field of spec.fields) {
      const value = (input as Record<string, unknown>)[translationField(field, lang)];
      if (typeof value !== 'string') continue;
      if (value) texts[field] = value;
      else delete texts[field];
    }
    if (Object.keys(texts).length) next[lang] = texts;
  }
  return next;
}

/**
 * SQL: whether any translation of the record matches a LIKE pattern in one of the fields (search finds
 * a record by its Hindi text as well). `alias` is the query's alias for the table.
 */
export function translationMatchSql(alias: string, fields: readonly string[], patternParam: string): string {
  const tests = fields.map((f) => `tr.texts->>'${f}' ILIKE :${patternParam}`).join(' OR ');
  return `EXISTS (SELECT 1 FROM jsonb_each(${alias}.translations) AS tr(lang, texts) WHERE ${tests})`;
}

/** SQL: the record lacks the language in `langParam` (same rule as missingLanguages). `columns` maps field to column. */
export function lacksTranslationSql<F extends string>(alias: string, spec: TextSpec<F>, columns: Record<F, string>, langParam: string): string {
  const lacks = spec.fields.map((f) => {
    const missing = `COALESCE(${alias}.translations->CAST(:${langParam} AS text)->>'${f}', '') = ''`;
    return spec.required.includes(f) ? missing : `(COALESCE(${alias}.${columns[f]}, '') <> '' AND ${missing})`;
  });
  return `(${lacks.join(' OR ')})`;
}

/**
 * The REST shape of a record's text: each field a string in the requested language (as before), and
 * `translations` with every language as written: `{ en: {...}, hi: { title: "...", speaker: null } }`.
 */
export function restText<F extends string>(text: LocalizedText<F>, spec: TextSpec<F>, lang: Language) {
  const translations = Object.fromEntries(allTranslations(text, spec).map(({ lang: l, ...fields }) => [l, fields])) as unknown as Record<Language, Record<F, string | null>>;
  return { ...localize(text, lang), translations };
}
