/**
 * The impact report's figures in ONE statement. Parameters: $1 first day, $2 last day (India dates,
 * included), $3 now (only events that have started count as held), $4 the event category or null.
 *
 * `ev`: the events, from events_report_period (an index-only scan). `per_month`: their registrations and those
 * checked in per month (registrations_event_cover), `cert` their certificates not revoked. `grp`: the people, one row per distinct person registered
 * (their category, district and school and whether they came to any event), counted in ONE grouping-sets
 * pass: overall, per category, per district, per school. A person's category, district and school are the
 * registration's own facts as integer keys into reach_names (reach_*_key, kept by triggers: the answer to the
 * event's district or school question, else the profile; migrations 1764770000000 and 1764780000000), read
 * from registrations_event_cover (an index-only scan per event), so users is never joined and no text is
 * compared or hashed per registration; names are joined to the few groups at the end. A person counts once:
 * under any answer they gave at an event of the period before their profile (answers have negative keys, and
 * min() is taken), and where their answers differ, under the name numbered last in reach_names (the names
 * there when the keys were added were numbered in text order, later ones in the order first seen). Months
 * come from generate_series, so a month without events still shows, as zeros. Feedback (event_feedback,
 * through its event_feedback_event index) is averaged in the same statement.
 *
 * Measured on the bench year (99,900 registrations; docs/programmes-and-messages.md): grouping the year's
 * registrations per person is most of the time; the keys made it about a third cheaper than max() over text. */
export const TEACHER_CATEGORIES = ['primary'] as const;
export const STUDENT_CATEGORIES = ['student', 'secondary', 'graduate'] as const;
/** Districts and schools listed at most (the most people first); the rest are in no group. */
export const GROUP_LIMIT = 20;

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/** grouping(category, district, school) of each grouping set of `grp`: a 1 bit for each column not grouped by. */
const ALL = 7;
const BY_CATEGORY = 3;
const BY_DISTRICT = 5;
const BY_SCHOOL = 6;

/**
 * The people reached per district or school, grouped case-insensitively (the facts are trimmed) and shown in
 * the most common spelling: `grp` counted them per spelling; this folds the spellings per lower-cased key.
 */
const groupBy = (column: 'district' | 'school', set: number) => `
  (SELECT coalesce(json_agg(json_build_object('name', g.name, 'people', g.people) ORDER BY g.people DESC, g.name NULLS LAST), '[]'::json)
     FROM (SELECT (array_agg(s.${column} ORDER BY s.reached DESC, s.${column}))[1] AS name, sum(s.reached)::int AS people
             FROM grp s WHERE s.gs = ${set} AND s.reached > 0
            GROUP BY lower(s.${column})
            ORDER BY people DESC, name NULLS LAST LIMIT ${GROUP_LIMIT}) g)`;

export const IMPACT_SQL = `
  WITH ev AS MATERIALIZED (
         SELECT e.id, date_trunc('month', e.date)::date AS month
           FROM events e
          WHERE e.date >= $1::date AND e.date <= $2::date AND e.starts_at <= $3::timestamptz AND e.cancelled_at IS NULL
            AND ($4::varchar IS NULL OR e.category = $4::varchar)),
       grp AS MATERIALIZED (
         SELECT g.gs, c.name AS category, d.name AS district, sc.name AS school, g.registered, g.reached
           FROM (SELECT grouping(p.category, p.district, p.school) AS gs, p.category, p.district, p.school,
                        count(*) AS registered, count(*) FILTER (WHERE p.attended) AS reached
                   FROM (SELECT min(r.reach_category_key) AS category, abs(min(r.reach_district_key)) AS district, abs(min(r.reach_school_key)) AS school,
                                bool_or(r.checked_in_at IS NOT NULL) AS attended
                           FROM ev JOIN registrations r ON r.event_id = ev.id GROUP BY r.user_id) p
                  GROUP BY GROUPING SETS ((), (p.category), (p.district), (p.school))) g
           LEFT JOIN reach_names c ON c.id = g.category
           LEFT JOIN reach_names d ON d.id = g.district
           LEFT JOIN reach_names sc ON sc.id = g.school),
       per_month AS MATERIALIZED (
         SELECT ev.month, count(*) AS registrations, count(r.checked_in_at) AS attended
           FROM ev JOIN registrations r ON r.event_id = ev.id GROUP BY ev.month),
       cert AS MATERIALIZED (
         SELECT ev.month, count(*) AS n FROM certificates c JOIN ev ON ev.id = c.event_id WHERE c.revoked_at IS NULL GROUP BY ev.month),
       events_per_month AS MATERIALIZED (SELECT month, count(*) AS n FROM ev GROUP BY month)
  SELECT json_build_object(
    'events', (SELECT coalesce(sum(n), 0) FROM events_per_month),
    'registrations', (SELECT coalesce(sum(registrations), 0) FROM per_month),
    'attended', (SELECT coalesce(sum(attended), 0) FROM per_month),
    'peopleRegistered', (SELECT coalesce(sum(registered), 0) FROM grp WHERE gs = ${ALL}),
    'peopleReached', (SELECT coalesce(sum(reached), 0) FROM grp WHERE gs = ${ALL}),
    'teachersReached', (SELECT coalesce(sum(reached), 0) FROM grp WHERE gs = ${BY_CATEGORY} AND category IN (${list(TEACHER_CATEGORIES)})),
    'studentsReached', (SELECT coalesce(sum(reached), 0) FROM grp WHERE gs = ${BY_CATEGORY} AND category IN (${list(STUDENT_CATEGORIES)})),
    'certificates', (SELECT coalesce(sum(n), 0) FROM cert),
    'feedback', (SELECT json_build_object('responses', count(*), 'usefulness', round(avg(f.usefulness), 2), 'overall', round(avg(f.overall), 2))
                   FROM event_feedback f JOIN ev ON ev.id = f.event_id),
    'reachedByCategory', (SELECT coalesce(json_agg(json_build_object('category', c.category, 'people', c.reached::int) ORDER BY c.reached DESC, c.category), '[]'::json)
                            FROM grp c WHERE c.gs = ${BY_CATEGORY} AND c.reached > 0),
    'reachedByDistrict', ${groupBy('district', BY_DISTRICT)},
    'reachedBySchool', ${groupBy('school', BY_SCHOOL)},
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
