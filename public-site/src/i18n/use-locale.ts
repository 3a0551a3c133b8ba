import { useTranslation } from './translator';
import { intlLocale, isLanguage, type Language } from './index';

/** The current language and its Intl locale (en-IN / hi-IN). */
export function useLocale(): { lang: Language; locale: string } {
  const { i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return { lang, locale: intlLocale[lang] };
}
