/** The site's languages; English is the default and the fallback of every missing key. */
export const languages = ['en', 'hi'] as const;
export type Language = (typeof languages)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
