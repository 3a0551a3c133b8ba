import type { MailAttachment, MailMessage } from './mail.service';

export const ORGANISATION = 'Gyan Jyoti Education Mission';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, paragraphs: string[], highlight?: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 14px">${p}</p>`).join('\n');
  const code = highlight
    ? `<p style="margin:18px 0;font-size:28px;letter-spacing:6px;font-weight:bold;font-family:monospace">${escapeHtml(highlight)}</p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f4;font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">
<div style="max-width:520px;margin:0 auto;background:#fff;padding:24px;border-radius:6px">
<p style="margin:0 0 18px;font-weight:bold;color:#8a4b08">${ORGANISATION}</p>
${code}
${body}
<p style="margin:24px 0 0;font-size:12px;color:#666">${ORGANISATION}, Prayagraj, Uttar Pradesh</p>
</div></body></html>`;
}

export type CodePurpose = 'register' | 'login' | 'signup';

const PURPOSE_TEXT: Record<CodePurpose, string> = {
  register: 'to complete your registration',
  signup: 'to complete your registration',
  login: 'to sign in',
};

/** The mail that carries a one-time code. */
export function codeMail(to: string, code: string, purpose: CodePurpose, name: string | null, validMinutes: number): MailMessage {
  const greeting = name ? `Dear ${name},` : 'Hello,';
  const why = PURPOSE_TEXT[purpose];
  const subject = `${code} is your ${ORGANISATION} code`;
  const text = [
    greeting,
    '',
    `Your one-time code ${why} is: ${code}`,
    '',
    `It is valid for ${validMinutes} minutes and can be used once. Please do not share it with anyone: our team will never ask you for it.`,
    '',
    'If you did not ask for this code, you can ignore this e-mail; nothing will change.',
    '',
    `With regards,`,
    ORGANISATION,
  ].join('\n');
  const html = layout(
    subject,
    [
      escapeHtml(greeting),
      `Your one-time code ${why} is shown above.`,
      `It is valid for ${validMinutes} minutes and can be used once. Please do not share it with anyone: our team will never ask you for it.`,
      'If you did not ask for this code, you can ignore this e-mail; nothing will change.',
      `With regards,<br>${ORGANISATION}`,
    ],
    code,
  );
  return { to, subject, text, html, code };
}

export interface EventMailDetails {
  title: string;
  date: string;
  time: string;
  location: string;
}

/** Confirmation of an event registration, with the event as an .ics calendar attachment. */
export function registrationMail(to: string, name: string, event: EventMailDetails, ics: MailAttachment | null): MailMessage {
  const subject = `You are registered: ${event.title}`;
  const when = `${event.date} at ${event.time} (India time)`;
  const text = [
    `Dear ${name},`,
    '',
    `Thank you for registering for "${event.title}".`,
    '',
    `When: ${when}`,
    `Where: ${event.location}`,
    '',
    ics ? 'The attached calendar file adds the event to your calendar.' : '',
    'If you can no longer attend, please unregister on the event page so that someone else can take your place.',
    '',
    'With regards,',
    ORGANISATION,
  ].join('\n');
  const html = layout(subject, [
    `Dear ${escapeHtml(name)},`,
    `Thank you for registering for <strong>${escapeHtml(event.title)}</strong>.`,
    `When: ${escapeHtml(when)}<br>Where: ${escapeHtml(event.location)}`,
    ...(ics ? ['The attached calendar file adds the event to your calendar.'] : []),
    'If you can no longer attend, please unregister on the event page so that someone else can take your place.',
    `With regards,<br>${ORGANISATION}`,
  ]);
  return { to, subject, text, html, attachments: ics ? [ics] : undefined };
}
