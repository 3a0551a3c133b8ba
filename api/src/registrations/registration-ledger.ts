import type { DataSource, EntityManager } from 'typeorm';
import { KeyedTurns } from '../common/keyed-turns';
import { queryRows } from '../common/sql';
import { checkInCodeSource } from '../checkin/checkin-code';
import { topics, touched } from '../db/change-feed';
import type { WebhookPlanner } from '../webhooks/webhook.service';
import { registrationPayload, waitlistPayload } from '../webhooks/webhook-payloads';

/** Why a place could not be taken. */
export type AddOutcome = 'added' | 'already' | 'full' | 'closed' | 'cancelled' | 'no-event' | 'no-user';

/** What became of accepting a held place (a waiting-list offer). */
export type AcceptOutcome = 'accepted' | 'already' | 'no-offer' | 'expired' | 'closed' | 'cancelled' | 'no-event' | 'no-user';

/**
 * Told, inside the transaction, that places may have become free on an event (the waiting list queues
 * its offer job). Given to the ledger at construction (services.ts).
 */
export interface PlacesFreedListener {
  placesFreed(m: EntityManager, eventId: string): Promise<void>;
  /** The event's waiting list was closed (cancelled or deleted): no offer is to be made any more. */
  waitlistClosed(m: EntityManager, eventId: string): Promise<void>;
}

/** The counts capacity is made of (an event entity has them). */
export interface CapacityCounts {
  maxParticipants: number | null;
  registeredCount: number;
  offeredCount: number;
}

/**
 * Places free: neither registered nor held by a waiting-list offer (below zero when a capacity was lowered
 * under them), or null when the event has no limit.
 */
export function placesFreeOf(event: CapacityCounts): number | null {
  return event.maxParticipants === null ? null : event.maxParticipants - event.registeredCount - (event.offeredCount ?? 0);
}

/**
 * The fairness rule, as reads show it: an event is full for someone not waiting when every free place is
 * due to a person already waiting (a freed place belongs to the waiting list, even before its offer job
 * has run, and so do the places an admin adds while anyone waits).
 */
export function isFullFor(event: CapacityCounts, waiting: number): boolean {
  const free = placesFreeOf(event);
  return free !== null && free <= waiting;
}

/**
 * The one owner of registration rows and of the two counts that capacity is made of:
 * `events.registered_count` (registrations) and `events.offered_count` (places held by live waiting-list
 * offers, `waitlist_entries.status = 'offered'`). Registering, unregistering, an admin removing someone,
 * deleting a user, and the waiting list's offers, acceptances and released offers all come through here,
 * inside the caller's transaction; every change names its event for the public read cache. The CHECK
 * `events_capacity` (registered + offered <= max) is the backstop of the conditional statements here.
 *
 * Lock order, the same everywhere so concurrent operations cannot deadlock: user rows first, then the
 * events' rows in id order, and only then registration and waiting-list rows. Adding and removing take
 * FOR KEY SHARE on the user (which the insert's foreign key check would take anyway, only later: after the
 * event), then the event, and only then touch the registration row: an insert of a pair waits for an
 * uncommitted delete of the same pair, so a removal that deleted first and then waited for the event would
 * deadlock with a registration holding it. Deleting a user locks its row FOR UPDATE, which keeps every add
 * and remove of theirs out, then deletes their rows and changes the counts in event id order. The waiting
 * list's offer job locks the users it may offer to before the event (waitlist.service.ts).
 */
export class RegistrationLedger {
  private readonly turns = new KeyedTurns();

  /** webhooks: every registration, cancellation, offer, acceptance and check-in is planned for the endpoints that want it, in the same transaction. */
  constructor(private readonly freed: PlacesFreedListener, private readonly webhooks: WebhookPlanner) {}

  /**
   * Runs `work` (a transaction that locks the event's row to take or ask for a place) when this process
   * has no other such work on the same event running. At an opening rush the place-takers then wait here,
   * in memory, instead of each holding a pooled connection while it queues for the event's row: a process
   * keeps at most one connection waiting on that row, and its other requests are not starved of the pool.
   * The row lock still decides between processes; the turn only orders this process's own attempts.
   */
  placeTurn<T>(eventId: string, work: () => Promise<T>): Promise<T> {
    return this.turns.run(eventId, work);
  }

