import { eventText } from '../events/event-text';
import { asLanguage, type Language } from '../i18n/languages';
import { localize } from '../i18n/translations';
import type { DataSource, EntityManager } from 'typeorm';
import type { Viewer } from '../common/access';
import { indiaInstant, type Clock } from '../common/clock';
import { conflict, DomainError, notFound } from '../common/errors';
import type { Logger } from '../common/logger';
import { queryRows } from '../common/sql';
import { isUuid } from '../common/validate';
import { topics, touched } from '../db/change-feed';
import type { EventEntity } from '../events/event.entity';
import type { EventService } from '../events/event.service';
import type { JobQueue } from '../jobs/job-queue';
import { eventPageUrl, type MailEvent } from '../events/event.mail';
import type { MailLanguage } from '../mail/templates';
import { waitlistJoinedMail, waitlistOfferExpiredMail, waitlistOfferMail } from './waitlist.mail';
import type { Delivery, MailDeliveries } from '../mail/mail-deliveries';
import type { MailMessage } from '../mail/mail.service';
import type { CapacityCounts, RegistrationLedger } from '../registrations/registration-ledger';
import { REGISTRATION_MESSAGES, type RegistrationService } from '../registrations/registration.service';
import { WaitlistEntryEntity } from './waitlist-entry.entity';
import { OFFERS_JOB, type WaitlistOfferQueue } from './waitlist-offer-queue';
import type { QuestionService } from '../questions/question.service';

export { OFFERS_JOB } from './waitlist-offer-queue';
/** The job that ends an offer not accepted in time (key: the entry id; due when the offer runs out). */
export const EXPIRY_JOB = 'waitlist-expiry';
export const WAITLIST_MAILS = { joined: 'waitlist-joined', offer: 'waitlist-offer', expired: 'waitlist-offer-expired' } as const;

/**
 * How many more people than there are free places the offer job locks beforehand (see offerFreePlaces):
 * room for a few of them leaving meanwhile without a second round.
 */
const PROSPECT_SLACK = 5;

export const WAITLIST_MESSAGES = {
  joined: (position: number) => `You are on the waiting list: number ${position}. We will e-mail you if a place becomes free.`,
  left: 'You have left the waiting list.',
  declined: 'You have declined the place; it goes to the next person waiting.',
  notWaiting: 'You are not on the waiting list for this event.',
  noOffer: 'There is no live offer for you on this event',
  accepted: REGISTRATION_MESSAGES.registered,
  alreadyRegistered: REGISTRATION_MESSAGES.alreadyRegistered,
  alreadyWaiting: 'You are already on the waiting list for this event.',
  alreadyOffered: 'A place is already held for you on this event: accept it on the event page.',
  placesFree: 'This event still has free places: register for it instead of joining the waiting list.',
  started: 'This event has already started: its waiting list is closed.',
  cancelled: REGISTRATION_MESSAGES.cancelled,
  notFound: REGISTRATION_MESSAGES.notFound,
} as const;

/** What the viewer sees of an event's waiting list (one per event, from eventDecorations). */
export interface EventDecoration {
  isRegistered: boolean;
  /** People waiting (not those holding an offer). */
  waitlistCount: number;
  /** The viewer's live entry; null when signed out or not on the list. */
  mine: { status: 'waiting' | 'offered'; position: number | null; offerExpiresAt: Date | null } | null;
}

export interface WaitlistResult {
  event: EventEntity;
  message: string;
  /** The caller's position in the queue after the change (null when not waiting). */
  position: number | null;
}

export interface WaitlistRow {
  id: string;
  userId: string;
  name: string;
  email: string;
  status: string;
  position: number | null;
  offeredUntil: Date | null;
  createdAt: Date;
}

interface EventRow {
  max_participants: number | null;
  registered_count: number;
  offered_count: number;
  waitlist_offer_hours: number;
  starts_at: Date;
  cancelled_at: Date | null;
}

const WAITLIST_LIMIT = 1_000;

/** An events row's counts, for the ledger's capacity rule. */
const capacityOf = (e: Pick<EventRow, 'max_participants' | 'registered_count' | 'offered_count'>): CapacityCounts => ({
  maxParticipants: e.max_participants,
  registeredCount: Number(e.registered_count),
  offeredCount: Number(e.offered_count),
});

