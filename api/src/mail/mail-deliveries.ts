import type { DataSource, EntityManager } from 'typeorm';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import { queryRows } from '../common/sql';
import type { JobQueue } from '../jobs/job-queue';
import type { MailMessage, MailService } from './mail.service';

/** One mail the queue is to send, planned once by its key (e.g. `reminder:{event}:{user}:{start}`). */
export interface PlannedMail {
  key: string;
  kind: string;
  userId: string | null;
  eventId: string | null;
  recipient: string;
  /** What the mail needs that may be gone when it is sent (a deleted event's title and date, say). */
  payload?: Record<string, unknown>;
}

export interface Delivery {
  id: string;
  kind: string;
  userId: string | null;
  eventId: string | null;
  recipient: string;
  payload: Record<string, unknown>;
}

/** Builds a kind's message when it is sent, or says why it no longer applies (an opt-out meanwhile). */
export type MailComposer = (delivery: Delivery) => Promise<MailMessage | { skip: string }>;

export const MAIL_JOB = 'mail';
/** A claim older than this is taken to be a worker that died mid-send (longer than a queued send may take). */
const CLAIM_SECONDS = 120;

/**
 * Mails sent by the job queue, each at most once: planning inserts one row per key (a second plan of the
 * same mail is a no-op) and queues a job for it in the same transaction; sending claims the row, builds
 * the message, hands it to SMTP and records `sent_at`. A retried job, or two workers on one database,
 * find the row sent (or claimed) and do nothing.
 */
export class MailDeliveries {
  private readonly composers = new Map<string, MailComposer>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
    private readonly clock: Clock,
    private readonly logger: Logger,
    concurrency = 1,
  ) {
    // A few at once per process (MAIL_QUEUE_CONCURRENCY, one SMTP connection each); a failed send is retried
    // with exponential backoff from 30 s, so a slow or absent server sees no storm of retries.
    jobs.define<{ deliveryId: string }>({ name: MAIL_JOB, retryLimit: 6, retryDelaySeconds: 30, concurrency, handle: (data) => this.deliver(data.deliveryId) });
  }

  compose(kind: string, composer: MailComposer): void {
    this.composers.set(kind, composer);
  }

  /** Plans mails inside the caller's transaction; returns how many were new (not planned before). */
  async plan(m: EntityManager, mails: PlannedMail[]): Promise<number> {
    let planned = 0;
    for (let i = 0; i < mails.length; i += 500) {
      const chunk = mails.slice(i, i + 500);
      const rows = await queryRows<{ id: string }>(
        m,
        `INSERT INTO mail_deliveries (dedupe_key, kind, user_id, event_id, recipient, payload, created_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::jsonb[], $7::timestamptz[])
         ON CONFLICT (dedupe_key) DO NOTHING
         RETURNING id`,
        [
          chunk.map((c) => c.key),
          chunk.map((c) => c.kind),
          chunk.map((c) => c.userId),
          chunk.map((c) => c.eventId),
          chunk.map((c) => c.recipient),
          chunk.map((c) => JSON.stringify(c.payload ?? {})),
          chunk.map(() => this.clock.now()),
        ],
      );
      await this.jobs.sendMany(m, MAIL_JOB, rows.map((r) => ({ data: { deliveryId: r.id } })));
      planned += rows.length;
    }
    return planned;
  }

  /** The mail job: claim, compose, send, record. Throws on a send failure so the queue retries with backoff. */
  async deliver(deliveryId: string): Promise<void> {
    const now = this.clock.now();
    const [row] = await queryRows<{ id: string; kind: string; user_id: string | null; event_id: string | null; recipient: string; payload: Record<string, unknown> }>(
      this.dataSource,
      `UPDATE mail_deliveries SET claimed_at = $2, attempts = attempts + 1
        WHERE id = $1 AND sent_at IS NULL AND skipped_reason IS NULL AND (claimed_at IS NULL OR claimed_at < $2::timestamptz - make_interval(secs => $3))
        RETURNING id, kind, user_id, event_id, recipient, payload`,
      [deliveryId, now, CLAIM_SECONDS],
    );
    if (!row) return; // sent already, skipped, or another worker is sending it right now
    const delivery: Delivery = { id: row.id, kind: row.kind, userId: row.user_id, eventId: row.event_id, recipient: row.recipient, payload: row.payload ?? {} };
    const composer = this.composers.get(delivery.kind);
    try {
      if (!composer) throw new Error(`No composer for mail kind ${delivery.kind}`);
      const message = await composer(delivery);
      if ('skip' in message) {
        await this.dataSource.query(`UPDATE mail_deliveries SET skipped_reason = $2, claimed_at = NULL WHERE id = $1`, [delivery.id, message.skip]);
        return;
      }
      await this.mail.sendQueued(message);
      await this.dataSource.query(`UPDATE mail_deliveries SET sent_at = $2, last_error = NULL WHERE id = $1`, [delivery.id, this.clock.now()]);
    } catch (err) {
      const reason = (err as Error)?.message ?? String(err);
      await this.dataSource.query(`UPDATE mail_deliveries SET claimed_at = NULL, last_error = $2 WHERE id = $1`, [delivery.id, reason.slice(0, 500)]);
      this.logger.warn('a queued mail was not sent; it will be retried', { kind: delivery.kind, deliveryId: delivery.id, reason });
      throw err;
    }
  }
}
