import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../i18n/languages';
import type { MailMessage } from './mail.service';

/**
 * The charity's names: shared/organisation.json at the repository root, the one spelling the site, its
 * page titles, the mails and the certificates use (read at start: it lies outside the API's rootDir).
 */
const organisation = JSON.parse(readFileSync(path.resolve(__dirname, '../../../shared/organisation.json'), 'utf8')) as { en: string; hi: string };
export const ORGANISATION = organisation.en;
/** The charity's name in Hindi, given beside the English name in Hindi mails. */
export const ORGANISATION_HI = organisation.hi;

/** The languages a mail can be written in: the site's. */
export type MailLanguage = Language;

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The charity's name as a mail in this language gives it (Hindi mails carry both names). */
export const organisationName = (language: MailLanguage) => (language === 'hi' ? `${ORGANISATION_HI} (${ORGANISATION})` : ORGANISATION);

/** A piece of a sentence: plain words, or an event title (quoted in the text part, bold in the HTML part). */
export type Inline = string | { title: string };
export type Sentence = Inline | Inline[];

export interface FactRow {
  label: string;
  value: string;
  /** Makes the value a link. */
  href?: string;
}

/** The building blocks of a mail; `renderMail` writes each as plain text and as HTML. */
export type MailBlock =
  | { kind: 'p'; text: Sentence }
  /** Label/value lines (When, Where, ...) in a shaded box. */
  | { kind: 'facts'; rows: FactRow[] }
  /** A large button (in the text part: `label: url`). */
  | { kind: 'button'; label: string; url: string }
  /** A link, after a sentence when given (in the text part: the sentence, then the bare URL; alone: `label: url`). */
  | { kind: 'link'; text?: Sentence; label: string; url: string }
  /** A code in large type; without a label it appears in the HTML part only (the text says it in a sentence). */
  | { kind: 'code'; value: string; label?: string }
  /** An image attached inline (`cid`), in the HTML part only (the text part says the same in words). */
  | { kind: 'image'; cid: string; alt: string; width: number; height: number };

export interface MailContent {
  language: MailLanguage;
  subject: string;
  /** The line a mail app shows beside the subject in the inbox (hidden in the body). */
  preheader?: string;
  /** "Dear Asha," */
  greeting: string;
  blocks: MailBlock[];
  /** Small print under the signature: why this mail came, how to stop it. */
  footer?: MailBlock[];
}

const SIGN_OFF: Record<MailLanguage, string> = { en: 'With regards,', hi: 'सादर,' };
const PLACE: Record<MailLanguage, string> = { en: 'Prayagraj, Uttar Pradesh', hi: 'प्रयागराज, उत्तर प्रदेश' };
const FONT: Record<MailLanguage, string> = {
  en: 'Arial,Helvetica,sans-serif',
  hi: "'Noto Sans Devanagari','Nirmala UI',Mangal,Arial,Helvetica,sans-serif",
};
const ACCENT = '#8a4b08';

/** Greeting by name ("Dear Asha," / "नमस्ते आशा जी,"), or a plain hello without one. */
export function greeting(name: string | null | undefined, language: MailLanguage): string {
  const n = name?.trim();
  if (language === 'hi') return n ? `नमस्ते ${n} जी,` : 'नमस्ते,';
  return n ? `Dear ${n},` : 'Hello,';
}

/** A subject on one line: a title with a line break must not break the header. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Only web links go into a mail. */
function checkedUrl(url: string): string {
  if (!/^https?:\/\/[^\s]+$/i.test(url)) throw new Error(`not a web link for a mail: ${url.slice(0, 80)}`);
  return url;
}

const pieces = (s: Sentence): Inline[] => (Array.isArray(s) ? s : [s]);
const sentenceText = (s: Sentence) => pieces(s).map((p) => (typeof p === 'string' ? p : `"${p.title}"`)).join('');
const sentenceHtml = (s: Sentence) => pieces(s).map((p) => (typeof p === 'string' ? escapeHtml(p) : `<strong>${escapeHtml(p.title)}</strong>`)).join('');

function blockText(b: MailBlock): string | null {
  switch (b.kind) {
    case 'p':
      return sentenceText(b.text);
    case 'facts':
      return b.rows.map((r) => `${r.label}: ${r.href ?? r.value}`).join('\n');
    case 'button':
      return `${b.label}: ${b.url}`;
    case 'link':
      return b.text ? `${sentenceText(b.text)}\n${b.url}` : `${b.label}: ${b.url}`;
    case 'code':
      return b.label ? `${b.label}: ${b.value}` : null;
    case 'image':
      return null;
  }
}

const linkStyle = `color:${ACCENT};text-decoration:underline;display:inline-block;padding:6px 0`;