  /**
   * The capacity rule, for reads and checks outside the ledger's own statements: the places of an event
   * neither registered nor held by a waiting-list offer (below zero when a capacity was lowered under
   * them), or null when it has no limit. The statements below apply the same rule in SQL, under the
   * event's row lock.
   */
  placesFree(event: CapacityCounts): number | null {
    return placesFreeOf(event);
  }

  /**
   * Takes a place: within capacity (places held by offers count), not due to someone waiting, and before
   * the start, or says why not ('full'). The unique pair is the backstop. A person holding a live offer
   * for the event takes the held place (as accepting it would); one still waiting may take a free place
   * that is not due to someone ahead of them, and leaves the waiting list with their registration.
   *
   * The fairness rule (a freed place belongs to the people waiting): a place is taken only while the
   * places free outnumber the people waiting ahead of the taker (everyone waiting, for someone not on the
   * list). It holds in the gap between a place freeing and the offer job running, and after an admin
   * raises the capacity. The event's row is locked first: every change of who waits (joining, leaving,
   * an offer) holds that lock, so the count read next, in a new statement, is the committed one.
   */
  async add(m: EntityManager, eventId: string, userId: string, now: Date): Promise<AddOutcome> {
    const user = await queryRows(m, `SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE`, [userId]);
    if (!user.length) return 'no-user';
    // A look first, without a lock: at a full event most attempts end here, without queueing for the
    // event's row behind the ones that take the last places. It also says whether they hold an offer.
    const seen = await look(m, eventId, userId, now);
    if (seen?.offered) {
      const accepted = await this.accept(m, eventId, userId, now);
      if (accepted === 'accepted' || accepted === 'already') return accepted === 'accepted' ? 'added' : 'already';
      if (accepted === 'closed' || accepted === 'cancelled' || accepted === 'no-event' || accepted === 'no-user') return accepted;
      // The offer ran out meanwhile: a place of the ordinary kind, if there is one.
    }
    const refused = refusalOf(seen);
    if (refused) return refused;
    await m.query(`SELECT 1 FROM events WHERE id = $1 FOR NO KEY UPDATE`, [eventId]);
    const taken = await takePlace(m, eventId, userId, now);
    if (!taken) {
      const [event] = await queryRows<{ started: boolean; cancelled: boolean }>(m, `SELECT starts_at <= $2 AS started, cancelled_at IS NOT NULL AS cancelled FROM events WHERE id = $1`, [eventId, now]);
      if (!event) return 'no-event';
      if (await isRegistered(m, eventId, userId)) return 'already';
      return event.cancelled ? 'cancelled' : event.started ? 'closed' : 'full';
    }
    if (!(await insertRegistration(m, eventId, userId, now))) {
      await changeCount(m, eventId, -1);
      return 'already';
    }
    // Registered: off the waiting list (the event's row is locked by the count change above, so no offer
    // changes meanwhile). An offer made to them since they looked gives its held place back. Most
    // people were never on it (takePlace saw that under the lock): no statement for them.
    const resolved = !taken.listed ? [] : await queryRows<{ status: string }>(
      m,
      `UPDATE waitlist_entries w SET status = 'accepted', resolved_at = $3
         FROM (SELECT id, status FROM waitlist_entries WHERE event_id = $1 AND user_id = $2 AND status IN ('waiting', 'offered')) old
        WHERE w.id = old.id
        RETURNING old.status`,
      [eventId, userId, now],
    );
    if (resolved.some((r) => r.status === 'offered')) {
      await m.query(`UPDATE events SET offered_count = offered_count - 1 WHERE id = $1`, [eventId]);
      await this.placesFreed(m, eventId);
    }
    await this.webhooks.plan(m, 'registration.created', () => registrationPayload(m, eventId, userId));
    return 'added';
  }

