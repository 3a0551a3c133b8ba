import type { EntityManager } from 'typeorm';
import { queryRows } from '../common/sql';
import type { CancellationRecipient, CancellationRecipientSource } from '../events/event-cancellation';
import type { JobQueue } from '../jobs/job-queue';
import type { PlacesFreedListener } from '../registrations/registration-ledger';
import { WaitlistEntryEntity } from './waitlist-entry.entity';

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

  /** The event's waiting list closed (cancelled, or deleted): its pending offer job goes. */
  async waitlistClosed(m: EntityManager, eventId: string): Promise<void> {
    await this.jobs.cancelPending(m, OFFERS_JOB, eventId);
  }

  /** People on an event's list when it is cancelled (their cancellation mail says they were waiting). */
  async cancellationRecipients(m: EntityManager, eventId: string): Promise<CancellationRecipient[]> {
    const entries = await m
      .getRepository(WaitlistEntryEntity)
      .createQueryBuilder('w')
      .innerJoinAndSelect('w.user', 'u')
      .where('w.eventId = :eventId', { eventId })
      .andWhere('w.status IN (:...live)', { live: ['waiting', 'offered'] })
      .orderBy('w.createdAt', 'ASC')
      .addOrderBy('w.id', 'ASC')
      .getMany();
    return entries.map(({ user: u }) => ({ userId: u.id, email: u.email, name: u.name, language: u.language === 'hi' ? 'hi' : 'en', wasWaiting: true }));
  }
}
