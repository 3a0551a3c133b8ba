import { useTranslation } from 'react-i18next';
import { setLanguage, type Language } from '@/i18n';
import { useLocale } from '@/i18n/use-locale';

const options: { lang: Language; labelKey: string }[] = [
  { lang: 'en', labelKey: 'nav.english' },
  { lang: 'hi', labelKey: 'nav.hindi' },
];

export function LanguageSwitch() {
  const { t } = useTranslation();
  const { lang } = useLocale();
  return (
    <div className="lang-switch" role="group" aria-label={t('nav.language')}>
      {options.map((o) => (
        <button
          key={o.lang}
          type="button"
          lang={o.lang}
          className="lang-switch__option"
          aria-pressed={lang === o.lang}
          onClick={() => void setLanguage(o.lang)}
        >
          {t(o.labelKey)}
        </button>
      ))}
    </div>
  );
}
