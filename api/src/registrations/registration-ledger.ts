import type { EntityManager } from 'typeorm';
import { queryRows } from '../common/sql';
import { topics, touched } from '../db/change-feed';

/** Why a place could not be taken. */
export type AddOutcome = 'added' | 'already' | 'full' | 'closed' | 'cancelled' | 'no-event' | 'no-user';

/**
 * The one owner of registration rows and of `events.registered_count`: registering, unregistering, an
 * admin removing someone, deleting a user (and later the waitlist's promotion) all come through here,
 * inside the caller's transaction, and every change names its event for the public read cache.
 *
 * Lock order, the same everywhere so concurrent operations cannot deadlock: user rows first, then the
 * events' rows in id order. Adding and removing take FOR KEY SHARE on the user (which the insert's
 * foreign key check would take anyway, only later: after the event), then the event, and only then touch
 * the registration row: an insert of a pair waits for an uncommitted delete of the same pair, so a
 * removal that deleted first and then waited for the event would deadlock with a registration holding
 * it. Deleting a user locks its row FOR UPDATE, which keeps every add and remove of theirs out, then
 * deletes their rows and changes the counts in event id order.
 */
export const registrationLedger = {
  /** Takes a place: within capacity and before the start, or says why not. The unique pair is the backstop. */
  async add(m: EntityManager, eventId: string, userId: string, now: Date): Promise<AddOutcome> {
    const user = await queryRows(m, `SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE`, [userId]);
    if (!user.length) return 'no-user';
    if (!(await changeCount(m, eventId, +1, now))) {
      const [event] = await queryRows<{ started: boolean; cancelled: boolean }>(m, `SELECT starts_at <= $2 AS started, cancelled_at IS NOT NULL AS cancelled FROM events WHERE id = $1`, [eventId, now]);
      if (!event) return 'no-event';
      if (await isRegistered(m, eventId, userId)) return 'already';
      return event.cancelled ? 'cancelled' : event.started ? 'closed' : 'full';
    }
    const inserted = await queryRows(
      m,
      `INSERT INTO registrations (event_id, user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (event_id, user_id) DO NOTHING RETURNING id`,
      [eventId, userId, now],
    );
    if (!inserted.length) {
      await changeCount(m, eventId, -1);
      return 'already';
    }
    return 'added';
  },

  /** Gives a place back; false when there was no such registration. */
  async remove(m: EntityManager, eventId: string, userId: string): Promise<boolean> {
    const user = await queryRows(m, `SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE`, [userId]);
    if (!user.length) return false; // deleted, and their registrations with them
    await m.query(`SELECT 1 FROM events WHERE id = $1 FOR NO KEY UPDATE`, [eventId]);
    const rows = await queryRows(m, `DELETE FROM registrations WHERE event_id = $1 AND user_id = $2 RETURNING id`, [eventId, userId]);
    if (rows.length) await changeCount(m, eventId, -1);
    return rows.length > 0;
  },

  /**
   * Before a user is deleted, with every user row the deletion changes already locked (the user's FOR
   * UPDATE): every registration of theirs goes, and each event's count with it.
   */
  async removeAllOf(m: EntityManager, userId: string): Promise<string[]> {
    await m.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    const rows = await queryRows<{ event_id: string }>(m, `DELETE FROM registrations WHERE user_id = $1 RETURNING event_id`, [userId]);
    const eventIds = rows.map((r) => r.event_id).sort();
    for (const eventId of eventIds) await changeCount(m, eventId, -1);
    return eventIds;
  },
};

/**
 * The only statement that changes `registered_count`. Adding a place is conditional: within capacity
 * and before the event starts (`openUntil`), in one UPDATE whose row lock serializes concurrent takers.
 */
async function changeCount(m: EntityManager, eventId: string, delta: 1 | -1, openAt?: Date): Promise<boolean> {
  const rows =
    delta > 0
      ? await queryRows(
          m,
          `UPDATE events SET registered_count = registered_count + 1
            WHERE id = $1 AND (max_participants IS NULL OR registered_count < max_participants) AND starts_at > $2 AND cancelled_at IS NULL
            RETURNING id`,
          [eventId, openAt],
        )
      : await queryRows(m, `UPDATE events SET registered_count = registered_count - 1 WHERE id = $1 AND registered_count > 0 RETURNING id`, [eventId]);
  if (rows.length) touched(m, topics.events, topics.event(eventId));
  return rows.length > 0;
}

async function isRegistered(m: EntityManager, eventId: string, userId: string): Promise<boolean> {
  return (await queryRows(m, `SELECT 1 FROM registrations WHERE event_id = $1 AND user_id = $2`, [eventId, userId])).length > 0;
}