  /**
   * Why this person cannot take a place now, from one read without locks (one statement: one consistent
   * moment, so the answer is true of that moment): no such event, registered already, cancelled, started,
   * or full under the fairness rule; null when a place may be free (or they hold an offer), which only
   * add() can settle. Also used before a registration's transaction (RegistrationService.register).
   */
  async refusal(db: EntityManager | DataSource, eventId: string, userId: string, now: Date): Promise<AddOutcome | null> {
    return refusalOf(await look(db, eventId, userId, now));
  }

  /** Gives a place back (its check-in codes go with the row: void); false when there was no such registration. The waiting list hears of the free place. */
  async remove(m: EntityManager, eventId: string, userId: string): Promise<boolean> {
    const user = await queryRows(m, `SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE`, [userId]);
    if (!user.length) return false; // deleted, and their registrations with them
    await m.query(`SELECT 1 FROM events WHERE id = $1 FOR NO KEY UPDATE`, [eventId]);
    const rows = await queryRows<{ id: string }>(m, `DELETE FROM registrations WHERE event_id = $1 AND user_id = $2 RETURNING id`, [eventId, userId]);
    if (rows.length && (await changeCount(m, eventId, -1))) await this.placesFreed(m, eventId);
    if (rows.length) await this.webhooks.plan(m, 'registration.cancelled', () => registrationPayload(m, eventId, userId, rows[0].id));
    return rows.length > 0;
  }

  /**
   * Before a user is deleted, with every user row the deletion changes already locked (the user's FOR
   * UPDATE): every registration of theirs goes, and so do their live waiting-list entries (a held place
   * is given back); each event's counts change with them, in event id order.
   */
  async removeAllOf(m: EntityManager, userId: string): Promise<string[]> {
    await m.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    const registered = await queryRows<{ id: string; event_id: string }>(m, `DELETE FROM registrations WHERE user_id = $1 RETURNING id, event_id`, [userId]);
    if (registered.length) await this.webhooks.planMany(m, 'registration.cancelled', () => Promise.all(registered.map((r) => registrationPayload(m, r.event_id, userId, r.id))));
    const entries = await queryRows<{ event_id: string; status: string }>(
      m,
      `DELETE FROM waitlist_entries WHERE user_id = $1 AND status IN ('waiting', 'offered') RETURNING event_id, status`,
      [userId],
    );
    const freed = new Map<string, { registrations: number; offers: number }>();
    for (const r of registered) {
      const f = freed.get(r.event_id) ?? { registrations: 0, offers: 0 };
      f.registrations++;
      freed.set(r.event_id, f);
    }
    for (const e of entries) {
      const f = freed.get(e.event_id) ?? { registrations: 0, offers: 0 };
      if (e.status === 'offered') f.offers++;
      freed.set(e.event_id, f);
    }
    for (const eventId of [...freed.keys()].sort()) {
      const f = freed.get(eventId)!;
      touched(m, topics.events, topics.event(eventId)); // a waiting person gone changes the waiting count
      if (!f.registrations && !f.offers) continue;
      await m.query(
        `UPDATE events SET registered_count = registered_count - $2, offered_count = offered_count - $3 WHERE id = $1`,
        [eventId, f.registrations, f.offers],
      );
      await this.placesFreed(m, eventId);
    }
    return registered.map((r) => r.event_id).sort();
  }

