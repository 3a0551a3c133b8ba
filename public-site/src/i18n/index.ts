import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import { chooseLanguage, dropLanguageFromUrl, rememberLanguage } from './language-choice';
import { isLanguage, type Language } from './languages';

export { isLanguage, languages, type Language } from './languages';

/** Intl locale used for dates and numbers in each language. */
export const intlLocale: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

// English is bundled (it is also the fallback); Hindi is its own chunk, fetched when chosen.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: object }>> = {
  hi: () => import('./locales/hi.json'),
};

function applyToDocument(lang: Language) {
  if (typeof document === 'undefined') return; // prerendering at build time
  document.documentElement.lang = lang;
}

async function ensureLoaded(lang: Language) {
  if (lang === 'en' || i18next.hasResourceBundle(lang, 'translation')) return;
  const module = await loaders[lang]();
  i18next.addResourceBundle(lang, 'translation', module.default, true, true);
}

/**
 * Starts i18next directly in `lang`: the document keeps the language it was served in (<html lang>,
 * and the styles and fonts that depend on it) instead of passing through English.
 */
function initOnce(lang: Language, resources: Resource) {
  if (i18next.isInitialized) return;
  void i18next.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  i18next.on('languageChanged', (lng) => {
    if (isLanguage(lng)) applyToDocument(lng);
  });
  applyToDocument(lang);
}

/** Initialises i18next in the reader's language (language-choice.ts), loading its catalogue first. */
export async function initI18n(lang: Language = chooseLanguage()) {
  if (i18next.isInitialized) {
    await setLanguageOfPage(lang);
    return i18next;
  }
  const resources: Resource = { en: { translation: en } };
  let start: Language = 'en';
  try {
    if (lang !== 'en') resources[lang] = { translation: (await loaders[lang]()).default as Resource[string]['translation'] };
    start = lang;
  } catch (error) {
    console.warn(`could not load the ${lang} catalogue`, error);
  }
  initOnce(start, resources);
  return i18next;
}

/** Synchronous English start (tests, prerendering). */
export function initI18nSync() {
  initOnce('en', { en: { translation: en } });
  return i18next;
}

async function setLanguageOfPage(lang: Language) {
  try {
    await ensureLoaded(lang);
    if (i18next.language !== lang) await i18next.changeLanguage(lang);
  } catch (error) {
    console.warn(`could not load the ${lang} catalogue`, error);
  }
}

/** The reader's choice (language switch): remembered for the server and the next visit, and shown. */
export async function setLanguage(lang: Language) {
  rememberLanguage(lang);
  dropLanguageFromUrl();
  await ensureLoaded(lang);
  await i18next.changeLanguage(lang);
}

export { i18next };
