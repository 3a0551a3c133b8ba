import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import hi from './locales/hi.json';

export const languages = ['en', 'hi'] as const;
export type Language = (typeof languages)[number];

const STORAGE_KEY = 'lang';

/** Intl locale used for dates and numbers in each language. */
export const intlLocale: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

export const resources = { en: { translation: en }, hi: { translation: hi } } as const;

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
  document.documentElement.lang = lang;
}

export function initI18n(lang: Language = storedLanguage()) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: lang,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    i18next.on('languageChanged', (lng) => {
      if (isLanguage(lng)) applyToDocument(lng);
    });
  } else if (i18next.language !== lang) {
    void i18next.changeLanguage(lang);
  }
  applyToDocument(lang);
  return i18next;
}

export function setLanguage(lang: Language) {
  try {
    window.localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // storage can be unavailable (private mode); the choice then lasts for this page only
  }
  void i18next.changeLanguage(lang);
}

export { i18next };
