import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Clock } from '../common/clock';
import { DomainError } from '../common/errors';
import type { Logger } from '../common/logger';
import type { Config } from '../config/env';

export const MAIL_UNAVAILABLE_MESSAGE = 'We could not send the e-mail right now. Please try again in a moment.';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType?: string;
  /** Content-ID of an inline image, shown in the HTML part as `<img src="cid:...">`. */
  cid?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A one-time code the mail carries: written beside the outbox copy and logged in development. */
  code?: string;
  attachments?: MailAttachment[];
  /** Extra headers (e.g. List-Unsubscribe on reminders). */
  headers?: Record<string, string>;
}

export interface MailTimeouts {
  /** TCP connect. */
  connectionMs: number;
  /** Server greeting after connect. */
  greetingMs: number;
  /** Inactivity on an open socket. */
  socketMs: number;
  /** The whole send, whatever the server does. */
  totalMs: number;
}

export const DEFAULT_MAIL_TIMEOUTS: MailTimeouts = { connectionMs: 1500, greetingMs: 1500, socketMs: 1800, totalMs: 1800 };

/**
 * Mails the job queue sends (sendQueued): nobody waits on them, and hundreds may be queued behind a busy
 * server, so they get far longer than a request's mail. Below the mail queue's claim (mail-deliveries.ts),
 * so a slow send is never taken for a dead worker's and sent a second time.
 */
export const QUEUED_MAIL_TIMEOUTS: MailTimeouts = queuedMailTimeouts(60_000);

/** The queued mails' timeouts for a whole send of `totalMs` (MAIL_QUEUE_TIMEOUT_MS). */
export function queuedMailTimeouts(totalMs: number): MailTimeouts {
  return { connectionMs: Math.min(10_000, totalMs), greetingMs: Math.min(10_000, totalMs), socketMs: Math.min(30_000, totalMs), totalMs };
}

/** The queued mails' own SMTP connections: their timeouts and how many are kept open (MAIL_QUEUE_CONCURRENCY). */
export interface QueuedMailOptions {
  timeouts: MailTimeouts;
  connections: number;
}

const mailUnavailable = () => new DomainError('MAIL_UNAVAILABLE', MAIL_UNAVAILABLE_MESSAGE);

/**
 * Sends mail over SMTP (SMTP_URL) or, without one, writes it to DATA_DIR/outbox and logs its code,
 * so a local `npm start` works without a mail server. A send never takes longer than totalMs:
 * a slow or silent server becomes MAIL_UNAVAILABLE instead of a hanging request.
 */
export class MailService {
  private readonly transport: Transporter | null;
  private readonly queuedTransport: Transporter | null;
  private readonly outboxDir: string;
  private readonly pending = new Set<Promise<unknown>>();
  /** Since start: mails handed over (to the SMTP server, or written to the outbox) and sends that failed (GET /metrics). */
  readonly counts = { sent: 0, failed: 0 };

  constructor(
    private readonly config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'> & Partial<Pick<Config, 'nodeEnv'>>,
    private readonly logger: Logger,
    private readonly clock: Clock,
    private readonly timeouts: MailTimeouts = DEFAULT_MAIL_TIMEOUTS,
    private readonly queued: QueuedMailOptions = { timeouts: QUEUED_MAIL_TIMEOUTS, connections: 4 },
  ) {
    this.outboxDir = path.join(config.dataDir, 'outbox');
    // Two pools of kept-open connections (a run of thousands would otherwise pay a new connection, ~100 ms
    // here, per message): one for mails a request waits on, one for the queue's, so a certificate run
    // never holds up a sign-in code.
    this.transport = config.smtpUrl ? this.createTransport(config.smtpUrl, timeouts, 3) : null;
    this.queuedTransport = config.smtpUrl ? this.createTransport(config.smtpUrl, queued.timeouts, queued.connections) : null;
  }

  private createTransport(url: string, timeouts: MailTimeouts, maxConnections: number): Transporter {
    return nodemailer.createTransport({
      url,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
      dnsTimeout: timeouts.connectionMs,
      // Local catchers (and the tests' capture server) speak plain SMTP; real servers advertise STARTTLS.
      tls: { rejectUnauthorized: false },
      pool: true,
      maxConnections,
      maxMessages: 200,
    } as SMTPTransport.Options);
  }

  get usesOutbox(): boolean {
    return this.transport === null;
  }

  /** Sends one mail; throws MAIL_UNAVAILABLE (503) when it could not be handed over in time. */
  send(message: MailMessage): Promise<void> {
    return this.sendWith(message, this.transport, this.timeouts);
  }

  /** Sends a mail of the job queue: its own connections, and QUEUED_MAIL_TIMEOUTS instead of a request's. */
  sendQueued(message: MailMessage): Promise<void> {
    return this.sendWith(message, this.queuedTransport, this.queued.timeouts);
  }

  private async sendWith(message: MailMessage, transport: Transporter | null, timeouts: MailTimeouts): Promise<void> {
    const mail = {
      from: this.config.mailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
      attachments: message.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType, ...(a.cid ? { cid: a.cid, contentDisposition: 'inline' as const } : {}) })),
    };
    if (!transport) return this.writeToOutbox(message, mail);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`mail send exceeded ${timeouts.totalMs} ms`)), timeouts.totalMs);
    });
    const sending = transport.sendMail(mail);
    sending.catch(() => undefined); // a late failure after the timeout must not be unhandled
    try {
      await Promise.race([sending, timeout]);
      this.counts.sent++;
    } catch (err) {
      this.counts.failed++;
      this.logger.warn('mail could not be sent', { to: message.to, subject: message.subject, reason: (err as Error)?.message });
      throw mailUnavailable();
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends in the background (after a commit): a failure is logged, never thrown. */
  sendLater(message: MailMessage): void {
    const p = this.send(message)
      .catch((err) => this.logger.warn('background mail failed', { to: message.to, subject: message.subject, reason: (err as Error)?.message }))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves once every background send has finished (tests, graceful shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  close(): void {
    this.transport?.close();
    this.queuedTransport?.close();
  }

  private async writeToOutbox(message: MailMessage, mail: Record<string, unknown>): Promise<void> {
    try {
      const raw = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(mail);
      await mkdir(this.outboxDir, { recursive: true });
      const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_').slice(0, 120);
      // A random part besides the time: two mails to one person in the same millisecond (a confirmation and a
      // reminder sent side by side by the queue, or by two processes) must not overwrite each other.
      const base = path.join(this.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}-${safeTo}`);
      await writeFile(`${base}.eml`, raw.message as Buffer);
      await writeFile(`${base}.json`, JSON.stringify({ to: message.to, subject: message.subject, text: message.text, code: message.code ?? null }, null, 2));
      this.counts.sent++;
      // The code is in the .json beside the mail; printed too outside production, for a local `npm start`.
      this.logger.info(`mail written to ${base}.eml`, message.code && this.config.nodeEnv !== 'production' ? { to: message.to, code: message.code } : { to: message.to });
    } catch (err) {
      this.counts.failed++;
      this.logger.error('could not write mail to the outbox', err);
      throw mailUnavailable();
    }
  }
}