/** One block as HTML; `small` for the footer's small print. */
function blockHtml(b: MailBlock, small = false): string {
  const para = small ? 'margin:0 0 10px' : 'margin:0 0 16px';
  switch (b.kind) {
    case 'p':
      return `<p style="${para}">${sentenceHtml(b.text)}</p>`;
    case 'facts':
      return `<div style="margin:0 0 20px;padding:14px 16px;background:#f6f1ea;border-radius:6px">${b.rows
        .map((r, i) => {
          const value = r.href ? `<a href="${escapeHtml(checkedUrl(r.href))}" style="color:${ACCENT};word-break:break-all">${escapeHtml(r.value)}</a>` : escapeHtml(r.value);
          return `<p style="margin:${i ? '10px' : '0'} 0 0"><span style="display:block;font-size:13px;color:#666">${escapeHtml(r.label)}</span><span style="font-weight:bold">${value}</span></p>`;
        })
        .join('')}</div>`;
    case 'button':
      return `<p style="margin:8px 0 22px"><a href="${escapeHtml(checkedUrl(b.url))}" style="display:block;background:${ACCENT};color:#ffffff;text-decoration:none;font-weight:bold;font-size:17px;line-height:1.3;text-align:center;padding:15px 20px;border-radius:6px">${escapeHtml(b.label)}</a></p>`;
    case 'link':
      return `<p style="${para}">${b.text ? `${sentenceHtml(b.text)}<br>` : ''}<a href="${escapeHtml(checkedUrl(b.url))}" style="${linkStyle}">${escapeHtml(b.label)}</a></p>`;
    case 'code':
      return `${b.label ? `<p style="margin:0;font-size:13px;color:#666">${escapeHtml(b.label)}</p>` : ''}<p style="margin:4px 0 18px;font-size:28px;letter-spacing:4px;font-weight:bold;font-family:monospace">${escapeHtml(b.value)}</p>`;
    case 'image':
      return `<p style="margin:0 0 18px"><img src="cid:${escapeHtml(b.cid)}" alt="${escapeHtml(b.alt)}" width="${b.width}" height="${b.height}" style="display:block;width:${b.width}px;height:${b.height}px;border:0"></p>`;
  }
}

/**
 * The one layout of every mail: a plain-text part and a single-column HTML part (at most 520px wide,
 * large buttons, the mail's language in `lang`), both written from the same blocks so they say the same.
 */
export function renderMail(c: MailContent): { subject: string; text: string; html: string } {
  const { language } = c;
  const subject = oneLine(c.subject);
  const org = organisationName(language);
  const signOff = `${SIGN_OFF[language]}\n${org}`;
  const footerText = (c.footer ?? []).map(blockText).filter((t): t is string => t !== null);
  const text = [c.greeting, ...c.blocks.map(blockText).filter((t): t is string => t !== null), signOff].join('\n\n') + (footerText.length ? `\n\n-- \n${footerText.join('\n\n')}` : '');

  const html = `<!doctype html>
<html lang="${language}" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x-apple-disable-message-reformatting"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f6f4">
${c.preheader ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(oneLine(c.preheader))}</div>\n` : ''}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f6f6f4"><tr><td align="center" style="padding:16px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:520px"><tr><td lang="${language}" style="background:#ffffff;border-radius:8px;padding:24px 20px;font-family:${FONT[language]};font-size:16px;line-height:1.6;color:#222222;text-align:left">
<p style="margin:0 0 20px;font-weight:bold;color:${ACCENT}">${escapeHtml(org)}</p>
<p style="margin:0 0 16px">${escapeHtml(c.greeting)}</p>
${c.blocks.map((b) => blockHtml(b)).join('\n')}
<p style="margin:24px 0 0">${escapeHtml(SIGN_OFF[language])}<br>${escapeHtml(org)}</p>
</td></tr>
<tr><td lang="${language}" style="padding:16px 8px 0;font-family:${FONT[language]};font-size:13px;line-height:1.5;color:#666666;text-align:left">
${(c.footer ?? []).map((b) => blockHtml(b, true)).join('\n')}
<p style="margin:0">${escapeHtml(org)}, ${escapeHtml(PLACE[language])}</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  return { subject, text, html };
}

export type CodePurpose = 'register' | 'login' | 'signup';

const PURPOSE_TEXT: Record<MailLanguage, Record<CodePurpose, string>> = {
  en: { register: 'to complete your registration', signup: 'to complete your registration', login: 'to sign in' },
  hi: { register: 'पंजीकरण पूरा करने के लिए', signup: 'पंजीकरण पूरा करने के लिए', login: 'लॉग इन करने के लिए' },
};

/** The mail that carries a one-time code, in English (default) or Hindi. */
export function codeMail(to: string, code: string, purpose: CodePurpose, name: string | null, validMinutes: number, language: MailLanguage = 'en'): MailMessage {
  const why = PURPOSE_TEXT[language][purpose];
  const hi = language === 'hi';
  const validity = hi
    ? `यह कोड ${validMinutes} मिनट तक मान्य है और केवल एक बार इस्तेमाल किया जा सकता है। कृपया इसे किसी को न बताएँ: हमारी टीम आपसे यह कोड कभी नहीं माँगेगी।`
    : `It is valid for ${validMinutes} minutes and can be used once. Please do not share it with anyone: our team will never ask you for it.`;
  const ignore = hi
    ? 'अगर आपने यह कोड नहीं माँगा था, तो इस ई-मेल को अनदेखा कर दें; कुछ नहीं बदलेगा।'
    : 'If you did not ask for this code, you can ignore this e-mail; nothing will change.';
  const { subject, text, html } = renderMail({
    language,
    subject: hi ? `${code} आपका ${ORGANISATION_HI} कोड है` : `${code} is your ${ORGANISATION} code`,
    greeting: greeting(name, language),
    blocks: [
      { kind: 'code', value: code },
      { kind: 'p', text: hi ? `${why} आपका वन-टाइम कोड (OTP) है: ${code}` : `Your one-time code ${why} is: ${code}` },
      { kind: 'p', text: validity },
      { kind: 'p', text: ignore },
    ],
  });
  return { to, subject, text, html, code };
}
