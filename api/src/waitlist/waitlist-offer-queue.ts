import type { EntityManager } from 'typeorm';
import { queryRows } from '../common/sql';
import type { CancellationRecipient, CancellationRecipientSource } from '../events/event-cancellation';
import type { JobQueue } from '../jobs/job-queue';
import type { PlacesFreedListener } from '../registrations/registration-ledger';

/** The job that offers an event's free places to the next people waiting (key: the event id). */
export const OFFERS_JOB = 'waitlist-offers';

/**
 * What the waiting list does inside other domains' transactions, built before them (services.ts): the
 * registration ledger tells it of freed places (it queues the offer job), and an event's cancellation
 * asks it who is waiting. Needs only the job queue, so nothing has to be wired after construction.
 */
export class WaitlistOfferQueue implements PlacesFreedListener, CancellationRecipientSource {
  constructor(private readonly jobs: JobQueue) {}

  /** Queues the event's offer job inside the transaction that freed places (one pending per event), when anyone waits. */
  async placesFreed(m: EntityManager, eventId: string): Promise<void> {
    const [someone] = await queryRows(m, `SELECT 1 FROM waitlist_entries WHERE event_id = $1 AND status = 'waiting' LIMIT 1`, [eventId]);
    if (!someone) return;
    await this.jobs.cancelPending(m, OFFERS_JOB, eventId);
    await this.jobs.send(m, OFFERS_JOB, { eventId }, { key: eventId });
  }

  /** People on an event's list when it is cancelled (their cancellation mail says they were waiting). */
  async cancellationRecipients(m: EntityManager, eventId: string): Promise<CancellationRecipient[]> {
    const rows = await queryRows<{ id: string; email: string; name: string; language: string }>(
      m,
      `SELECT u.id, u.email, u.name, u.language FROM waitlist_entries w JOIN users u ON u.id = w.user_id
        WHERE w.event_id = $1 AND w.status IN ('waiting', 'offered') ORDER BY w.created_at, w.id`,
      [eventId],
    );
    return rows.map((r) => ({ userId: r.id, email: r.email, name: r.name, language: r.language === 'hi' ? 'hi' : 'en', wasWaiting: true }));
  }
}
