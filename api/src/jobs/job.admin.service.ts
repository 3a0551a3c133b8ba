import { In, type DataSource } from 'typeorm';
import { EventEntity } from '../events/event.entity';
import { WaitlistEntryEntity } from '../waitlist/waitlist-entry.entity';
import type { AuditService } from '../audit/audit.service';
import type { Viewer } from '../common/access';
import { notFound, validationError } from '../common/errors';
import { queryRows } from '../common/sql';
import { isUuid } from '../common/validate';
import type { JobQueue, JobSummary } from './job-queue';

const STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'];
export const JOB_NOT_FOUND = 'No failed job with that id';

/**
 * An address as the jobs list shows it: the first character of the name, then the domain
 * (`asha@example.org` is `a•••@example.org`), so an admin can tell whom a mail is for without the list
 * carrying anyone's address.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${[...address.slice(0, at)][0]}•••${address.slice(at)}`;
}

/** Addresses in free text (an SMTP server's refusal often names the recipient). */
const ADDRESS_IN_TEXT = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+/g;

/** A job as the admin list shows it: what it is about (the event's title) and, for a mail, whom it is for (masked). */
export interface AdminJob extends JobSummary {
  eventId: string | null;
  eventTitle: string | null;
  /** The mail's recipient (or the person a waiting-list offer is for), masked: never the full address. */
  recipient: string | null;
  /** A mail job's kind: confirmation, reminder, certificate, ... */
  mailKind: string | null;
}

/** The id a job's input names under `field`, when it is one. */
const idIn = (data: unknown, field: string): string | null => {
  const v = data && typeof data === 'object' ? (data as Record<string, unknown>)[field] : undefined;
  return typeof v === 'string' && isUuid(v) ? v : null;
};

/** What admins see of the background queue, and the one thing they do to it: run a failed job again. */
export class JobAdminService {
  constructor(
    private readonly jobs: JobQueue,
    private readonly audit: AuditService,
    private readonly dataSource: DataSource,
  ) {}

  async list(states: string[] | undefined, limit = 100): Promise<AdminJob[]> {
    const unknown = (states ?? []).filter((s) => !STATES.includes(s));
    if (unknown.length) throw validationError(`Unknown job state: ${unknown.join(', ')}`, { states: `One of ${STATES.join(', ')}` });
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw validationError('Limit must be 1-500', { limit: 'Limit must be 1-500' });
    return this.describe(await this.jobs.list({ states, limit }));
  }

  /**
   * Adds what each job is about, read by the ids in its input: an event (`eventId`), a queued mail
   * (`deliveryId`: its kind, event and recipient) or a waiting-list entry (`entryId`: its event and person).
   * Three reads for the whole list, whatever its length (`mail_deliveries` has no entity, so its read is SQL).
   */
  private async describe(jobs: JobSummary[]): Promise<AdminJob[]> {
    const deliveryIds = [...new Set(jobs.map((j) => idIn(j.data, 'deliveryId')).filter((id): id is string => !!id))];
    const entryIds = [...new Set(jobs.map((j) => idIn(j.data, 'entryId')).filter((id): id is string => !!id))];
    const deliveries = new Map(
      (deliveryIds.length
        ? await queryRows<{ id: string; kind: string; event_id: string | null; recipient: string; title: string | null }>(
            this.dataSource,
            `SELECT id, kind, event_id, recipient, payload->>'title' AS title FROM mail_deliveries WHERE id = ANY($1::uuid[])`,
            [deliveryIds],
          )
        : []
      ).map((d) => [d.id, d]),
    );
    const entries = new Map(
      (entryIds.length
        ? await this.dataSource.getRepository(WaitlistEntryEntity).find({ where: { id: In(entryIds) }, relations: { user: true } })
        : []
      ).map((e) => [e.id, { event_id: e.eventId, email: e.user.email }]),
    );
    const about = jobs.map((j) => {
      const delivery = deliveries.get(idIn(j.data, 'deliveryId') ?? '');
      const entry = entries.get(idIn(j.data, 'entryId') ?? '');
      const eventId = idIn(j.data, 'eventId') ?? delivery?.event_id ?? entry?.event_id ?? null;
      const address = delivery?.recipient ?? entry?.email ?? null;
      return { eventId, recipient: address ? maskEmail(address) : null, mailKind: delivery?.kind ?? null, fallbackTitle: delivery?.title ?? null };
    });
    const eventIds = [...new Set(about.map((a) => a.eventId).filter((id): id is string => !!id))];
    const titles = new Map(
      (eventIds.length ? await this.dataSource.getRepository(EventEntity).find({ where: { id: In(eventIds) }, select: { id: true, title: true } }) : []).map((e) => [e.id, e.title]),
    );
    return jobs.map((j, i) => {
      const { eventId, recipient, mailKind, fallbackTitle } = about[i];
      // A deleted event's title lives on in its mail's payload (a cancellation, say).
      return {
        ...j,
        error: j.error && j.error.replace(ADDRESS_IN_TEXT, (address) => maskEmail(address)),
        eventId,
        eventTitle: (eventId && titles.get(eventId)) || fallbackTitle,
        recipient,
        mailKind,
      };
    });
  }

  async retry(actor: Viewer, name: string, id: string): Promise<string> {
    if (!isUuid(id)) throw notFound(JOB_NOT_FOUND);
    const [job] = (await this.jobs.list({ states: ['failed'], limit: 500 })).filter((j) => j.id === id && j.name === name);
    if (!job) throw notFound(JOB_NOT_FOUND);
    await this.jobs.retry(name, id);
    await this.audit.record(actor, { action: 'job.retry', entityType: 'job', entityId: id, before: { name, state: job.state, error: job.error }, after: null });
    return 'The job will run again';
  }
}
