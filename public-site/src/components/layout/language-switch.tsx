import { useApolloClient } from '@apollo/client/react';
import { useTranslation } from '@/i18n/translator';
import { useSetLanguage } from '@/features/accounts/api/use-set-language';
import { setLanguage, type Language } from '@/i18n';
import { useLocale } from '@/i18n/use-locale';
import { useAuthToken } from '@/lib/auth-token';

const options: { lang: Language; labelKey: string }[] = [
  { lang: 'en', labelKey: 'nav.english' },
  { lang: 'hi', labelKey: 'nav.hindi' },
];

export function LanguageSwitch() {
  const { t } = useTranslation();
  const { lang } = useLocale();
  const token = useAuthToken();
  const storeOnAccount = useSetLanguage();
  const client = useApolloClient();
  const choose = (next: Language) => {
    if (next === lang) return;
    // The page changes language, then what it shows from the API is fetched again in it.
    void setLanguage(next)
      .then(() => import('@/lib/refetch-in-language'))
      .then(({ refetchInLanguage }) => refetchInLanguage(client))
      .catch(() => undefined);
    // Signed in: the account keeps the choice, so its mails come in this language (fire and forget).
    if (token) storeOnAccount(next);
  };
  return (
    <div className="lang-switch" role="group" aria-label={t('nav.language')}>
      {options.map((o) => (
        <button
          key={o.lang}
          type="button"
          lang={o.lang}
          className="lang-switch__option"
          aria-pressed={lang === o.lang}
          onClick={() => choose(o.lang)}
        >
          {t(o.labelKey)}
        </button>
      ))}
    </div>
  );
}
