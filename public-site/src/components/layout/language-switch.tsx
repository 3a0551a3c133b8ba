import { useLocation } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { setLanguage, type Language } from '@/i18n';
import { useLocale } from '@/i18n/use-locale';
import { useAuthToken } from '@/lib/auth-token';
import { dataLayerLoaded, loadDataLayer } from '@/rendering/data-layer-loader';

const options: { lang: Language; labelKey: string }[] = [
  { lang: 'en', labelKey: 'nav.english' },
  { lang: 'hi', labelKey: 'nav.hindi' },
];

/**
 * English | हिन्दी. The buttons submit a GET form (`?lang=hi` on this page), so a tap before the app has
 * loaded on a slow phone still brings the page in that language from the site server; once the app
 * runs it switches in place instead.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { lang } = useLocale();
  const token = useAuthToken();
  const choose = (next: Language) => {
    if (next === lang) return;
    // The page changes language, then what it shows from the API is fetched again in it (if it shows
    // anything from the API yet: without the data layer nothing was fetched, and what comes later is
    // asked in the new language).
    const refetch = dataLayerLoaded();
    void setLanguage(next)
      .then(() => (refetch ? loadDataLayer().then((layer) => layer.refetchShownInLanguage()) : undefined))
      .catch(() => undefined);
    // Signed in: the account keeps the choice, so its mails come in this language (fire and forget).
    if (token) void loadDataLayer().then((layer) => layer.storeLanguageOnAccount(next), () => undefined);
  };
  return (
    // The group is a div inside the form: a form may not take the role group (axe aria-allowed-role).
    <form className="lang-switch-form" method="get" action={pathname}>
      <div className="lang-switch" role="group" aria-label={t('nav.language')}>
        {options.map((o) => (
          <button
            key={o.lang}
            type="submit"
            name="lang"
            value={o.lang}
            lang={o.lang}
            className="lang-switch__option"
            aria-pressed={lang === o.lang}
            onClick={(e) => {
              e.preventDefault();
              choose(o.lang);
            }}
          >
            {t(o.labelKey)}
          </button>
        ))}
      </div>
    </form>
  );
}
