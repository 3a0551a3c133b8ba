import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

export const languages = ['en', 'hi'] as const;
export type Language = (typeof languages)[number];

const STORAGE_KEY = 'lang';

/** Intl locale used for dates and numbers in each language. */
export const intlLocale: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

// English is bundled (it is also the fallback); Hindi is its own chunk, fetched when chosen.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: object }>> = {
  hi: () => import('./locales/hi.json'),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

function applyToDocument(lang: Language) {
  if (typeof document === 'undefined') return; // prerendering at build time
  document.documentElement.lang = lang;
}

async function ensureLoaded(lang: Language) {
  if (lang === 'en' || i18next.hasResourceBundle(lang, 'translation')) return;
  const module = await loaders[lang]();
  i18next.addResourceBundle(lang, 'translation', module.default, true, true);
}

function initOnce() {
  if (i18next.isInitialized) return;
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  i18next.on('languageChanged', (lng) => {
    if (isLanguage(lng)) applyToDocument(lng);
  });
  applyToDocument('en');
}

/** Initialises i18next in the stored (or given) language, loading its catalogue first. */
export async function initI18n(lang: Language = storedLanguage()) {
  initOnce();
  try {
    await ensureLoaded(lang);
    if (i18next.language !== lang) await i18next.changeLanguage(lang);
  } catch (error) {
    console.warn(`could not load the ${lang} catalogue`, error);
  }
  return i18next;
}

/** Synchronous English start (tests). */
export function initI18nSync() {
  initOnce();
  return i18next;
}

export async function setLanguage(lang: Language) {
  try {
    window.localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // storage can be unavailable (private mode); the choice then lasts for this page only
  }
  await ensureLoaded(lang);
  await i18next.changeLanguage(lang);
}

export { i18next };
