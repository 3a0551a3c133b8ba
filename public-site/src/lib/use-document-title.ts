import { useEffect } from 'react';
import { useTranslation } from '@/i18n/translator';

/** Sets document.title to "{title} | {programme name}". */
export function useDocumentTitle(title: string | undefined) {
  const { t } = useTranslation();
  const site = t('org.programme');
  useEffect(() => {
    document.title = title ? `${title} | ${site}` : site;
  }, [title, site]);
}
