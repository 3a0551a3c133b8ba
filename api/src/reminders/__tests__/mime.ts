/** Just enough MIME reading for the tests: headers, decoded subject, decoded text parts, attachments. */

export interface MimePart {
  headers: Record<string, string>;
  body: string;
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeBody(part: MimePart): string {
  const cte = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (cte === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (cte === 'quoted-printable') {
    const bytes = part.body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

/** Every leaf part of a message, depth first. */
function leaves(raw: string): MimePart[] {
  const { headers, body } = splitHeaders(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [{ headers, body }];
  const pieces = body.split(`--${boundary}`).slice(1);
  return pieces.filter((p) => !p.startsWith('--')).flatMap((p) => leaves(p.replace(/^\r?\n/, '')));
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= / =?UTF-8?Q?...?=). */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}

export interface ReadMail {
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  attachments: { contentType: string; filename: string; content: string }[];
}

export function readMail(raw: string): ReadMail {
  const { headers } = splitHeaders(raw);
  const parts = leaves(raw);
  const isAttachment = (p: MimePart) => /attachment/i.test(p.headers['content-disposition'] ?? '') || /text\/calendar/i.test(p.headers['content-type'] ?? '');
  const text = parts.find((p) => /^text\/plain/i.test(p.headers['content-type'] ?? 'text/plain') && !isAttachment(p));
  const html = parts.find((p) => /^text\/html/i.test(p.headers['content-type'] ?? '') && !isAttachment(p));
  return {
    headers,
    subject: decodeWords(headers.subject ?? ''),
    text: text ? decodeBody(text) : '',
    html: html ? decodeBody(html) : '',
    attachments: parts.filter(isAttachment).map((p) => ({
      contentType: p.headers['content-type'] ?? '',
      filename: /filename="?([^";]+)"?/i.exec(`${p.headers['content-disposition'] ?? ''}; ${p.headers['content-type'] ?? ''}`)?.[1] ?? '',
      content: decodeBody(p),
    })),
  };
}
