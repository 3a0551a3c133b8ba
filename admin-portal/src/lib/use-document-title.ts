import { useEffect } from 'react';
import { en } from '@/i18n/en';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${en.app.name}`;
  }, [title]);
}
