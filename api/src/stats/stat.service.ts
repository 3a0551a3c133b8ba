import type { DataSource } from 'typeorm';
import { indiaDate, type Clock } from '../common/clock';
import { validationError } from '../common/errors';
import { FreshCoalescer } from '../common/fresh-coalescer';
import { EventEntity } from '../events/event.entity';
import { UserEntity } from '../users/user.entity';

export const RECENT_DAYS = 7;
export const RECENT_LIMIT = 20;
export const UPCOMING_LIMIT = 10;

export interface CategoryCountRow {
  category: string;
  count: number;
}
export interface UserCounts {
  total: number;
  thisMonth: number;
  thisYear: number;
  active: number;
  pending: number;
  byCategory: CategoryCountRow[];
}
export interface EventCounts {
  total: number;
  upcoming: number;
  active: number;
  thisMonth: number;
  thisYear: number;
  byCategory: CategoryCountRow[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar month and year around "now", in India time, as instants (users) and dates (events). */
function periods(now: Date) {
  const today = indiaDate(now);
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const monthFrom = `${y}-${pad(m)}-01`;
  const monthTo = m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`;
  const yearFrom = `${y}-01-01`;
  const yearTo = `${y + 1}-01-01`;
  return { today, monthFrom, monthTo, yearFrom, yearTo };
}

/**
 * Every user count from user_counts (users per category, status and India month of creation, kept exact
 * by triggers: see the user-counts migration), so the dashboard never scans users.
 * $p is this month's first day, $p+1 and $p+2 this year's bounds.
 */
const userCountsSql = (p: number) => `
  SELECT coalesce(sum(n), 0)::int AS total,
         coalesce(sum(n) FILTER (WHERE month = $${p}::date), 0)::int AS this_month,
         coalesce(sum(n) FILTER (WHERE month >= $${p + 1}::date AND month < $${p + 2}::date), 0)::int AS this_year,
         coalesce(sum(n) FILTER (WHERE status IN ('active', 'approved')), 0)::int AS active,
         coalesce(sum(n) FILTER (WHERE status = 'pending'), 0)::int AS pending,
         (SELECT coalesce(json_agg(json_build_object('category', c.category, 'count', c.n) ORDER BY c.category), '[]'::json)
            FROM (SELECT category, sum(n)::int AS n FROM user_counts GROUP BY category HAVING sum(n) > 0) c) AS by_category
    FROM user_counts`;

/** Every event count; each date range is an index range count (events_date), by category a grouped index scan. */
const eventCountsSql = (p: number) => `
  SELECT (SELECT count(*) FROM events)::int AS total,
         (SELECT count(*) FROM events WHERE date > $${p}::date)::int AS upcoming,
         (SELECT count(*) FROM events WHERE date = $${p}::date)::int AS active,
         (SELECT count(*) FROM events WHERE date >= $${p + 1}::date AND date < $${p + 2}::date)::int AS this_month,
         (SELECT count(*) FROM events WHERE date >= $${p + 3}::date AND date < $${p + 4}::date)::int AS this_year,
         (SELECT coalesce(json_agg(json_build_object('category', c.category, 'count', c.n) ORDER BY c.category), '[]'::json)
            FROM (SELECT category, count(*)::int AS n FROM events GROUP BY category) c) AS by_category`;

/** People waiting (each once) on the waiting list of an event that has not started and is not cancelled; $p is now. */
const peopleWaitingSql = (p: number) => `
  SELECT count(DISTINCT w.user_id)::int FROM waitlist_entries w JOIN events e ON e.id = w.event_id
   WHERE w.status = 'waiting' AND e.starts_at > $${p}::timestamptz AND e.cancelled_at IS NULL`;

/** Days back the dashboard's attendance looks (events that started in them and have ended, not cancelled). */
export const ATTENDANCE_DAYS = 30;

export interface AttendanceCounts {
  events: number;
  registered: number;
  checkedIn: number;
  rate: number;
}

/** Check-ins at the events running now (started, not ended, not cancelled), apart from the ended ones' rate. */
export interface RunningAttendanceCounts {
  events: number;
  registered: number;
  checkedIn: number;
}

/**
 * When an event ends, in SQL (as certificates' eventEndsAt): its end date (or start date) at its end time,
 * or the end of that day when it has no end time, in India time (UTC+05:30, no daylight saving).
 */
const eventEndsAtSql = (e: string) => `
  ((coalesce(${e}.end_date, ${e}.date) + CASE WHEN ${e}.end_time IS NULL THEN interval '1 day' ELSE ${e}.end_time::time - time '00:00' END
    - interval '5 hours 30 minutes') AT TIME ZONE 'UTC')`;

/**
 * Attendance of the events that started in the last 30 days and have ended ($p: the first India date,
 * $p+1: now): a running event's door is still open, so it is counted apart (runningAttendanceSql).
 */
const attendanceSql = (p: number) => `
  SELECT json_build_object('events', count(DISTINCT e.id), 'registered', count(r.id), 'checkedIn', count(r.checked_in_at))
    FROM events e LEFT JOIN registrations r ON r.event_id = e.id
   WHERE e.date >= $${p}::date AND ${eventEndsAtSql('e')} <= $${p + 1}::timestamptz AND e.cancelled_at IS NULL`;

/** The events running now ($p: now): started, not ended, not cancelled. */
const runningAttendanceSql = (p: number) => `
  SELECT json_build_object('events', count(DISTINCT e.id), 'registered', count(r.id), 'checkedIn', count(r.checked_in_at))
    FROM events e LEFT JOIN registrations r ON r.event_id = e.id
   WHERE e.starts_at <= $${p}::timestamptz AND ${eventEndsAtSql('e')} > $${p}::timestamptz AND e.cancelled_at IS NULL`;

type Row = Record<string, unknown>;
const toAttendance = (v: unknown): AttendanceCounts => {
  const o = (typeof v === 'string' ? JSON.parse(v) : v) as { events?: unknown; registered?: unknown; checkedIn?: unknown } | null;
  const registered = Number(o?.registered ?? 0);
  const checkedIn = Number(o?.checkedIn ?? 0);
  return { events: Number(o?.events ?? 0), registered, checkedIn, rate: registered ? checkedIn / registered : 0 };
};
const toRunning = (v: unknown): RunningAttendanceCounts => {
  const { events, registered, checkedIn } = toAttendance(v);
  return { events, registered, checkedIn };
};
const json = (v: unknown): CategoryCountRow[] => {
  const parsed = typeof v === 'string' ? JSON.parse(v) : v;
  return (Array.isArray(parsed) ? parsed : []).map((r: { category: string; count: number }) => ({ category: r.category, count: Number(r.count) }));
};
const toUserCounts = (r: Row, prefix = ''): UserCounts => ({
  total: Number(r[`${prefix}total`]),
  thisMonth: Number(r[`${prefix}this_month`]),
  thisYear: Number(r[`${prefix}this_year`]),
  active: Number(r[`${prefix}active`]),
  pending: Number(r[`${prefix}pending`]),
  byCategory: json(r[`${prefix}by_category`]),
});
const toEventCounts = (r: Row, prefix = ''): EventCounts => ({
  total: Number(r[`${prefix}total`]),
  upcoming: Number(r[`${prefix}upcoming`]),
  active: Number(r[`${prefix}active`]),
  thisMonth: Number(r[`${prefix}this_month`]),
  thisYear: Number(r[`${prefix}this_year`]),
  byCategory: json(r[`${prefix}by_category`]),
});

/** Dashboard statistics (GraphQL dashboardStats and the REST counts) in a handful of statements. */
export class StatsService {
  constructor(private readonly dataSource: DataSource, private readonly clock: Clock) {}

  private userParams() {
    const p = periods(this.clock.now());
    return [p.monthFrom, p.yearFrom, p.yearTo];
  }

  private eventParams() {
    const p = periods(this.clock.now());
    return [p.today, p.monthFrom, p.monthTo, p.yearFrom, p.yearTo];
  }

  async userCounts(): Promise<UserCounts> {
    const [row] = await this.dataSource.query(userCountsSql(1), this.userParams());
    return toUserCounts(row);
  }

  async eventCounts(): Promise<EventCounts> {
    const [row] = await this.dataSource.query(eventCountsSql(1), this.eventParams());
    return toEventCounts(row);
  }

  /** Every count of the dashboard (users, events, visitors, people waiting, attendance) in ONE statement. */
  async allCounts(): Promise<{ users: UserCounts; events: EventCounts; visitorCount: number; peopleWaiting: number; attendance: AttendanceCounts; attendanceNow: RunningAttendanceCounts }> {
    const now = this.clock.now();
    const attendanceFrom = indiaDate(new Date(now.getTime() - ATTENDANCE_DAYS * 86_400_000));
    const [row] = await this.dataSource.query(
      `SELECT u.total AS u_total, u.this_month AS u_this_month, u.this_year AS u_this_year, u.active AS u_active, u.pending AS u_pending, u.by_category AS u_by_category,
              e.total AS e_total, e.upcoming AS e_upcoming, e.active AS e_active, e.this_month AS e_this_month, e.this_year AS e_this_year, e.by_category AS e_by_category,
              coalesce((SELECT count FROM visitor_counter WHERE id = 1), 0)::bigint AS visitor_count,
              (${peopleWaitingSql(9)}) AS people_waiting,
              (${attendanceSql(10)}) AS attendance,
              (${runningAttendanceSql(9)}) AS attendance_now
         FROM (${userCountsSql(1)}) u, (${eventCountsSql(4)}) e`,
      [...this.userParams(), ...this.eventParams(), now, attendanceFrom, now],
    );
    return {
      users: toUserCounts(row, 'u_'),
      events: toEventCounts(row, 'e_'),
      visitorCount: Number(row.visitor_count),
      peopleWaiting: Number(row.people_waiting),
      attendance: toAttendance(row.attendance),
      attendanceNow: toRunning(row.attendance_now),
    };
  }

  /** Users who registered in the last `daysAgo` days, newest first (one statement). */
  async recentUsers(daysAgo: unknown = RECENT_DAYS, limit = RECENT_LIMIT): Promise<UserEntity[]> {
    const days = daysAgo === undefined || daysAgo === null || daysAgo === '' ? RECENT_DAYS : Number(daysAgo);
    if (!Number.isInteger(days) || days < 1 || days > 366) throw validationError('daysAgo must be a whole number of days (1-366)', { daysAgo: 'Must be 1-366' });
    const since = new Date(this.clock.now().getTime() - days * 86_400_000);
    return this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .leftJoinAndSelect('u.primaryUser', 'pu')
      .leftJoinAndSelect('u.createdBy', 'cb')
      .where('u.created_at >= :since', { since })
      .orderBy('u.created_at', 'DESC')
      .addOrderBy('u.id', 'ASC')
      // many-to-one joins never multiply rows, so a plain LIMIT keeps this one statement
      .limit(limit)
      .getMany();
  }

  /** The next events by the admin reading (a later date than today), soonest first (one statement). */
  async upcomingEvents(limit = UPCOMING_LIMIT): Promise<EventEntity[]> {
    return this.dataSource
      .getRepository(EventEntity)
      .createQueryBuilder('e')
      .where('e.date > :today', { today: indiaDate(this.clock.now()) })
      .orderBy('e.date', 'ASC')
      .addOrderBy('e.time', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** The whole dashboard: three statements (all counts; recent users; upcoming events). */
  async dashboard() {
    return this.dashboards.run(() => this.loadDashboard());
  }

  /** Admins asking at the same moment share one fresh load (never one that started before they asked). */
  private readonly dashboards = new FreshCoalescer<Awaited<ReturnType<StatsService['loadDashboard']>>>();

  private async loadDashboard() {
    // Independent reads: on Postgres they run side by side on the pool (PGlite queues them).
    const [counts, recent, upcoming] = await Promise.all([this.allCounts(), this.recentUsers(RECENT_DAYS), this.upcomingEvents()]);
    return { ...counts, recent, upcoming };
  }
}
