// The mails the API wrote to DATA_DIR/outbox (SMTP_URL unset): one .eml per message, named
// <time>-<address>.eml, read well enough to find a subject and a one-time code (as e2e/support/mail.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Decodes RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=) in a header value. */
export function decodeHeader(value) {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset, enc, text) => {
      const bytes =
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (__, h) => String.fromCharCode(parseInt(h, 16))), 'latin1');
      return new TextDecoder(charset).decode(bytes);
    });
}

/** A quoted-printable (or plain) body, decoded well enough to find a code in it. */
const decodeBody = (raw) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

/** One .eml as { file, subject, body }; null while it is still being written (no complete header). */
export function readMail(file) {
  const raw = readFileSync(file, 'utf8');
  const split = raw.search(/\r?\n\r?\n/);
  if (split < 0) return null;
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^Subject: (.*)$/im.exec(headers);
  if (!subject) return null;
  return { file, subject: decodeHeader(subject[1].trim()), body: decodeBody(raw.slice(split)) };
}

/** Every mail to `email` so far, oldest first. */
export function mailsTo(outbox, email) {
  const address = email.toLowerCase();
  let files;
  try {
    files = readdirSync(outbox);
  } catch {
    return [];
  }
  return files
    .filter((f) => f.endsWith('.eml') && f.toLowerCase().includes(address))
    .sort()
    .map((f) => readMail(path.join(outbox, f)))
    .filter(Boolean);
}

/** Waits for a mail to `email` that `test` accepts, and returns it. */
export async function waitForMail(outbox, email, test, what, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(outbox, email).find(test);
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`no ${what} mailed to ${email} within ${timeoutMs / 1000} s; subjects: ${mailsTo(outbox, email).map((m) => m.subject).join(' | ') || '(none)'}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The 6-digit one-time code of a code mail ("123456 is your ... code"), from its subject or body. */
export function codeOf(mail) {
  const match = /^(\d{6})\b/.exec(mail.subject) ?? /\b(\d{6})\b/.exec(mail.body);
  if (!match) throw new Error(`no 6-digit code in the mail "${mail.subject}"`);
  return match[1];
}
