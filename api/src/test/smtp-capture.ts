import net from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
  subject: string;
}

/** Decodes quoted-printable soft breaks and =XX escapes (enough to read codes and attachments). */
export function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export class SmtpCapture {
  readonly messages: CapturedMail[] = [];
  private server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1].replace(/\r?\n[ \t]/g, ' ') ?? '';
          this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, subject });
          callback();
        });
      },
    });
  }

  /** Listens on `port` (0: any free one; a stopped capture's port: the same server back). */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as net.AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Mails to an address, oldest first. */
  to(email: string): CapturedMail[] {
    return this.messages.filter((m) => m.to.includes(email.toLowerCase()));
  }

  /** Waits for the n-th mail to an address (1-based; default: one more than seen so far is not assumed). */
  async waitFor(email: string, count = 1, timeoutMs = 3000): Promise<CapturedMail> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const mails = this.to(email);
      if (mails.length >= count) return mails[count - 1];
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no mail #${count} to ${email} within ${timeoutMs} ms`);
  }

  /** The one-time code in the latest mail to an address, read from the raw message. */
  latestCode(email: string): string {
    const mails = this.to(email);
    if (!mails.length) throw new Error(`no mail to ${email}`);
    const mail = mails[mails.length - 1];
    const match = /^(\d{6}) is your/.exec(mail.subject) ?? /code [a-z ]*is: (\d{6})/.exec(decodeQuotedPrintable(mail.raw));
    if (!match) throw new Error(`no code in mail to ${email}`);
    return match[1];
  }

  async codeFor(email: string, count?: number): Promise<string> {
    await this.waitFor(email, count ?? Math.max(1, this.to(email).length));
    return this.latestCode(email);
  }
}

/** A server that accepts TCP connections and never says a word: the slow/dead mail server case. */
export async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