  /**
   * Offers held places to waiting entries (waiting → offered, in the order given): as many as are free,
   * in one conditional statement on the event, so registered + offered never exceeds the capacity. The
   * caller holds the event's row lock and has chosen the entries (the next people in the queue). Returns
   * the entries offered.
   */
  async offer(m: EntityManager, eventId: string, entryIds: string[], now: Date, expiresAt: Date): Promise<string[]> {
    if (!entryIds.length) return [];
    const [held] = await queryRows<{ n: number }>(
      m,
      `UPDATE events SET offered_count = offered_count + $2
        WHERE id = $1 AND (max_participants IS NULL OR registered_count + offered_count + $2 <= max_participants)
          AND starts_at > $3 AND cancelled_at IS NULL
        RETURNING $2::int AS n`,
      [eventId, entryIds.length, now],
    );
    if (!held) return [];
    const offered = await queryRows<{ id: string }>(
      m,
      `UPDATE waitlist_entries SET status = 'offered', offered_at = $3, offer_expires_at = $4
        WHERE id = ANY($2::uuid[]) AND event_id = $1 AND status = 'waiting'
        RETURNING id`,
      [eventId, entryIds, now, expiresAt],
    );
    // Entries that left meanwhile (the caller's choice was made under the same lock, so none should) give their places back.
    if (offered.length < entryIds.length) await m.query(`UPDATE events SET offered_count = offered_count - $2 WHERE id = $1`, [eventId, entryIds.length - offered.length]);
    touched(m, topics.events, topics.event(eventId));
    if (offered.length) await this.webhooks.planMany(m, 'waitlist.offered', () => Promise.all(offered.map((r) => waitlistPayload(m, r.id))));
    const ids = new Set(offered.map((r) => r.id));
    return entryIds.filter((id) => ids.has(id));
  }

  /**
   * Takes the place an offer holds: the held place becomes a registration in one statement on the event
   * (registered + 1, offered − 1), the registration row is added and the entry is accepted. Only a live
   * offer of this person, before the start of an event that is not cancelled.
   */
  async accept(m: EntityManager, eventId: string, userId: string, now: Date): Promise<AcceptOutcome> {
    const user = await queryRows(m, `SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE`, [userId]);
    if (!user.length) return 'no-user';
    // The event first: every change of an offer of this event holds this lock, so what is read next stays true.
    const [event] = await queryRows<{ started: boolean; cancelled: boolean }>(
      m,
      `SELECT starts_at <= $2 AS started, cancelled_at IS NOT NULL AS cancelled FROM events WHERE id = $1 FOR NO KEY UPDATE`,
      [eventId, now],
    );
    if (!event) return 'no-event';
    const [entry] = await queryRows<{ id: string; live: boolean }>(
      m,
      `SELECT id, offer_expires_at > $3 AS live FROM waitlist_entries WHERE event_id = $1 AND user_id = $2 AND status = 'offered'`,
      [eventId, userId, now],
    );
    if (!entry) return 'no-offer';
    if (!entry.live) return 'expired';
    if (event.cancelled) return 'cancelled';
    if (event.started) return 'closed';
    await m.query(`UPDATE events SET registered_count = registered_count + 1, offered_count = offered_count - 1 WHERE id = $1`, [eventId]);
    await m.query(`UPDATE waitlist_entries SET status = 'accepted', resolved_at = $2 WHERE id = $1`, [entry.id, now]);
    touched(m, topics.events, topics.event(eventId));
    await this.webhooks.plan(m, 'waitlist.accepted', () => waitlistPayload(m, entry.id));
    if (await insertRegistration(m, eventId, userId, now)) {
      await this.webhooks.plan(m, 'registration.created', () => registrationPayload(m, eventId, userId));
      return 'accepted';
    }
    // Registered already (an offer made before their registration was seen): the held place is free again.
    await changeCount(m, eventId, -1);
    await this.placesFreed(m, eventId);
    return 'already';
  }

  /**
   * An offer given up (declined, or the person left) or run out: the entry is resolved with that status
   * and its held place is free again. The caller holds the event's row lock, and decides how the free
   * place is offered on (the offer job, or at once). False when the entry held no offer.
   */
  async release(m: EntityManager, eventId: string, entryId: string, status: 'declined' | 'expired', now: Date): Promise<boolean> {
    const rows = await queryRows(
      m,
      `UPDATE waitlist_entries SET status = $3, resolved_at = $4 WHERE id = $2 AND event_id = $1 AND status = 'offered' RETURNING id`,
      [eventId, entryId, status, now],
    );
    if (!rows.length) return false;
    await m.query(`UPDATE events SET offered_count = offered_count - 1 WHERE id = $1`, [eventId]);
    touched(m, topics.events, topics.event(eventId));
    return true;
  }

