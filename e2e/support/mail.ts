import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { STACK } from './stack-config.cjs';
import PostalMime, { type Email } from 'postal-mime';

/** Decodes a quoted-printable or plain body well enough to find a code in it. */
function decode(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

/** All captured messages to an address, oldest first. */
export function mailsTo(email: string): string[] {
  const address = email.toLowerCase();
  // The stack makes the folder with its first mail: before that, nobody has mail.
  if (!existsSync(STACK.mailDir)) return [];
  return readdirSync(STACK.mailDir)
    .filter((f) => f.endsWith('.eml') && f.includes(address))
    .sort()
    .map((f) => decode(readFileSync(path.join(STACK.mailDir, f), 'utf8')));
}

/** Waits for a new message to the address (after `previousCount`) and returns the 6-digit code in it. */
export async function waitForCode(email: string, previousCount = 0, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = mailsTo(email);
    if (mails.length > previousCount) {
      const text = mails[mails.length - 1];
      const match = /\b(\d{6})\b/.exec(text.split(/\r?\n\r?\n/).slice(1).join('\n'));
      if (match) return match[1];
    }
    // A directory listing is cheap: look often, so that a code is used as soon as it lands.
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no code mailed to ${email} within ${timeoutMs} ms`);
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.org`;

/** All captured messages to an address, parsed (headers decoded, text in UTF-8, attachments), oldest first. */
export async function parsedMailsTo(email: string): Promise<Email[]> {
  const address = email.toLowerCase();
  const files = readdirSync(STACK.mailDir).filter((f) => f.endsWith('.eml') && f.includes(address)).sort();
  return Promise.all(files.map((f) => PostalMime.parse(readFileSync(path.join(STACK.mailDir, f)))));
}

/** Waits until a message to the address matches `test`, and returns it parsed. */
export async function waitForMail(email: string, test: (mail: Email) => boolean, timeoutMs = 15_000): Promise<Email> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await parsedMailsTo(email)).find(test);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no matching mail to ${email} within ${timeoutMs} ms; subjects: ${(await parsedMailsTo(email)).map((m) => m.subject).join(' | ')}`);
}
