import { rememberSentCode } from '@/components/ui/otp-memory';
import type { ServedForm } from '@/rendering/served-page';

/**
 * A code the site server asked for (a form sent before the script ran), remembered for this tab as the
 * page remembers its own sends (components/ui/otp-memory.ts): the login and sign-up pages then open at
 * the code step with Resend OTP's wait, even when the page is rendered afresh rather than hydrated
 * (main.tsx: another language, or signed in). Nothing for any other outcome.
 */
export function rememberServedSend(form: ServedForm | undefined): void {
  if (form?.outcome !== 'sent' || !form.sentAt) return;
  const { email = '', name = '', phone = '', userType = '' } = form.values;
  if (form.form === 'login' && form.userId) rememberSentCode('login', email, { userId: form.userId }, form.sentAt);
  if (form.form === 'signup') rememberSentCode('signup', email, { name, phone, userType }, form.sentAt);
}
