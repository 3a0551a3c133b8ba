/**
 * The impact report's figures in ONE statement. Parameters: $1 first day, $2 last day (India dates,
 * included), $3 now (only events that have started count as held), $4 the event category or null.
 *
 * `ev`: the events, through events_date. `per_month`: their registrations counted per month, and
 * `people`: one row per distinct person registered with their category, district and school, each read
 * from registrations_event_cover (an index-only scan per event). `people` reads the registrations
 * itself, not from a CTE, so that the planner knows from the table's statistics how many people there
 * are and joins users with one hash join (from a CTE it guesses 200 rows and looks each person up by
 * key: several times slower at 100,000 registrations). Every figure below reads these few materialized rows
 * with one aggregate pass each (no per-row work in JS). Months come from generate_series, so a month
 * without events still shows, as zeros. Feedback (event_feedback, the feedback branch's table, through
 * its event_feedback_event index) is averaged in the same statement.
 */
export const TEACHER_CATEGORIES = ['primary'] as const;
export const STUDENT_CATEGORIES = ['student', 'secondary', 'graduate'] as const;
/** Districts and schools listed at most (the most people first); the rest are in no group. */
export const GROUP_LIMIT = 20;

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * A free-text profile field of the people reached, grouped case- and space-insensitively and shown in
 * its most common spelling: counted per spelling first (a hash aggregate), then per lower-cased key.
 */
const groupBy = (column: string) => `
  (SELECT coalesce(json_agg(json_build_object('name', g.name, 'people', g.people) ORDER BY g.people DESC, g.name NULLS LAST), '[]'::json)
     FROM (SELECT (array_agg(s.spelling ORDER BY s.n DESC, s.spelling))[1] AS name, sum(s.n)::int AS people
             FROM (SELECT nullif(btrim(${column}), '') AS spelling, count(*) AS n FROM people WHERE attended GROUP BY 1) s
            GROUP BY lower(s.spelling)
            ORDER BY people DESC, name NULLS LAST LIMIT ${GROUP_LIMIT}) g)`;

export const IMPACT_SQL = `
  WITH ev AS MATERIALIZED (
         SELECT e.id, date_trunc('month', e.date)::date AS month
           FROM events e
          WHERE e.date >= $1::date AND e.date <= $2::date AND e.starts_at <= $3::timestamptz AND e.cancelled_at IS NULL
            AND ($4::varchar IS NULL OR e.category = $4::varchar)),
       people AS MATERIALIZED (
         SELECT u.category, u.district, u.school_name, p.attended
           FROM (SELECT r.user_id, bool_or(r.checked_in_at IS NOT NULL) AS attended
                   FROM ev JOIN registrations r ON r.event_id = ev.id GROUP BY r.user_id) p
           JOIN users u ON u.id = p.user_id),
       per_month AS MATERIALIZED (
         SELECT ev.month, count(*) AS registrations, count(r.checked_in_at) AS attended
           FROM ev JOIN registrations r ON r.event_id = ev.id GROUP BY ev.month),
       cert AS MATERIALIZED (
         SELECT ev.month, count(*) AS n FROM certificates c JOIN ev ON ev.id = c.event_id WHERE c.revoked_at IS NULL GROUP BY ev.month),
       events_per_month AS MATERIALIZED (SELECT month, count(*) AS n FROM ev GROUP BY month),
       reach AS MATERIALIZED (
         SELECT count(*) AS registered,
                count(*) FILTER (WHERE attended) AS reached,
                count(*) FILTER (WHERE attended AND category IN (${list(TEACHER_CATEGORIES)})) AS teachers,
                count(*) FILTER (WHERE attended AND category IN (${list(STUDENT_CATEGORIES)})) AS students
           FROM people)
  SELECT json_build_object(
    'events', (SELECT coalesce(sum(n), 0) FROM events_per_month),
    'registrations', (SELECT coalesce(sum(registrations), 0) FROM per_month),
    'attended', (SELECT coalesce(sum(attended), 0) FROM per_month),
    'peopleRegistered', (SELECT registered FROM reach),
    'peopleReached', (SELECT reached FROM reach),
    'teachersReached', (SELECT teachers FROM reach),
    'studentsReached', (SELECT students FROM reach),
    'certificates', (SELECT coalesce(sum(n), 0) FROM cert),
    'feedback', (SELECT json_build_object('responses', count(*), 'usefulness', round(avg(f.usefulness), 2), 'overall', round(avg(f.overall), 2))
                   FROM event_feedback f JOIN ev ON ev.id = f.event_id),
    'reachedByCategory', (SELECT coalesce(json_agg(json_build_object('category', c.category, 'people', c.people) ORDER BY c.people DESC, c.category), '[]'::json)
                            FROM (SELECT category, count(*)::int AS people FROM people WHERE attended GROUP BY category) c),
    'reachedByDistrict', ${groupBy('district')},
    'reachedBySchool', ${groupBy('school_name')},
    'months', (SELECT json_agg(json_build_object(
                        'month', to_char(m.month, 'YYYY-MM'),
                        'events', coalesce(em.n, 0),
                        'registrations', coalesce(pm.registrations, 0),
                        'attended', coalesce(pm.attended, 0),
                        'certificates', coalesce(cm.n, 0)) ORDER BY m.month)
                 FROM generate_series(date_trunc('month', $1::date), $2::date, interval '1 month') AS m(month)
                 LEFT JOIN events_per_month em ON em.month = m.month
                 LEFT JOIN per_month pm ON pm.month = m.month
                 LEFT JOIN cert cm ON cm.month = m.month)
  ) AS report`;
