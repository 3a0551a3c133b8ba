import { useCallback } from 'react';
import { useTranslation } from '@/i18n/translator';
import { errorCode, isSpeakingCode, serverMessage } from './errors';

/**
 * The rule is "the server's message, else the fallback". The server writes its messages in English: in English
 * they are shown as they are; in another language the catalogue text of the error code is shown
 * instead (or the fallback when there is no code), so the page never mixes languages.
 */
export function useErrorMessage() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown, fallbackKey: string): string => {
      const code = errorCode(error);
      const fromServer = serverMessage(error);
      if (fromServer && (i18n.language ?? 'en').startsWith('en')) return fromServer;
      if (fromServer && code && code !== 'VALIDATION') return t(`errors.${code}`);
      return t(fallbackKey);
    },
    [t, i18n.language],
  );
}

/**
 * The same rule for an error known by its code and message (a form the site server sent, see
 * lib/served-page.tsx ServedForm): the message counts only for a code whose message is for the person.
 */
export function messageOf(
  error: { code?: string; message?: string },
  fallbackKey: string,
  t: (key: string) => string,
  language: string | undefined,
): string {
  const { code } = error;
  const fromServer = isSpeakingCode(code) ? error.message?.trim() || undefined : undefined;
  if (fromServer && (language ?? 'en').startsWith('en')) return fromServer;
  if (fromServer && code && code !== 'VALIDATION') return t(`errors.${code}`);
  return t(fallbackKey);
}
