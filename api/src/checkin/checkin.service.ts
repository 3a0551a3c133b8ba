import type { DataSource, EntityManager } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { Viewer } from '../common/access';
import { indiaDate, indiaInstant, type Clock } from '../common/clock';
import { DomainError, notFound, validationError } from '../common/errors';
import { PAGE_SIZE } from '../common/page';
import { queryRows } from '../common/sql';
import { isUuid, validateInput } from '../common/validate';
import type { EventEntity } from '../events/event.entity';
import type { EventService } from '../events/event.service';
import { toCsv, type CsvColumn } from '../exports/csv';
import type { RegistrationLedger } from '../registrations/registration-ledger';
import type { UserCategory } from '../users/user.entity';
import { checkInQrPng, checkInQrSvg, formatShortCode, parseCheckInInput } from './checkin-code';
import { CheckInInput, RegistrantSearchInput } from './checkin.types';
import type { SessionService } from '../sessions/session.service';
import { defaultSession } from '../sessions/session-rules';
import { sessionColumns } from '../sessions/session-csv';
import type { EventSessionEntity } from '../sessions/event-session.entity';

/** Attendance is recorded from the day of the event (India date) until this many days after its last day. */
export const ATTENDANCE_WINDOW_DAYS = 30;

export const CHECKIN_MESSAGES = {
  checkedIn: 'Checked in',
  already: 'Already checked in',
  undone: 'Check-in undone',
  notCheckedIn: 'This person was not checked in',
  codeOrPerson: 'Give either a check-in code or a person',
  badCode: 'That is not a check-in code (it looks like ABCD-2345)',
  unknownCode: 'Unknown check-in code (the registration may have been cancelled)',
  notRegistered: 'This person is not registered for this event',
  cancelled: 'This event has been cancelled.',
  unknownSession: 'This session is not one of this event\'s',
} as const;

export interface CheckInOutcome {
  success: true;
  message: string;
  userId: string;
  name: string;
  category: UserCategory;
  checkedInAt: Date | null;
  alreadyCheckedIn: boolean;
  sessionId: string;
}

export interface RegistrantRow {
  userId: string;
  name: string;
  email: string;
  phone: string | null;
  category: UserCategory;
  registeredAt: Date;
  checkedInAt: Date | null;
  attendedSessionIds: string[];
}

export interface MyCheckInRow {
  code: string;
  secret: string;
  checkedInAt: Date | null;
}

interface LockedRegistration {
  id: string;
  event_id: string;
  user_id: string;
  checked_in_at: Date | null;
  name: string;
  category: UserCategory;
}

const shiftDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const dateText = (d: unknown) => (typeof d === 'string' ? d : d instanceof Date ? d.toISOString().slice(0, 10) : String(d));
const toDate = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const REGISTRANT_SQL = `
  SELECT u.id AS "userId", u.name, u.email, u.phone, u.category, r.created_at AS "registeredAt", r.checked_in_at AS "checkedInAt",
         ARRAY(SELECT sa.session_id::text FROM session_attendance sa WHERE sa.registration_id = r.id ORDER BY sa.checked_in_at) AS "attendedSessionIds"
    FROM registrations r JOIN users u ON u.id = r.user_id`;

const toRegistrant = (r: Record<string, unknown>): RegistrantRow => ({
  userId: r.userId as string,
  name: r.name as string,
  email: r.email as string,
  phone: (r.phone as string | null) ?? null,
  category: r.category as UserCategory,
  registeredAt: new Date(r.registeredAt as string),
  checkedInAt: toDate(r.checkedInAt),
  attendedSessionIds: (r.attendedSessionIds as string[] | null) ?? [],
});

const ATTENDANCE_COLUMNS: CsvColumn<RegistrantRow>[] = [
  { header: 'name', value: (r) => r.name },
  { header: 'email', value: (r) => r.email },
  { header: 'phone', value: (r) => r.phone },
  { header: 'category', value: (r) => r.category },
  { header: 'registeredAt', value: (r) => r.registeredAt },
  { header: 'checkedInAt', value: (r) => r.checkedInAt },
];