  /**
   * Check-in at the door (no count, no public read changes): records `at` as the check-in time unless an
   * earlier one is recorded already, so a replay never moves the time later. The new time, or null when
   * nothing changed.
   */
  async recordCheckIn(m: EntityManager, registrationId: string, at: Date, by: string | null): Promise<Date | null> {
    const [row] = await queryRows<{ checked_in_at: Date; event_id: string; user_id: string }>(
      m,
      `UPDATE registrations SET checked_in_at = $2, checked_in_by = $3 WHERE id = $1 AND (checked_in_at IS NULL OR checked_in_at > $2) RETURNING checked_in_at, event_id, user_id`,
      [registrationId, at, by],
    );
    if (row) await this.webhooks.plan(m, 'checkin.created', () => registrationPayload(m, row.event_id, row.user_id));
    return row ? new Date(row.checked_in_at) : null;
  }

  /** Undoes a check-in; false when the registration was not checked in. */
  async clearCheckIn(m: EntityManager, registrationId: string): Promise<boolean> {
    const rows = await queryRows(m, `UPDATE registrations SET checked_in_at = NULL, checked_in_by = NULL WHERE id = $1 AND checked_in_at IS NOT NULL RETURNING id`, [registrationId]);
    return rows.length > 0;
  }

  /**
   * The event moved to start earlier (an admin's edit, in its transaction, holding the event's row lock):
   * no live offer holds its place past the new start. (Their expiry jobs may run later than that; by
   * then the event has started, so nothing can be accepted or offered on.)
   */
  async endOffersBy(m: EntityManager, eventId: string, startsAt: Date): Promise<void> {
    const rows = await queryRows(
      m,
      `UPDATE waitlist_entries SET offer_expires_at = $2 WHERE event_id = $1 AND status = 'offered' AND offer_expires_at > $2 RETURNING id`,
      [eventId, startsAt],
    );
    if (rows.length) touched(m, topics.events, topics.event(eventId));
  }

  /**
   * The event is cancelled or about to be deleted (the admin's transaction, holding the event's row lock,
   * after the cancellation mails were planned: they tell the people waiting). Its waiting list closes:
   * every live entry is 'closed', the places held by offers are given back (nobody can take them), the
   * count shows 0 and no offer is made. Returns how many entries were closed.
   */
  async closeWaitlist(m: EntityManager, eventId: string, now: Date): Promise<number> {
    const closed = await queryRows<{ status: string }>(
      m,
      `UPDATE waitlist_entries w SET status = 'closed', resolved_at = $2
         FROM (SELECT id, status FROM waitlist_entries WHERE event_id = $1 AND status IN ('waiting', 'offered')) old
        WHERE w.id = old.id
        RETURNING old.status`,
      [eventId, now],
    );
    const offers = closed.filter((c) => c.status === 'offered').length;
    if (offers) await m.query(`UPDATE events SET offered_count = offered_count - $2 WHERE id = $1`, [eventId, offers]);
    if (closed.length) touched(m, topics.events, topics.event(eventId));
    await this.freed.waitlistClosed(m, eventId);
    return closed.length;
  }

  /** Capacity raised or removed (an admin's edit, in its transaction): the waiting list hears of it. */
  capacityRaised(m: EntityManager, eventId: string): Promise<void> {
    return this.placesFreed(m, eventId);
  }

  /** Tells the waiting list, inside the transaction, that places may be free on an event. */
  private placesFreed(m: EntityManager, eventId: string): Promise<void> {
    return this.freed.placesFreed(m, eventId);
  }
}

/** What one read without locks sees of an event for one person (undefined: no such event). */
interface Seen {
  started: boolean;
  cancelled: boolean;
  registered: boolean;
  offered: boolean;
  full: boolean;
}

/** One statement: one consistent moment, so what it says is true of that moment. */
async function look(db: EntityManager | DataSource, eventId: string, userId: string, now: Date): Promise<Seen | undefined> {
  const [seen] = await queryRows<Seen>(
    db,
    `SELECT e.starts_at <= $3 AS started, e.cancelled_at IS NOT NULL AS cancelled,
            EXISTS (SELECT 1 FROM registrations r WHERE r.event_id = e.id AND r.user_id = $2) AS registered,
            EXISTS (SELECT 1 FROM waitlist_entries o WHERE o.event_id = e.id AND o.user_id = $2 AND o.status = 'offered') AS offered,
            (e.max_participants IS NOT NULL AND e.registered_count + e.offered_count + ${waitingAhead('$1', '$2')} >= e.max_participants) AS full
       FROM events e WHERE e.id = $1`,
    [eventId, userId, now],
  );
  return seen;
}

