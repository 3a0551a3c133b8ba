/**
 * The impact report's figures in ONE statement. Parameters: $1 first day, $2 last day (India dates,
 * included), $3 now (only events that have started count as held), $4 the event category or null.
 *
 * `ev` takes the events through events_date (or events_category_date) and `reg` their registrations
 * through the (event_id, user_id) unique index; both are MATERIALIZED so every figure below reads them
 * once. The people reached are the distinct attendees, joined to users once for their category,
 * district and school. Months come from generate_series so a month without events still shows (zeros).
 * Feedback (the event_feedback table, when it exists) is averaged in the same statement.
 */
export const TEACHER_CATEGORIES = ['primary'] as const;
export const STUDENT_CATEGORIES = ['student', 'secondary', 'graduate'] as const;
/** Districts and schools listed at most (the most people first); the rest are in no group. */
export const GROUP_LIMIT = 20;

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/** A free-text profile field grouped case- and space-insensitively, shown in its most common spelling. */
const groupBy = (column: string) => `
  (SELECT coalesce(json_agg(json_build_object('name', g.name, 'people', g.people) ORDER BY g.people DESC, g.name NULLS LAST), '[]'::json)
     FROM (SELECT mode() WITHIN GROUP (ORDER BY nullif(btrim(${column}), '')) AS name, count(*)::int AS people
             FROM people GROUP BY lower(nullif(btrim(${column}), ''))
            ORDER BY people DESC, name NULLS LAST LIMIT ${GROUP_LIMIT}) g)`;

const feedbackSql = (withFeedback: boolean) =>
  withFeedback
    ? `(SELECT json_build_object('responses', count(*), 'usefulness', round(avg(f.usefulness), 2), 'overall', round(avg(f.overall), 2))
          FROM event_feedback f JOIN ev ON ev.id = f.event_id)`
    : `json_build_object('responses', 0, 'usefulness', NULL, 'overall', NULL)`;

export const impactSql = (withFeedback: boolean) => `
  WITH ev AS MATERIALIZED (
         SELECT e.id, date_trunc('month', e.date)::date AS month
           FROM events e
          WHERE e.date >= $1::date AND e.date <= $2::date AND e.starts_at <= $3::timestamptz AND e.cancelled_at IS NULL
            AND ($4::varchar IS NULL OR e.category = $4::varchar)),
       reg AS MATERIALIZED (
         SELECT r.user_id, r.checked_in_at IS NOT NULL AS attended, ev.month
           FROM registrations r JOIN ev ON ev.id = r.event_id),
       cert AS MATERIALIZED (
         SELECT ev.month FROM certificates c JOIN ev ON ev.id = c.event_id WHERE c.revoked_at IS NULL),
       people AS MATERIALIZED (
         SELECT u.category, u.district, u.school_name
           FROM users u WHERE u.id IN (SELECT user_id FROM reg WHERE attended))
  SELECT json_build_object(
    'events', (SELECT count(*) FROM ev),
    'registrations', (SELECT count(*) FROM reg),
    'attended', (SELECT count(*) FROM reg WHERE attended),
    'peopleRegistered', (SELECT count(DISTINCT user_id) FROM reg),
    'peopleReached', (SELECT count(*) FROM people),
    'teachersReached', (SELECT count(*) FROM people WHERE category IN (${list(TEACHER_CATEGORIES)})),
    'studentsReached', (SELECT count(*) FROM people WHERE category IN (${list(STUDENT_CATEGORIES)})),
    'certificates', (SELECT count(*) FROM cert),
    'feedback', ${feedbackSql(withFeedback)},
    'reachedByCategory', (SELECT coalesce(json_agg(json_build_object('category', c.category, 'people', c.people) ORDER BY c.people DESC, c.category), '[]'::json)
                            FROM (SELECT category, count(*)::int AS people FROM people GROUP BY category) c),
    'reachedByDistrict', ${groupBy('district')},
    'reachedBySchool', ${groupBy('school_name')},
    'months', (SELECT json_agg(json_build_object(
                        'month', to_char(m.month, 'YYYY-MM'),
                        'events', (SELECT count(*) FROM ev WHERE ev.month = m.month),
                        'registrations', coalesce(rm.registrations, 0),
                        'attended', coalesce(rm.attended, 0),
                        'certificates', (SELECT count(*) FROM cert WHERE cert.month = m.month)) ORDER BY m.month)
                 FROM generate_series(date_trunc('month', $1::date), $2::date, interval '1 month') AS m(month)
                 LEFT JOIN (SELECT month, count(*) AS registrations, count(*) FILTER (WHERE attended) AS attended FROM reg GROUP BY month) rm
                   ON rm.month = m.month)
  ) AS report`;
