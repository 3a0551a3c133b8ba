import { useSyncExternalStore } from 'react';

/**
 * The site's message catalogues, in a few hundred bytes instead of i18next + react-i18next (about 17 KB
 * gzipped of the first load, and their set-up on every page). It does what the catalogues use:
 * nested keys, `{{name}}` interpolation, plurals by `_one` / `_other` (Intl.PluralRules), English as
 * the fallback, and a language change that re-renders the components reading it.
 */
export type Catalogue = { [key: string]: string | Catalogue };
export type TOptions = Record<string, unknown> & { count?: number };
export type TFunction = (key: string, options?: TOptions) => string;

const FALLBACK = 'en';

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const interpolate = (text: string, options?: TOptions) =>
  options ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in options ? String(options[name]) : whole)) : text;

export class Translator {
  private catalogues = new Map<string, Catalogue>();
  private listeners = new Set<() => void>();
  private plurals = new Map<string, Intl.PluralRules>();
  language = FALLBACK;

  /** Adds (or replaces) a language's catalogue. */
  add(lang: string, catalogue: Catalogue): void {
    this.catalogues.set(lang, catalogue);
  }

  has(lang: string): boolean {
    return this.catalogues.has(lang);
  }

  /** Switches the language: every component reading it renders again. */
  changeLanguage(lang: string): void {
    if (lang === this.language) return;
    this.language = lang;
    for (const listener of [...this.listeners]) listener();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** The message in the current language (English where it has none); the key itself when none has it. */
  t: TFunction = (key, options) => {
    for (const lang of this.language === FALLBACK ? [FALLBACK] : [this.language, FALLBACK]) {
      const text = this.message(lang, key, options?.count);
      if (text !== undefined) return interpolate(text, options);
    }
    return key;
  };

  private message(lang: string, key: string, count: number | undefined): string | undefined {
    const catalogue = this.catalogues.get(lang);
    if (typeof count === 'number') {
      let rules = this.plurals.get(lang);
      if (!rules) this.plurals.set(lang, (rules = new Intl.PluralRules(lang)));
      const plural = lookup(catalogue, `${key}_${rules.select(count)}`) ?? lookup(catalogue, `${key}_other`);
      if (plural !== undefined) return plural;
    }
    return lookup(catalogue, key);
  }
}

/** The site's one translator. */
export const translator = new Translator();

/** `t` and the current language for a component, which renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: { language: string } } {
  const language = useSyncExternalStore(translator.subscribe, () => translator.language, () => translator.language);
  // A new function per language, so memoised children that take `t` see the change.
  return { t: translatorFor(language), i18n: { language } };
}

const byLanguage = new Map<string, TFunction>();
function translatorFor(language: string): TFunction {
  let t = byLanguage.get(language);
  if (!t) byLanguage.set(language, (t = (key, options) => translator.t(key, options)));
  return t;
}