/**
 * Check-in at the door and attendance. A registration's codes are made by the ledger with the row and
 * die with it (unregistering voids them). Admins record attendance from the event's day (India date)
 * until 30 days after its last day; a scan queued offline keeps its scan time when that is plausible.
 * Replays never double count: the earliest recorded time stands. Nothing here changes a public read.
 */
export class CheckInService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly events: EventService,
    private readonly audit: AuditService,
    private readonly ledger: RegistrationLedger,
    /** Attendance per session (the registration's check-in is the first at any of them). */
    private readonly sessions: SessionService,
  ) {}

  /** Checks a person in by code (short code or the QR's secret) or by user id. */
  async checkIn(actor: Viewer, eventId: string, raw: unknown): Promise<CheckInOutcome> {
    const input = await validateInput(CheckInInput, raw ?? {});
    if (!input.code === !input.userId) throw validationError(CHECKIN_MESSAGES.codeOrPerson, { code: CHECKIN_MESSAGES.codeOrPerson });
    const parsed = input.code ? parseCheckInInput(input.code) : null;
    if (input.code && !parsed) throw validationError(CHECKIN_MESSAGES.badCode, { code: CHECKIN_MESSAGES.badCode });
    const event = await this.events.get(eventId);
    const now = this.clock.now();
    const window = this.assertOpen(event, now);
    const at = input.scannedAt && input.scannedAt.getTime() >= window.from.getTime() && input.scannedAt.getTime() <= now.getTime() ? input.scannedAt : now;

    return this.dataSource.transaction(async (m) => {
      const reg = parsed ? await this.lockByCode(m, parsed.kind, parsed.value) : await this.lockByUser(m, eventId, input.userId!);
      if (!reg) throw notFound(parsed ? CHECKIN_MESSAGES.unknownCode : CHECKIN_MESSAGES.notRegistered);
      if (reg.event_id !== eventId) throw new DomainError('CHECKIN_OTHER_EVENT', await this.otherEventMessage(m, reg.event_id));
      const session = await this.sessionFor(m, event, input.sessionId, now);
      const before = toDate(reg.checked_in_at);
      const attendance = await this.sessions.recordAttendance(m, reg.id, session.id, at, actor.id);
      // The registration's own check-in is the first at any session ("came at least once").
      const recorded = await this.ledger.recordCheckIn(m, reg.id, at, actor.id);
      if (attendance.recorded || recorded) {
        await this.audit.record(
          actor,
          { action: 'registration.check-in', entityType: 'registration', entityId: eventId, before: { eventId, userId: reg.user_id, checkedInAt: before }, after: { eventId, userId: reg.user_id, sessionId: session.id, checkedInAt: attendance.checkedInAt, scannedAt: input.scannedAt ?? null } },
          m,
        );
      }
      return {
        success: true,
        message: attendance.recorded ? CHECKIN_MESSAGES.checkedIn : CHECKIN_MESSAGES.already,
        userId: reg.user_id,
        name: reg.name,
        category: reg.category,
        checkedInAt: attendance.checkedInAt,
        alreadyCheckedIn: !attendance.recorded,
        sessionId: session.id,
      };
    });
  }

  /** The session named (400 when it is not the event's), or the one running or next today, else the first. */
  private async sessionFor(m: EntityManager, event: EventEntity, sessionId: string | undefined, now: Date): Promise<EventSessionEntity> {
    const sessions = await this.sessions.ensure(m, event);
    if (!sessionId) return defaultSession(sessions, now);
    const found = sessions.find((x) => x.id === sessionId);
    if (!found) throw validationError(CHECKIN_MESSAGES.unknownSession, { sessionId: CHECKIN_MESSAGES.unknownSession });
    return found;
  }

  /** Undoes a mistaken check-in (within the same window); audited. */
  async undoCheckIn(actor: Viewer, eventId: string, userId: string, sessionId?: string): Promise<CheckInOutcome> {
    const event = await this.events.get(eventId);
    const now = this.clock.now();
    this.assertOpen(event, now);
    if (!isUuid(userId)) throw notFound(CHECKIN_MESSAGES.notRegistered);
    return this.dataSource.transaction(async (m) => {
      const reg = await this.lockByUser(m, eventId, userId);
      if (!reg) throw notFound(CHECKIN_MESSAGES.notRegistered);
      const session = await this.sessionFor(m, event, sessionId, now);
      const cleared = await this.sessions.clearAttendance(m, reg.id, session.id);
      // The registration's check-in stays the first of the sessions still attended; none left, none.
      const [first] = await queryRows<{ at: Date | string | null }>(m, `SELECT min(checked_in_at) AS at FROM session_attendance WHERE registration_id = $1`, [reg.id]);
      if (first?.at) await m.query(`UPDATE registrations SET checked_in_at = $2 WHERE id = $1`, [reg.id, first.at]);
      else if (cleared || reg.checked_in_at) await this.ledger.clearCheckIn(m, reg.id);
      const undone = cleared || (!first?.at && !!reg.checked_in_at);
      if (undone) {
        await this.audit.record(actor, { action: 'registration.check-in.undo', entityType: 'registration', entityId: eventId, before: { eventId, userId, sessionId: session.id, checkedInAt: toDate(reg.checked_in_at) }, after: { eventId, userId, sessionId: session.id, checkedInAt: toDate(first?.at ?? null) } }, m);
      }
      return { success: true, message: undone ? CHECKIN_MESSAGES.undone : CHECKIN_MESSAGES.notCheckedIn, userId, name: reg.name, category: reg.category, checkedInAt: null, alreadyCheckedIn: undone, sessionId: session.id };
    });
  }

  /** The door page's list: everyone registered, or those whose name or e-mail contains `search`. */
  async registrants(eventId: string, rawSearch?: unknown): Promise<RegistrantRow[]> {
    const { search } = await validateInput(RegistrantSearchInput, { search: rawSearch ?? undefined });
    await this.events.get(eventId);
    const rows = search
      ? await queryRows(this.dataSource, `${REGISTRANT_SQL} WHERE r.event_id = $1 AND (u.name ILIKE $2 OR u.email ILIKE $2) ORDER BY u.name, u.id LIMIT $3`, [eventId, likePattern(search), PAGE_SIZE.max])
      : await queryRows(this.dataSource, `${REGISTRANT_SQL} WHERE r.event_id = $1 ORDER BY u.name, u.id`, [eventId]);
    return rows.map(toRegistrant);
  }

  /** Registered, checked in, the rate, and who came in the order they arrived. */
  async attendance(eventId: string): Promise<{ eventId: string; registered: number; checkedIn: number; rate: number; attendees: RegistrantRow[] }> {
    await this.events.get(eventId);
    const [counts] = await queryRows<{ registered: number; checked_in: number }>(
      this.dataSource,
      `SELECT count(*)::int AS registered, count(checked_in_at)::int AS checked_in FROM registrations WHERE event_id = $1`,
      [eventId],
    );
    const attendees = (await queryRows(this.dataSource, `${REGISTRANT_SQL} WHERE r.event_id = $1 AND r.checked_in_at IS NOT NULL ORDER BY r.checked_in_at, u.id`, [eventId])).map(toRegistrant);
    const registered = Number(counts.registered);
    const checkedIn = Number(counts.checked_in);
    return { eventId, registered, checkedIn, rate: registered ? checkedIn / registered : 0, attendees };
  }

  /** Everyone registered (by name), with when they came; blank for those who did not. */
  async attendanceCsv(eventId: string): Promise<{ csv: string; title: string }> {
    const event = await this.events.get(eventId);
    const sessions = (await this.sessions.sessionsOf([event])).get(event.id) ?? [];
    return { csv: toCsv(await this.registrants(eventId), [...ATTENDANCE_COLUMNS, ...sessionColumns(sessions, (r: RegistrantRow) => r.attendedSessionIds)]), title: event.title };
  }

  /** The viewer's codes for each event id (null where not registered): one query for a list; none signed out. */
  async myCheckIns(viewer: Viewer | null, eventIds: readonly string[]): Promise<(MyCheckInRow | null)[]> {
    if (!viewer || !eventIds.length) return eventIds.map(() => null);
    const rows = await queryRows<{ event_id: string; checkin_code: string; checkin_secret: string; checked_in_at: Date | null }>(
      this.dataSource,
      `SELECT event_id, checkin_code, checkin_secret, checked_in_at FROM registrations WHERE user_id = $1 AND event_id = ANY($2::uuid[]) AND checkin_code IS NOT NULL`,
      [viewer.id, eventIds.filter(isUuid)],
    );
    const byEvent = new Map(rows.map((r) => [r.event_id, { code: formatShortCode(r.checkin_code), secret: r.checkin_secret, checkedInAt: toDate(r.checked_in_at) }]));
    return eventIds.map((id) => byEvent.get(id) ?? null);
  }

  /** The QR code of a secret as SVG (Event.myCheckIn.qrSvg). */
  qrSvg(secret: string): Promise<string> {
    return checkInQrSvg(secret);
  }

  /** What the confirmation mail shows: the short code and the QR code as a PNG; null without a registration. */
  async confirmationCode(userId: string, eventId: string): Promise<{ code: string; qrPng: Buffer } | null> {
    const [row] = await queryRows<{ checkin_code: string; checkin_secret: string }>(
      this.dataSource,
      `SELECT checkin_code, checkin_secret FROM registrations WHERE user_id = $1 AND event_id = $2 AND checkin_code IS NOT NULL`,
      [userId, eventId],
    );
    return row ? { code: formatShortCode(row.checkin_code), qrPng: await checkInQrPng(row.checkin_secret) } : null;
  }

  /** The window of attendance (from the event's day to 30 days after its last day, India dates); refuses outside it. */
  private assertOpen(event: EventEntity, now: Date): { from: Date; until: Date } {
    if (event.cancelledAt) throw new DomainError('EVENT_CANCELLED', CHECKIN_MESSAGES.cancelled);
    const first = dateText(event.date);
    const last = event.endDate ? dateText(event.endDate) : first;
    const lastOpen = shiftDays(last, ATTENDANCE_WINDOW_DAYS);
    const from = indiaInstant(first, '00:00');
    const until = indiaInstant(shiftDays(lastOpen, 1), '00:00');
    const today = indiaDate(now);
    if (today < first) throw new DomainError('ATTENDANCE_CLOSED', `Attendance can be recorded from the day of the event (${first})`);
    if (today > lastOpen) throw new DomainError('ATTENDANCE_CLOSED', `Attendance can no longer be recorded: that was possible until ${lastOpen}, ${ATTENDANCE_WINDOW_DAYS} days after the event`);
    return { from, until };
  }

  private async lockByCode(m: EntityManager, kind: 'code' | 'secret', value: string): Promise<LockedRegistration | null> {
    const column = kind === 'code' ? 'checkin_code' : 'checkin_secret';
    const [row] = await queryRows<LockedRegistration>(
      m,
      `SELECT r.id, r.event_id, r.user_id, r.checked_in_at, u.name, u.category FROM registrations r JOIN users u ON u.id = r.user_id WHERE r.${column} = $1 FOR NO KEY UPDATE OF r`,
      [value],
    );
    return row ?? null;
  }

  private async lockByUser(m: EntityManager, eventId: string, userId: string): Promise<LockedRegistration | null> {
    const [row] = await queryRows<LockedRegistration>(
      m,
      `SELECT r.id, r.event_id, r.user_id, r.checked_in_at, u.name, u.category FROM registrations r JOIN users u ON u.id = r.user_id WHERE r.event_id = $1 AND r.user_id = $2 FOR NO KEY UPDATE OF r`,
      [eventId, userId],
    );
    return row ?? null;
  }

  private async otherEventMessage(m: EntityManager, otherEventId: string): Promise<string> {
    const [other] = await queryRows<{ title: string; date: unknown }>(m, `SELECT title, date::text AS date FROM events WHERE id = $1`, [otherEventId]);
    return other ? `This check-in code belongs to another event: "${other.title}" on ${dateText(other.date)}` : 'This check-in code belongs to another event';
  }
}
