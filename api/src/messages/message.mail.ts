import type { Language } from '../i18n/languages';
import type { MailMessage } from '../mail/mail.service';
import { greeting, renderMail, type MailBlock } from '../mail/templates';

export interface MessageMailInput {
  to: string;
  name: string | null;
  language: Language;
  subject: string;
  text: string;
  kind: 'service' | 'news';
  /** Service mail: the event's title in the mail's language (why this person gets it). */
  eventTitle?: string | null;
  /** News: the site's page that asks before turning news off, and the RFC 8058 one-click target. */
  stopPageUrl?: string;
  stopApiUrl?: string;
}

/** The admin's text as paragraphs (a blank line between them); single line breaks stay in the text part. */
const paragraphs = (text: string): MailBlock[] =>
  text.split(/\n\s*\n/).map((t) => t.trim()).filter(Boolean).map((t) => ({ kind: 'p' as const, text: t }));

/**
 * An admin's message as one person receives it: their name, the text in their language, and a footer
 * saying why it came. News carries the one-click stop link (and List-Unsubscribe/List-Unsubscribe-Post);
 * service mail about the person's own event has none (it is not optional, like a venue change).
 */
export function messageMail(m: MessageMailInput): MailMessage {
  const hi = m.language === 'hi';
  const footer: MailBlock[] = [];
  if (m.kind === 'service') {
    footer.push({
      kind: 'p',
      text: m.eventTitle
        ? hi ? ['आपको यह संदेश इसलिए मिला है क्योंकि आप इस कार्यक्रम से जुड़े हैं: ', { title: m.eventTitle }] : ['You are receiving this message because of your place at ', { title: m.eventTitle }, '.']
        : hi ? 'आपको यह संदेश आपके पंजीकरण के कारण मिला है।' : 'You are receiving this message because of your registration.',
    });
  } else if (m.stopPageUrl) {
    footer.push(
      { kind: 'p', text: hi ? 'यह हमारे कार्यक्रमों की खबर है। अगर आप ऐसे संदेश नहीं चाहते, तो नीचे दिए लिंक पर क्लिक करें।' : 'This is news about our events. If you would rather not get such messages, use the link below.' },
      { kind: 'link', label: hi ? 'खबरें बंद करें' : 'Stop news mails', url: m.stopPageUrl },
    );
  }
  const { subject, text, html } = renderMail({ language: m.language, subject: m.subject, greeting: greeting(m.name, m.language), blocks: paragraphs(m.text), footer });
  return {
    to: m.to,
    subject,
    text,
    html,
    ...(m.kind === 'news' && m.stopApiUrl ? { headers: { 'List-Unsubscribe': `<${m.stopApiUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
  };
}