/**
 * Until when an offer made `now` holds its place: the event's `waitlist_offer_hours`, but never past the
 * event's start (no registration is possible then). A place freed close to the start is offered with the
 * time left until the start; once the event has started, no offer is made (offerLocked).
 */
export function offerEnds(now: Date, offerHours: number, startsAt: Date): Date {
  return new Date(Math.min(now.getTime() + offerHours * 3_600_000, startsAt.getTime()));
}

/**
 * The waiting list of a full event, with offers that expire.
 *
 * Joining is for a full event only (places held by offers count; a free place is for registering).
 * When a place frees (an unregistration, an admin's removal, a deleted account, a declined or expired
 * offer, a raised or removed capacity), the write that freed it queues the keyed `waitlist-offers` job
 * in its own transaction (through the registration ledger). The job, under the event's row lock, offers
 * the free places to the next people in the queue (created_at, then id): each offer holds a place
 * (events.offered_count, through the ledger) for `waitlist_offer_hours` but never past the event's start
 * (offerEnds: a place freed close to the start is offered with the time left), is mailed once
 * (`waitlist-offer:{entry}`), and has a `waitlist-expiry` job due when it runs out. An offer accepted in
 * time becomes a registration in one statement; one that runs out gives its place to the next person.
 *
 * Lock order (the ledger's): users, then the event, then entries. The offer job locks the users it may
 * offer to (FOR KEY SHARE) before the event, so a concurrent account deletion either finishes first or
 * waits for the offers; whoever it could not lock in time is left for another round of the job.
 */
