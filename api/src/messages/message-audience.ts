import type { MessageSegment } from './message.entity';

/**
 * The people of a segment of some events, as SQL: `$1` is the events' ids (uuid[]). "Attended" is a
 * check-in at the door (registrations.checked_in_at), "absent" a registration without one; "waiting" the
 * live entries of the waiting lists (waiting, or offered a place not yet taken).
 */
export function segmentUserIds(segment: MessageSegment): string {
  switch (segment) {
    case 'registered':
      return `SELECT r.user_id FROM registrations r WHERE r.event_id = ANY($1::uuid[])`;
    case 'attended':
      return `SELECT r.user_id FROM registrations r WHERE r.event_id = ANY($1::uuid[]) AND r.checked_in_at IS NOT NULL`;
    case 'absent':
      return `SELECT r.user_id FROM registrations r WHERE r.event_id = ANY($1::uuid[]) AND r.checked_in_at IS NULL`;
    case 'waiting':
      return `SELECT w.user_id FROM waitlist_entries w WHERE w.event_id = ANY($1::uuid[]) AND w.status IN ('waiting', 'offered')`;
  }
}

/**
 * Distinct people of the segment, as users rows `u`; with `$2` true (news) without those who turned news
 * off. `$1` is the events' ids.
 */
export function audienceFrom(segment: MessageSegment): string {
  return `users u WHERE u.id IN (${segmentUserIds(segment)})
            AND NOT ($2::boolean AND EXISTS (SELECT 1 FROM news_opt_outs n WHERE n.user_id = u.id))`;
}
