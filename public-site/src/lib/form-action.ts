/**
 * The action of a page's own form (sent before or without its script, see rendering/server-form.ts):
 * its path, with the page's language when it is not English, so that the site server draws the answer
 * in it even when no language cookie was set yet (site-server/src/language.ts reads ?lang first).
 */
export function formAction(path: string, language: string | undefined): string {
  return language && language !== 'en' ? `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(language)}` : path;
}

/** The value of the submit button (name "intent") of a form that asks for a code: the site server acts on no other. */
export const SEND_CODE_INTENT = 'send-code';