export class WaitlistService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly deliveries: MailDeliveries,
    private readonly events: EventService,
    private readonly registrations: RegistrationService,
    private readonly ledger: RegistrationLedger,
    private readonly offerQueue: WaitlistOfferQueue,
    private readonly logger: Logger,
    private readonly publicOrigin: string,
    /** Answers to the event's questions, given on joining; they become the registration's when a place is taken. */
    private readonly questions: QuestionService,
  ) {
    jobs.define<{ eventId: string }>({ name: OFFERS_JOB, retryLimit: 8, retryDelaySeconds: 5, handle: (data) => this.offerFreePlaces(data.eventId).then(() => undefined) });
    jobs.define<{ entryId: string }>({ name: EXPIRY_JOB, retryLimit: 8, retryDelaySeconds: 10, handle: (data) => this.expireOffer(data.entryId) });
    deliveries.compose(WAITLIST_MAILS.joined, (d) => this.composeMail(d));
    deliveries.compose(WAITLIST_MAILS.offer, (d) => this.composeMail(d));
    deliveries.compose(WAITLIST_MAILS.expired, (d) => this.composeMail(d));
  }

  // ---------- the person's side ----------

  /** Joins the waiting list of a full event (not started, not cancelled, not registered, not on it already). */
  async join(viewer: Viewer, eventId: string, rawAnswers?: unknown, lang: Language = 'en'): Promise<WaitlistResult> {
    if (!isUuid(eventId)) throw notFound(WAITLIST_MESSAGES.notFound);
    const now = this.clock.now();
    const answers = await this.questions.checkAnswers(this.dataSource, eventId, rawAnswers, lang);
    // One join or place-taking of this process at a time on this event (RegistrationLedger.placeTurn).
    const position = await this.ledger.placeTurn(eventId, () => this.dataSource.transaction(async (m) => {
      const [user] = await queryRows<{ email: string }>(m, `SELECT email FROM users WHERE id = $1 FOR KEY SHARE`, [viewer.id]);
      if (!user) throw new DomainError('UNAUTHENTICATED', 'Invalid or expired session. Please sign in again.');
      const [event] = await queryRows<EventRow>(
        m,
        `SELECT max_participants, registered_count, offered_count, waitlist_offer_hours, starts_at, cancelled_at FROM events WHERE id = $1 FOR NO KEY UPDATE`,
        [eventId],
      );
      if (!event) throw notFound(WAITLIST_MESSAGES.notFound);
      if (event.cancelled_at) throw new DomainError('EVENT_CANCELLED', WAITLIST_MESSAGES.cancelled);
      if (new Date(event.starts_at).getTime() <= now.getTime()) throw new DomainError('EVENT_PAST', WAITLIST_MESSAGES.started);
      const [state] = await queryRows<{ registered: boolean; live: string | null; waiting: number }>(
        m,
        `SELECT EXISTS (SELECT 1 FROM registrations WHERE event_id = $1 AND user_id = $2) AS registered,
                (SELECT status FROM waitlist_entries WHERE event_id = $1 AND user_id = $2 AND status IN ('waiting', 'offered')) AS live,
                (SELECT count(*) FROM waitlist_entries WHERE event_id = $1 AND status = 'waiting')::int AS waiting`,
        [eventId, viewer.id],
      );
      if (state.registered) throw conflict(WAITLIST_MESSAGES.alreadyRegistered);
      if (state.live === 'waiting') throw conflict(WAITLIST_MESSAGES.alreadyWaiting);
      if (state.live === 'offered') throw conflict(WAITLIST_MESSAGES.alreadyOffered);
      // Full for this person: every place is taken, held by an offer, or due to someone already waiting.
      const free = this.ledger.placesFree(capacityOf(event));
      if (free === null || free > Number(state.waiting)) throw conflict(WAITLIST_MESSAGES.placesFree);
      const [entry] = await queryRows<{ id: string }>(
        m,
        `INSERT INTO waitlist_entries (event_id, user_id, status, created_at) VALUES ($1, $2, 'waiting', $3) RETURNING id`,
        [eventId, viewer.id, now],
      );
      await this.questions.saveWaitlistAnswers(m, entry.id, answers);
      const position = await this.positionOf(m, entry.id);
      await this.deliveries.plan(m, [
        { key: `${WAITLIST_MAILS.joined}:${entry.id}`, kind: WAITLIST_MAILS.joined, userId: viewer.id, eventId, recipient: user.email, payload: { entryId: entry.id, position } },
      ]);
      touched(m, topics.events, topics.event(eventId));
      return position;
    }));
    return { event: await this.events.get(eventId), message: WAITLIST_MESSAGES.joined(position), position };
  }

  /** Leaves the waiting list; a held place is declined (and offered on). Not being on it is answered, not refused. */
  async leave(viewer: Viewer, eventId: string): Promise<WaitlistResult> {
    return this.giveUp(viewer, eventId, 'leave');
  }

  /** Declines a held place: it goes to the next person waiting. 409 without a live offer. */
  async decline(viewer: Viewer, eventId: string): Promise<WaitlistResult> {
    return this.giveUp(viewer, eventId, 'decline');
  }

  private async giveUp(viewer: Viewer, eventId: string, how: 'leave' | 'decline'): Promise<WaitlistResult> {
    if (!isUuid(eventId)) throw notFound(WAITLIST_MESSAGES.notFound);
    const now = this.clock.now();
    const outcome = await this.dataSource.transaction(async (m) => {
      await m.query(`SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE`, [viewer.id]);
      const [event] = await queryRows(m, `SELECT 1 FROM events WHERE id = $1 FOR NO KEY UPDATE`, [eventId]);
      if (!event) throw notFound(WAITLIST_MESSAGES.notFound);
      const [entry] = await queryRows<{ id: string; status: string }>(
        m,
        `SELECT id, status FROM waitlist_entries WHERE event_id = $1 AND user_id = $2 AND status IN ('waiting', 'offered')`,
        [eventId, viewer.id],
      );
      if (!entry || (how === 'decline' && entry.status !== 'offered')) return 'none' as const;
      if (entry.status === 'waiting') {
        await m.query(`UPDATE waitlist_entries SET status = 'left', resolved_at = $2 WHERE id = $1`, [entry.id, now]);
        touched(m, topics.events, topics.event(eventId));
        return 'left' as const;
      }
      await this.ledger.release(m, eventId, entry.id, 'declined', now);
      await this.jobs.cancelPending(m, EXPIRY_JOB, entry.id);
      await this.queueOffers(m, eventId);
      return 'declined' as const;
    });
    if (outcome === 'none' && how === 'decline') throw conflict(WAITLIST_MESSAGES.noOffer);
    const message = outcome === 'left' ? WAITLIST_MESSAGES.left : outcome === 'declined' ? WAITLIST_MESSAGES.declined : WAITLIST_MESSAGES.notWaiting;
    return { event: await this.events.get(eventId), message, position: null };
  }

  /**
   * Takes the place held for the caller: a registration (through the ledger, from the held place) and the
   * usual confirmation mail with the .ics. 409 CONFLICT without a live offer (none, or run out).
   */
  async accept(viewer: Viewer, eventId: string): Promise<{ event: EventEntity; message: string; changed: boolean }> {
    if (!isUuid(eventId)) throw notFound(WAITLIST_MESSAGES.notFound);
    const now = this.clock.now();
    const outcome = await this.dataSource.transaction(async (m) => {
      const [entry] = await queryRows<{ id: string }>(m, `SELECT id FROM waitlist_entries WHERE event_id = $1 AND user_id = $2 AND status = 'offered'`, [eventId, viewer.id]);
      const result = await this.ledger.accept(m, eventId, viewer.id, now);
      if (entry && (result === 'accepted' || result === 'already')) await this.jobs.cancelPending(m, EXPIRY_JOB, entry.id);
      if (result === 'accepted') {
        await this.questions.carryWaitlistAnswers(m, eventId, viewer.id);
        await this.registrations.planConfirmation(m, viewer, eventId);
      }
      return result;
    });
    switch (outcome) {
      case 'no-event': throw notFound(WAITLIST_MESSAGES.notFound);
      case 'no-user': throw new DomainError('UNAUTHENTICATED', 'Invalid or expired session. Please sign in again.');
      case 'no-offer':
      case 'expired': throw conflict(WAITLIST_MESSAGES.noOffer);
      case 'cancelled': throw new DomainError('EVENT_CANCELLED', WAITLIST_MESSAGES.cancelled);
      case 'closed': throw new DomainError('EVENT_PAST', REGISTRATION_MESSAGES.closed);
      default: break;
    }
    const event = await this.events.get(eventId);
    return outcome === 'accepted'
      ? { event, message: WAITLIST_MESSAGES.accepted, changed: true }
      : { event, message: WAITLIST_MESSAGES.alreadyRegistered, changed: false };
  }

  /** The caller's 1-based place among the people waiting (created_at, then id); null when not waiting. */
  async position(viewer: Viewer, eventId: string): Promise<number | null> {
    if (!isUuid(eventId)) return null;
    const entry = await this.dataSource.getRepository(WaitlistEntryEntity).findOne({ select: { id: true }, where: { eventId, userId: viewer.id, status: 'waiting' } });
    return entry ? this.positionOf(this.dataSource, entry.id) : null;
  }

  private async positionOf(db: DataSource | EntityManager, entryId: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM waitlist_entries o, waitlist_entries w
        WHERE w.id = $1 AND o.event_id = w.event_id AND o.status = 'waiting' AND (o.created_at, o.id) <= (w.created_at, w.id)`,
      [entryId],
    );
    return Number(row.n);
  }

  // ---------- reads for both transports ----------

  /**
   * For each event: whether the viewer is registered, how many people wait, and the viewer's own entry
   * (status, position, until when a place is held) — one statement for a whole list, signed in or out.
   * REST (toRestEvent) and GraphQL (the per-request loader) both decorate events with this.
   */
  async eventDecorations(viewer: Viewer | null, eventIds: readonly string[]): Promise<EventDecoration[]> {
    if (!eventIds.length) return [];
    const ids = eventIds.filter(isUuid);
    const rows = await queryRows<{ id: string; waitlist_count: number; registered: boolean; status: string | null; offer_expires_at: Date | null; position: number | null }>(
      this.dataSource,
      `SELECT e.id,
              (SELECT count(*) FROM waitlist_entries c WHERE c.event_id = e.id AND c.status = 'waiting')::int AS waitlist_count,
              ($2::uuid IS NOT NULL AND EXISTS (SELECT 1 FROM registrations r WHERE r.event_id = e.id AND r.user_id = $2::uuid)) AS registered,
              mine.status, mine.offer_expires_at,
              CASE WHEN mine.status = 'waiting' THEN
                (SELECT count(*) FROM waitlist_entries o WHERE o.event_id = e.id AND o.status = 'waiting' AND (o.created_at, o.id) <= (mine.created_at, mine.id))::int
              END AS position
         FROM unnest($1::uuid[]) AS e(id)
         LEFT JOIN waitlist_entries mine ON $2::uuid IS NOT NULL AND mine.event_id = e.id AND mine.user_id = $2::uuid AND mine.status IN ('waiting', 'offered')`,
      [ids, viewer?.id ?? null],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return eventIds.map((id) => {
      const r = byId.get(id.toLowerCase()) ?? byId.get(id);
      if (!r) return { isRegistered: false, waitlistCount: 0, mine: null };
      return {
        isRegistered: !!r.registered,
        waitlistCount: Number(r.waitlist_count),
        mine: r.status === 'waiting' || r.status === 'offered'
          ? { status: r.status, position: r.position === null ? null : Number(r.position), offerExpiresAt: r.offer_expires_at ? new Date(r.offer_expires_at) : null }
          : null,
      };
    });
  }

  /** The admin's view of an event's list: held places first, then the queue in order, then the history (newest first). */
  async eventWaitlist(eventId: string): Promise<WaitlistRow[]> {
    await this.events.get(eventId);
    const rows = await queryRows<{ id: string; user_id: string; name: string; email: string; status: string; position: number | null; offer_expires_at: Date | null; created_at: Date }>(
      this.dataSource,
      `SELECT w.id, w.user_id, u.name, u.email, w.status, w.offer_expires_at, w.created_at,
              CASE WHEN w.status = 'waiting' THEN row_number() OVER (PARTITION BY w.status ORDER BY w.created_at, w.id) END AS position
         FROM waitlist_entries w JOIN users u ON u.id = w.user_id
        WHERE w.event_id = $1
        ORDER BY CASE w.status WHEN 'offered' THEN 0 WHEN 'waiting' THEN 1 ELSE 2 END,
                 CASE WHEN w.status IN ('offered', 'waiting') THEN w.created_at END,
                 coalesce(w.resolved_at, w.created_at) DESC, w.id
        LIMIT $2`,
      [eventId, WAITLIST_LIMIT],
    );
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      name: r.name,
      email: r.email,
      status: r.status,
      position: r.position === null ? null : Number(r.position),
      offeredUntil: r.offer_expires_at ? new Date(r.offer_expires_at) : null,
      createdAt: new Date(r.created_at),
    }));
  }

  // ---------- offers (background jobs) ----------

  /** Queues the event's offer job inside the transaction that freed places (one pending per event), when anyone waits. */
  queueOffers(m: EntityManager, eventId: string): Promise<void> {
    return this.offerQueue.placesFreed(m, eventId);
  }

  /**
   * The offer job: under the event's row lock, as many offers as there are free places (all waiting when
   * the capacity is unlimited), to the next people in the queue. Returns how many were made.
   */
  async offerFreePlaces(eventId: string): Promise<number> {
    return this.dataSource.transaction(async (m) => {
      const locked = await this.lockProspects(m, eventId, 0, []);
      return this.offerLocked(m, eventId, locked);
    });
  }

  /**
   * The expiry job: checks again by the service clock. Not yet run out: due again at its end. Still
   * offered and run out: expired, its place given back and offered on at once, the person told once.
   */
  async expireOffer(entryId: string): Promise<void> {
    const [entry] = await queryRows<{ event_id: string; user_id: string; status: string; offer_expires_at: Date | null }>(
      this.dataSource,
      `SELECT event_id, user_id, status, offer_expires_at FROM waitlist_entries WHERE id = $1`,
      [entryId],
    );
    if (!entry || entry.status !== 'offered' || !entry.offer_expires_at) return;
    const expiresAt = new Date(entry.offer_expires_at);
    if (expiresAt.getTime() > this.clock.now().getTime()) {
      await this.dataSource.transaction(async (m) => this.scheduleExpiry(m, entryId, expiresAt, await this.queueNow(m)));
      return;
    }
    await this.dataSource.transaction(async (m) => {
      const locked = await this.lockProspects(m, entry.event_id, 1, [entry.user_id]);
      await m.query(`SELECT 1 FROM events WHERE id = $1 FOR UPDATE`, [entry.event_id]);
      const now = this.clock.now();
      const [still] = await queryRows(m, `SELECT 1 FROM waitlist_entries WHERE id = $1 AND status = 'offered' AND offer_expires_at <= $2`, [entryId, now]);
      if (!still) return; // accepted, declined or expired meanwhile
      await this.ledger.release(m, entry.event_id, entryId, 'expired', now);
      const [user] = await queryRows<{ email: string }>(m, `SELECT email FROM users WHERE id = $1`, [entry.user_id]);
      if (user) {
        await this.deliveries.plan(m, [
          { key: `${WAITLIST_MAILS.expired}:${entryId}`, kind: WAITLIST_MAILS.expired, userId: entry.user_id, eventId: entry.event_id, recipient: user.email, payload: { entryId } },
        ]);
      }
      await this.offerLocked(m, entry.event_id, locked);
    });
  }

  /**
   * Locks (FOR KEY SHARE, in id order, before the event) the users the offers may go to: the next
   * people waiting, as many as the places free now plus `extra` and some slack, and `also`.
   */
  private async lockProspects(m: EntityManager, eventId: string, extra: number, also: string[]): Promise<Set<string>> {
    const [event] = await queryRows<EventRow>(m, `SELECT max_participants, registered_count, offered_count FROM events WHERE id = $1`, [eventId]);
    let prospects: string[] = [];
    if (event) {
      const left = this.ledger.placesFree(capacityOf(event));
      const free = left === null ? null : Math.max(0, left) + extra;
      if (free === null || free > 0) {
        const rows = await queryRows<{ user_id: string }>(
          m,
          `SELECT user_id FROM waitlist_entries WHERE event_id = $1 AND status = 'waiting' ORDER BY created_at, id LIMIT $2`,
          [eventId, free === null ? null : free + PROSPECT_SLACK],
        );
        prospects = rows.map((r) => r.user_id);
      }
    }
    const ids = [...new Set([...prospects, ...also])].sort();
    if (!ids.length) return new Set();
    const rows = await queryRows<{ id: string }>(m, `SELECT id FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR KEY SHARE`, [ids]);
    return new Set(rows.map((r) => r.id));
  }

  /** Under the event's row lock: offers the free places to the next people waiting whose users are locked. */
  private async offerLocked(m: EntityManager, eventId: string, locked: Set<string>): Promise<number> {
    const [event] = await queryRows<EventRow>(
      m,
      `SELECT max_participants, registered_count, offered_count, waitlist_offer_hours, starts_at, cancelled_at FROM events WHERE id = $1 FOR UPDATE`,
      [eventId],
    );
    const now = this.clock.now();
    if (!event || event.cancelled_at || new Date(event.starts_at).getTime() <= now.getTime()) return 0;
    const free = this.ledger.placesFree(capacityOf(event));
    if (free !== null && free <= 0) return 0;
    // The next people waiting; someone registered meanwhile (by a free place) is passed over.
    const next = await queryRows<{ id: string; user_id: string; email: string }>(
      m,
      `SELECT w.id, w.user_id, u.email FROM waitlist_entries w JOIN users u ON u.id = w.user_id
        WHERE w.event_id = $1 AND w.status = 'waiting'
          AND NOT EXISTS (SELECT 1 FROM registrations r WHERE r.event_id = w.event_id AND r.user_id = w.user_id)
        ORDER BY w.created_at, w.id
        LIMIT $2`,
      [eventId, free],
    );
    // Only people whose rows were locked before the event (the lock order); the rest wait for the next round.
    const chosen: typeof next = [];
    for (const candidate of next) {
      if (!locked.has(candidate.user_id)) break;
      chosen.push(candidate);
    }
    if (chosen.length < next.length) await this.queueOffers(m, eventId);
    if (!chosen.length) return 0;
    const expiresAt = offerEnds(now, event.waitlist_offer_hours, new Date(event.starts_at));
    const offered = new Set(await this.ledger.offer(m, eventId, chosen.map((c) => c.id), now, expiresAt));
    const made = chosen.filter((c) => offered.has(c.id));
    if (!made.length) return 0;
    await this.deliveries.plan(
      m,
      made.map((c) => ({ key: `${WAITLIST_MAILS.offer}:${c.id}`, kind: WAITLIST_MAILS.offer, userId: c.user_id, eventId, recipient: c.email, payload: { entryId: c.id } })),
    );
    const queueNow = await this.queueNow(m);
    for (const c of made) await this.scheduleExpiry(m, c.id, expiresAt, queueNow, false);
    this.logger.info('waiting list: places offered', { eventId, offers: made.length });
    return made.length;
  }

  /**
   * The expiry job of an offer, due when it runs out. The queue compares due times with the database's
   * clock, the service with its own: the job is due after the time the offer has left by the service
   * clock, counted from the queue's now (the same moment in production; in tests the clock is moved).
   */
  private async scheduleExpiry(m: EntityManager, entryId: string, expiresAt: Date, queueNow: { db: Date; service: Date }, replacing = true): Promise<void> {
    const left = Math.max(0, expiresAt.getTime() - queueNow.service.getTime());
    // A new offer has no job yet; a rescheduled one replaces its pending job (the one running now is not pending).
    if (replacing) await this.jobs.cancelPending(m, EXPIRY_JOB, entryId);
    await this.jobs.send(m, EXPIRY_JOB, { entryId }, { key: entryId, startAfter: new Date(queueNow.db.getTime() + left + 1_000) });
  }

  private async queueNow(m: EntityManager): Promise<{ db: Date; service: Date }> {
    const [row] = await queryRows<{ now: Date }>(m, `SELECT clock_timestamp() AS now`);
    return { db: new Date(row.now), service: this.clock.now() };
  }

  // ---------- mails ----------

  /** Builds a waiting-list mail when it is sent, in the person's language; one that no longer applies is skipped. */
  private async composeMail(d: Delivery): Promise<MailMessage | { skip: string }> {
    const entryId = String(d.payload.entryId ?? '');
    const [row] = await queryRows<{
      status: string; offer_expires_at: Date | null; name: string; language: string;
      event_id: string; title: string; starts_at: Date; date: string; end_date: string | null; end_time: string | null; location: string; cancelled_at: Date | null;
      translations: EventEntity['translations'];
    }>(
      this.dataSource,
      `SELECT w.status, w.offer_expires_at, u.name, u.language,
              e.id AS event_id, e.title, e.translations, e.starts_at, to_char(e.date, 'YYYY-MM-DD') AS date, to_char(e.end_date, 'YYYY-MM-DD') AS end_date, e.end_time, e.location, e.cancelled_at
         FROM waitlist_entries w JOIN users u ON u.id = w.user_id JOIN events e ON e.id = w.event_id
        WHERE w.id = $1`,
      [isUuid(entryId) ? entryId : null],
    );
    if (!row) return { skip: 'the entry, the person or the event is gone' };
    const language: MailLanguage = asLanguage(row.language);
    // The event's text in the person's language (English where it has none).
    const text = localize(eventText({ title: row.title, location: row.location, description: '', speaker: null, translations: row.translations }), language);
    const event: MailEvent = {
      id: row.event_id,
      title: text.title!,
      startsAt: new Date(row.starts_at),
      endsAt: row.end_time ? indiaInstant(row.end_date ?? row.date, row.end_time) : null,
      location: text.location!,
    };
    const base = { to: d.recipient, name: row.name, language, event, publicOrigin: this.publicOrigin };
    if (event.startsAt.getTime() <= this.clock.now().getTime()) return { skip: 'the event has started' };
    switch (d.kind) {
      case WAITLIST_MAILS.joined:
        if (row.cancelled_at || row.status !== 'waiting') return { skip: 'no longer waiting' };
        return waitlistJoinedMail({ ...base, position: Number(d.payload.position ?? 1) });
      case WAITLIST_MAILS.offer:
        if (row.cancelled_at || row.status !== 'offered' || !row.offer_expires_at) return { skip: 'the offer is no longer open' };
        return waitlistOfferMail({ ...base, acceptUrl: eventPageUrl(this.publicOrigin, row.event_id, language, { offer: 'accept' }), expiresAt: new Date(row.offer_expires_at) });
      case WAITLIST_MAILS.expired:
        if (row.cancelled_at) return { skip: 'the event was cancelled' };
        return waitlistOfferExpiredMail(base);
      default:
        return { skip: `unknown kind ${d.kind}` };
    }
  }
}
