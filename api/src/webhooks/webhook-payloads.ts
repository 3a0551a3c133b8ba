import type { EntityManager } from 'typeorm';
import { queryRows } from '../common/sql';
import type { EventEntity } from '../events/event.entity';

/**
 * The resources webhooks carry, in the REST shape (`_id` and `id`, camelCase, ISO dates), built inside
 * the transaction of the change, so the payload is what was committed. Described for integrators in the
 * OpenAPI document's `x-webhooks` (webhook.admin.rest.ts).
 */

export const eventPayload = (e: EventEntity) => ({
  _id: e.id,
  id: e.id,
  title: e.title,
  description: e.description,
  category: e.category,
  date: e.date,
  time: e.time,
  endDate: e.endDate,
  endTime: e.endTime,
  startsAt: e.startsAt,
  location: e.location,
  speaker: e.speaker,
  externalLink: e.externalLink,
  maxParticipants: e.maxParticipants,
  registeredCount: e.registeredCount,
  cancelledAt: e.cancelledAt,
  translations: e.translations,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
});

interface RegistrationRow {
  id: string | null;
  event_id: string;
  user_id: string;
  created_at: Date | null;
  checked_in_at: Date | null;
  name: string;
  email: string;
  phone: string | null;
  category: string;
  title: string;
  starts_at: Date;
}

/**
 * A registration with its person and event (the registration's own fields are null once it is gone, for
 * registration.cancelled, except its id when the caller knows it).
 */
export async function registrationPayload(m: EntityManager, eventId: string, userId: string, registrationId?: string) {
  const [r] = await queryRows<RegistrationRow>(
    m,
    `SELECT r.id, e.id AS event_id, u.id AS user_id, r.created_at, r.checked_in_at, u.name, u.email, u.phone, u.category, e.title, e.starts_at
       FROM users u CROSS JOIN events e LEFT JOIN registrations r ON r.event_id = e.id AND r.user_id = u.id
      WHERE u.id = $2 AND e.id = $1`,
    [eventId, userId],
  );
  if (!r) return { _id: registrationId ?? null, id: registrationId ?? null, eventId, userId };
  const id = r.id ?? registrationId ?? null;
  return {
    _id: id,
    id,
    eventId: r.event_id,
    userId: r.user_id,
    createdAt: r.created_at ? new Date(r.created_at) : null,
    checkedInAt: r.checked_in_at ? new Date(r.checked_in_at) : null,
    user: { _id: r.user_id, id: r.user_id, name: r.name, email: r.email, phone: r.phone, category: r.category },
    event: { _id: r.event_id, id: r.event_id, title: r.title, startsAt: new Date(r.starts_at) },
  };
}

/** A waiting-list entry with its person and event. */
export async function waitlistPayload(m: EntityManager, entryId: string) {
  const [w] = await queryRows<{ id: string; event_id: string; user_id: string; status: string; created_at: Date; offered_at: Date | null; offer_expires_at: Date | null; resolved_at: Date | null; name: string; email: string; title: string; starts_at: Date }>(
    m,
    `SELECT w.id, w.event_id, w.user_id, w.status, w.created_at, w.offered_at, w.offer_expires_at, w.resolved_at, u.name, u.email, e.title, e.starts_at
       FROM waitlist_entries w JOIN users u ON u.id = w.user_id JOIN events e ON e.id = w.event_id
      WHERE w.id = $1`,
    [entryId],
  );
  if (!w) return { _id: entryId, id: entryId };
  const date = (v: Date | null) => (v ? new Date(v) : null);
  return {
    _id: w.id, id: w.id, eventId: w.event_id, userId: w.user_id, status: w.status,
    createdAt: new Date(w.created_at), offeredAt: date(w.offered_at), offerExpiresAt: date(w.offer_expires_at), resolvedAt: date(w.resolved_at),
    user: { _id: w.user_id, id: w.user_id, name: w.name, email: w.email },
    event: { _id: w.event_id, id: w.event_id, title: w.title, startsAt: new Date(w.starts_at) },
  };
}
