// The languages content (events, team members) is written in, and the rules the API and the public
// site apply to them, mirrored here so that the admin's form and previews say what visitors will see:
// English is the source and required; Hindi is optional, and each Hindi field left empty shows the
// English text instead (field by field, not all or nothing).

export const contentLanguages = ['en', 'hi'] as const;
export type ContentLanguage = (typeof contentLanguages)[number];
export const SOURCE_LANGUAGE: ContentLanguage = 'en';

/** The language the admin portal asks the API for (Accept-Language on every request): its UI is English. */
export const ADMIN_CONTENT_LANGUAGE: ContentLanguage = 'en';

/** The Intl locale each language's dates are written in on the public site. */
export const intlLocaleOf: Record<ContentLanguage, string> = { en: 'en-IN', hi: 'hi-IN' };

/** The form field (and API input) carrying a field in a language: `title` in English, `titleHi` in Hindi. */
export function fieldIn<F extends string>(field: F, lang: ContentLanguage): F | `${F}Hi` {
  return lang === 'en' ? field : `${field}Hi`;
}

/** One translatable text field of a kind of record: its limit and whether English requires it. */
export interface TextFieldSpec<F extends string> {
  field: F;
  label: string;
  max: number;
  required: boolean;
  /** Rows of a textarea; a one-line input when absent. */
  rows?: number;
}

/** Length in characters (code points) as the API counts them; it stores the text trimmed. */
export function textLength(value: string | null | undefined): number {
  return [...(value ?? '')].length;
}

/** What a visitor reading `lang` sees for one field: its own text, or English when it has none. */
export interface LocalizedText {
  text: string;
  /** The language the text is in (differs from the one asked for when it fell back). */
  lang: ContentLanguage;
  fellBack: boolean;
}

export function localizeField(own: string | null | undefined, english: string | null | undefined, lang: ContentLanguage): LocalizedText {
  const mine = (own ?? '').trim();
  if (lang === SOURCE_LANGUAGE || mine) return { text: mine, lang, fellBack: false };
  const source = (english ?? '').trim();
  return { text: source, lang: SOURCE_LANGUAGE, fellBack: !!source };
}

/**
 * The fields a translation lacks, by the API's rule (missingLanguages): every field English requires,
 * and every optional one English has.
 */
export function missingTranslationFields<F extends string>(
  specs: readonly TextFieldSpec<F>[],
  english: Partial<Record<F, string | null>>,
  translation: Partial<Record<F, string | null>>,
): F[] {
  return specs.filter(({ field, required }) => (required || !!english[field]?.trim()) && !translation[field]?.trim()).map((s) => s.field);
}

/** A record's text in one language as the API returns it in `translations` (null fields where none). */
export type TranslationRow<F extends string> = { lang: string } & Partial<Record<F, string | null>>;

export function translationIn<F extends string>(rows: readonly TranslationRow<F>[] | null | undefined, lang: ContentLanguage): Partial<Record<F, string | null>> {
  return rows?.find((r) => r.lang === lang) ?? {};
}

/** How far a record is written in Hindi, for the lists' badge. */
export type HindiStatus = 'complete' | 'missing' | 'incomplete';

export function hindiStatus<F extends string>(
  record: { missingLanguages: readonly string[]; translations: readonly TranslationRow<F>[] },
  fields: readonly F[],
): HindiStatus {
  if (!record.missingLanguages.includes('hi')) return 'complete';
  const hindi = translationIn(record.translations, 'hi');
  return fields.some((f) => hindi[f]?.trim()) ? 'incomplete' : 'missing';
}

/**
 * Where a form shows its first error: the language tab to open (English errors first, then Hindi,
 * else the open tab stays) and the field to focus there, in the form's order (the tab's text fields,
 * then the language-neutral fields under the tabs).
 */
export function errorToReveal<N extends string>(
  hasError: (name: N) => boolean,
  textNames: (lang: ContentLanguage) => readonly N[],
  otherNames: readonly N[],
  active: ContentLanguage,
): { lang: ContentLanguage; name: N } | null {
  const lang = contentLanguages.find((l) => textNames(l).some(hasError)) ?? active;
  const name = [...textNames(lang), ...otherNames].find(hasError);
  return name ? { lang, name } : null;
}
