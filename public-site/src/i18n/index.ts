import organisation from '../../../shared/organisation.json';
import en from './locales/en.json';
import { chooseLanguage, dropLanguageFromUrl, rememberLanguage } from './language-choice';
import { isLanguage, type Language } from './languages';
import { translator, type Catalogue } from './translator';

export { isLanguage, languages, type Language } from './languages';
export { translator, useTranslation } from './translator';

/** Intl locale used for dates and numbers in each language. */
export const intlLocale: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

// English is bundled (it is also the fallback); Hindi is its own chunk, fetched when chosen.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: object }>> = {
  hi: () => import('./locales/hi.json'),
};

/**
 * A catalogue with the organisation's name (org.programme) from shared/organisation.json, the one
 * spelling the page titles (scripts/page-meta.mjs), the mails and the certificates use too.
 */
function withOrganisation(lang: Language, catalogue: object): Catalogue {
  const { org, ...rest } = catalogue as { org?: Catalogue };
  return { ...rest, org: { ...org, programme: organisation[lang] } } as Catalogue;
}

translator.add('en', withOrganisation('en', en));

function applyToDocument(lang: Language) {
  if (typeof document === 'undefined') return; // prerendering at build time
  document.documentElement.lang = lang;
}

async function ensureLoaded(lang: Language) {
  if (translator.has(lang)) return;
  const module = await loaders[lang as Exclude<Language, 'en'>]();
  translator.add(lang, withOrganisation(lang, module.default));
}

/** Shows the page in `lang` (its catalogue already loaded) and says so to the document. */
function show(lang: Language) {
  translator.changeLanguage(lang);
  applyToDocument(lang);
}

/**
 * Starts in the reader's language (language-choice.ts), loading its catalogue first: the document
 * keeps the language it was served in (<html lang>, and the styles and fonts that depend on it)
 * instead of passing through English.
 */
export async function initI18n(lang: Language = chooseLanguage()) {
  try {
    await ensureLoaded(lang);
    show(lang);
  } catch (error) {
    console.warn(`could not load the ${lang} catalogue`, error);
    show('en');
  }
  return translator;
}

/** Synchronous start in English (tests); a catalogue given here is added first (prerendering in Hindi). */
export function initI18nSync(lang: Language = 'en', catalogue?: object) {
  if (catalogue) translator.add(lang, withOrganisation(lang, catalogue));
  show(isLanguage(lang) && translator.has(lang) ? lang : 'en');
  return translator;
}

/** The reader's choice (language switch): remembered for the server and the next visit, and shown. */
export async function setLanguage(lang: Language) {
  rememberLanguage(lang);
  dropLanguageFromUrl();
  await ensureLoaded(lang);
  show(lang);
}