/** Why what was seen refuses a place: no event, registered already, cancelled, started, or full (unless they hold an offer). */
function refusalOf(seen: Seen | undefined): AddOutcome | null {
  if (!seen) return 'no-event';
  if (seen.registered) return 'already';
  if (seen.cancelled) return 'cancelled';
  if (seen.started) return 'closed';
  if (seen.full && !seen.offered) return 'full';
  return null;
}

/** SQL: how many people wait ahead of this person for this event (everyone waiting, for someone not on the list). */
const waitingAhead = (event: string, user: string) => `(
  SELECT count(*) FROM waitlist_entries w
   WHERE w.event_id = ${event} AND w.status = 'waiting' AND w.user_id <> ${user}
     AND NOT EXISTS (SELECT 1 FROM waitlist_entries me
                      WHERE me.event_id = ${event} AND me.user_id = ${user} AND me.status = 'waiting' AND (me.created_at, me.id) < (w.created_at, w.id)))`;

/**
 * Registers one more, under the fairness rule (RegistrationLedger.add): within capacity counting places
 * held by offers, with more places free than people waiting ahead of the taker, before the start and not
 * cancelled, in one UPDATE. The caller holds the event's row lock (so what the statement reads is the
 * committed state). Null when no place was taken; else whether the taker has a live waiting-list entry.
 */
async function takePlace(m: EntityManager, eventId: string, userId: string, openAt: Date): Promise<{ listed: boolean } | null> {
  const [row] = await queryRows<{ listed: boolean }>(
    m,
    `UPDATE events e SET registered_count = registered_count + 1
      WHERE e.id = $1 AND e.starts_at > $2 AND e.cancelled_at IS NULL
        AND (e.max_participants IS NULL OR e.registered_count + e.offered_count + ${waitingAhead('$1', '$3')} < e.max_participants)
      RETURNING EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.event_id = $1 AND w.user_id = $3 AND w.status IN ('waiting', 'offered')) AS listed`,
    [eventId, openAt, userId],
  );
  if (row) touched(m, topics.events, topics.event(eventId));
  return row ?? null;
}

/** Gives one registered place back (the registration row is gone); false when the count was 0 already. */
async function changeCount(m: EntityManager, eventId: string, delta: -1): Promise<boolean> {
  const rows = await queryRows(m, `UPDATE events SET registered_count = registered_count + $2 WHERE id = $1 AND registered_count > 0 RETURNING id`, [eventId, delta]);
  if (rows.length) touched(m, topics.events, topics.event(eventId));
  return rows.length > 0;
}

/**
 * The registration row, with its check-in codes (random, unique: checkin/checkin-code.ts) in the same
 * INSERT. False when the pair is registered already. Any unique conflict skips the insert (no error, so
 * the transaction lives on); when the pair is not there, the conflict was a drawn code taken by another
 * registration, and the codes are drawn again.
 */
async function insertRegistration(m: EntityManager, eventId: string, userId: string, now: Date): Promise<boolean> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const { secret, code } = checkInCodeSource.draw();
    const inserted = await queryRows(
      m,
      `INSERT INTO registrations (event_id, user_id, created_at, checkin_secret, checkin_code) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
      [eventId, userId, now, secret, code],
    );
    if (inserted.length) return true;
    if (await isRegistered(m, eventId, userId)) return false;
  }
  throw new Error('could not draw a unique check-in code');
}

async function isRegistered(m: EntityManager, eventId: string, userId: string): Promise<boolean> {
  return (await queryRows(m, `SELECT 1 FROM registrations WHERE event_id = $1 AND user_id = $2`, [eventId, userId])).length > 0;
}
