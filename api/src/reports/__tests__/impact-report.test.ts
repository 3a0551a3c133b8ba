import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventEntity } from '../../events/event.entity';
import { ORGANISATION, ORGANISATION_HI } from '../../mail/templates';
import { TEACHER_DETAILS } from '../../questions/teacher-details.seed';
import { createTestContext, type TestContext } from '../../test/harness';
import { makeEvent, makeUser, standardScenario } from '../../test/scenarios';
import type { UserEntity } from '../../users/user.entity';

/**
 * The "impact year" scenario, clock 2026-06-15 10:00 India time. Held in 2026 (started, not cancelled):
 *   A 2026-02-10 primary:   T1 ✓, T2 ✓, S1 ✓, G1 ✗; certificates T1, T2 (T2's revoked)
 *   B 2026-03-05 general:   T1 ✓, S2 ✓, G1 ✓;      certificate S2
 *   G 2026-06-15 09:00 secondary (started today): S3 ✗
 * Not counted: C 2026-04-20 cancelled (S3 ✓, a certificate), D 2025-12-31 (T3 ✓), E 2026-07-01 not yet held (T3).
 * So 2026: 3 events, 8 registrations, 6 attended, 6 people registered, 5 reached (teachers T1 T2, students S1 S2 G1),
 * 2 certificates; feedback on A (5, 4) and B (4, 4), the one on C left out.
 */
let ctx: TestContext;
let adminToken: string;
let tokens: Record<string, string>;
const people: Record<string, UserEntity> = {};
const events: Record<string, EventEntity> = {};
let certificateNo = 0;

const q = (sql: string, params: unknown[] = []) => ctx.db.dataSource.query(sql, params);
const register = (event: string, person: string, attended: boolean) =>
  q('INSERT INTO registrations (event_id, user_id, checked_in_at) VALUES ($1, $2, $3)', [events[event].id, people[person].id, attended ? events[event].startsAt : null]);
const certify = (event: string, person: string, revoked = false) =>
  q(`INSERT INTO certificates (code, event_id, user_id, language, participant_name, event_title, event_starts_at, event_place, issued_at, revoked_at)
     VALUES ($1, $2, $3, 'en', 'Name', 'Title', $4, 'Prayagraj', $4, $5)`, [`TEST-0000-0000-${String(++certificateNo).padStart(4, '0')}`, events[event].id, people[person].id, events[event].startsAt, revoked ? events[event].startsAt : null]);

beforeAll(async () => {
  ctx = await createTestContext({ now: new Date('2026-06-15T10:00:00+05:30') });
  const s = await standardScenario(ctx);
  adminToken = s.tokens.admin;
  tokens = { user: s.tokens.member, teacher: s.tokens.teacher, adminAsUser: s.tokens.adminAsUser };
  const cast: Array<[string, Partial<UserEntity>]> = [
    ['T1', { category: 'primary', status: 'approved', district: 'Prayagraj', schoolName: 'GIC' }],
    ['T2', { category: 'primary', status: 'approved', district: '  PRAYAGRAJ ', schoolName: 'St. Mary' }],
    ['T3', { category: 'primary', status: 'approved', district: 'Varanasi', schoolName: 'BHU School' }],
    ['S1', { category: 'student', district: 'Kaushambi', schoolName: 'gic ' }],
    ['S2', { category: 'secondary', district: null, schoolName: null }],
    ['S3', { category: 'student', district: 'Kaushambi', schoolName: 'GIC' }],
    ['G1', { category: 'graduate', district: 'Prayagraj', schoolName: '' }],
  ];
  for (const [key, fields] of cast) people[key] = await makeUser(ctx, { name: key, ...(fields as object) });
  const plan: Array<[string, Partial<EventEntity>]> = [
    ['A', { date: '2026-02-10', category: 'primary' }],
    ['B', { date: '2026-03-05', category: 'general' }],
    ['C', { date: '2026-04-20', category: 'general', cancelledAt: new Date('2026-04-01T00:00:00Z') }],
    ['D', { date: '2025-12-31', category: 'general' }],
    ['E', { date: '2026-07-01', category: 'general' }],
    ['G', { date: '2026-06-15', time: '09:00', category: 'secondary' }],
  ];
  for (const [key, fields] of plan) events[key] = await makeEvent(ctx, { title: `Event ${key}`, ...fields });
  for (const [e, p, attended] of [
    ['A', 'T1', true], ['A', 'T2', true], ['A', 'S1', true], ['A', 'G1', false],
    ['B', 'T1', true], ['B', 'S2', true], ['B', 'G1', true],
    ['C', 'S3', true], ['D', 'T3', true], ['E', 'T3', false], ['G', 'S3', false],
  ] as const) await register(e, p, attended);
  await certify('A', 'T1');
  await certify('A', 'T2', true);
  await certify('B', 'S2');
  await certify('C', 'S3');
  await certify('D', 'T3');
  for (const [e, p, usefulness, overall] of [['A', 'T1', 5, 4], ['B', 'S2', 4, 4], ['C', 'S3', 1, 1]] as const) {
    await q(`INSERT INTO event_feedback (event_id, user_id, usefulness, overall, improve, answers, language) VALUES ($1, $2, $3, $4, 'More time', '{}', 'en')`, [events[e].id, people[p].id, usefulness, overall]);
  }
}, 120_000); // a fresh database with every migration, then the scenario: slow on a busy machine
afterAll(() => ctx.close());

/** A REST read of the report; token '' sends none. */
const get = (query: string, token = adminToken, path = '/api/admin/reports/impact') => {
  const req = ctx.http.get(`${path}${query}`);
  return token ? req.set('authorization', `Bearer ${token}`) : req;
};
const report = async (query: string) => {
  const res = await get(query);
  expect(res.status).toBe(200);
  return res.body.data;
};

type Group = { name: string | null; people: number };
/** The report's people figures, groups as [lower-cased name, people] sorted, to compare with recompute(). */
const pick = (r: Record<string, unknown>) => {
  const groups = (g: unknown) => (g as Group[]).map((x) => [x.name?.toLowerCase() ?? null, x.people]).sort((a, b) => String(a).localeCompare(String(b)));
  return {
    peopleRegistered: r.peopleRegistered, peopleReached: r.peopleReached, teachersReached: r.teachersReached, studentsReached: r.studentsReached,
    byCategory: groups((r.reachedByCategory as Array<{ category: string; people: number }>).map((c) => ({ name: c.category, people: c.people }))),
    byDistrict: groups(r.reachedByDistrict), bySchool: groups(r.reachedBySchool),
  };
};

/**
 * The same people figures computed the plain way, in JS from the rows: events held in the period, their
 * registrants, each person's district and school taken from an answer to a question whose id or English label
 * is district/school (a choice as its label) at any of those events, else the profile; trimmed, case ignored.
 */
async function recompute(from: string, to: string, category: string | null) {
  type Q = { id: string; label: string; options?: Array<{ value: string; label: string }> };
  const evs = (await q(`SELECT id, date::text AS date, category, questions FROM events WHERE starts_at <= $1 AND cancelled_at IS NULL`, [ctx.clock.now()])) as Array<{ id: string; date: string; category: string; questions: Q[] }>;
  const held = new Map(evs.filter((e) => e.date >= from && e.date <= to && (!category || e.category === category)).map((e) => [e.id, e]));
  const regs = ((await q(`SELECT event_id, user_id, checked_in_at, answers FROM registrations`)) as Array<{ event_id: string; user_id: string; checked_in_at: Date | null; answers: Record<string, unknown> }>).filter((r) => held.has(r.event_id));
  const users = new Map(((await q(`SELECT id, category, district, school_name FROM users`)) as Array<{ id: string; category: string; district: string | null; school_name: string | null }>).map((u) => [u.id, u]));
  const clean = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const answer = (questions: Q[], answers: Record<string, unknown>, what: string) => {
    const found = questions.find((x) => (x.id === what || x.label.trim().toLowerCase() === what) && clean(answers[x.id]));
    return found ? clean(found.options?.find((o) => o.value === answers[found.id])?.label ?? answers[found.id]) : null;
  };
  const persons = new Map<string, { attended: boolean; district: string | null; school: string | null }>();
  for (const r of regs) {
    const p = persons.get(r.user_id) ?? { attended: false, district: null, school: null };
    p.attended ||= r.checked_in_at !== null;
    const qs = held.get(r.event_id)!.questions ?? [];
    for (const [key, what] of [['district', 'district'], ['school', 'school']] as const) {
      const a = answer(qs, r.answers, what);
      if (a !== null && (p[key] === null || a > p[key]!)) p[key] = a;
    }
    persons.set(r.user_id, p);
  }
  const count = (keys: Array<string | null>) => {
    const m = new Map<string | null, number>();
    for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
    return [...m.entries()].map(([name, people]) => [name, people]).sort((a, b) => String(a).localeCompare(String(b)));
  };
  const reached = [...persons.entries()].filter(([, p]) => p.attended).map(([id, p]) => ({ ...p, user: users.get(id)! }));
  return {
    peopleRegistered: persons.size,
    peopleReached: reached.length,
    teachersReached: reached.filter((p) => p.user.category === 'primary').length,
    studentsReached: reached.filter((p) => ['student', 'secondary', 'graduate'].includes(p.user.category)).length,
    byCategory: count(reached.map((p) => p.user.category)),
    byDistrict: count(reached.map((p) => (p.district ?? clean(p.user.district))?.toLowerCase() ?? null)),
    bySchool: count(reached.map((p) => (p.school ?? clean(p.user.school_name))?.toLowerCase() ?? null)),
  };
}

describe('GET /api/admin/reports/impact: the figures of the scenario', () => {
  it('counts the events held in the year, their registrations, attendance and people reached', async () => {
    const r = await report('?from=2026-01-01&to=2026-12-31');
    expect(r).toMatchObject({
      from: '2026-01-01', to: '2026-12-31', category: null,
      events: 3, registrations: 8, attended: 6, attendanceRate: 0.75,
      peopleRegistered: 6, peopleReached: 5, teachersReached: 2, studentsReached: 3, certificates: 2,
      feedback: { responses: 2, usefulness: 4.5, overall: 4 },
    });
    expect(r.reachedByCategory).toEqual([{ category: 'graduate', people: 1 }, { category: 'primary', people: 2 }, { category: 'secondary', people: 1 }, { category: 'student', people: 1 }].sort((a, b) => b.people - a.people || a.category.localeCompare(b.category)));
  });

  it('groups the people reached by district and school, ignoring case and spaces; not given last', async () => {
    const r = await report('?from=2026-01-01&to=2026-12-31');
    expect(r.reachedByDistrict.map((g: { name: string | null; people: number }) => [g.name?.toLowerCase() ?? null, g.people])).toEqual([['prayagraj', 3], ['kaushambi', 1], [null, 1]]);
    expect(r.reachedBySchool.map((g: { name: string | null; people: number }) => [g.name?.toLowerCase() ?? null, g.people])).toEqual([['gic', 2], [null, 2], ['st. mary', 1]]);
  });

  it("takes a person's answer to an event's district and school questions before their profile, and follows edits", async () => {
    // Event B asks the "Teacher details" district (a choice: the report shows its label) and a school question
    // named by its label; S2 has neither in the profile, G1 has a district in the profile and answers another.
    const questions = [
      { id: 'district', type: 'single_choice', label: 'District', labelHi: 'ज़िला', help: '', helpHi: '', required: true, options: [{ value: 'mirzapur', label: 'Mirzapur', labelHi: 'मिर्ज़ापुर' }] },
      { id: 'q-school', type: 'text', label: ' School ', labelHi: 'विद्यालय', help: '', helpHi: '', required: false, options: [] },
    ];
    // Lower-cased: T2's "PRAYAGRAJ" and T1's "Prayagraj" tie for the name shown once G1 answers another district.
    const districts = async () => (await report('?from=2026-01-01&to=2026-12-31')).reachedByDistrict.map((g: { name: string | null; people: number }) => [g.name?.toLowerCase() ?? null, g.people]);
    await q(`UPDATE events SET questions = $2 WHERE id = $1`, [events.B.id, JSON.stringify(questions)]);
    await q(`UPDATE registrations SET answers = $3 WHERE event_id = $1 AND user_id = $2`, [events.B.id, people.S2.id, JSON.stringify({ district: 'mirzapur', 'q-school': ' Kendriya Vidyalaya ' })]);
    await q(`UPDATE registrations SET answers = $3 WHERE event_id = $1 AND user_id = $2`, [events.B.id, people.G1.id, JSON.stringify({ district: 'mirzapur' })]);
    try {
      const r = await report('?from=2026-01-01&to=2026-12-31');
      expect(r.reachedByDistrict.map((g: { name: string | null; people: number }) => [g.name?.toLowerCase() ?? null, g.people])).toEqual([['mirzapur', 2], ['prayagraj', 2], ['kaushambi', 1]]);
      expect(r.reachedBySchool.map((g: { name: string | null; people: number }) => [g.name, g.people])).toContainEqual(['Kendriya Vidyalaya', 1]);
      expect(r.peopleReached).toBe(5);
      // Only event A in the period: G1 (not checked in there) and S2 are not reached, the answers at B do not count.
      expect((await report('?from=2026-02-01&to=2026-02-28')).reachedByDistrict.map((g: { name: string | null; people: number }) => [g.name?.toLowerCase() ?? null, g.people])).toEqual([['prayagraj', 2], ['kaushambi', 1]]);
      // A profile edit shows at once (S1 moves), and so does an event's question changed: the choice relabelled.
      await q(`UPDATE users SET district = 'Banda' WHERE id = $1`, [people.S1.id]);
      questions[0].options[0].label = 'Mirzapur (city)';
      await q(`UPDATE events SET questions = $2 WHERE id = $1`, [events.B.id, JSON.stringify(questions)]);
      expect(await districts()).toEqual([['mirzapur (city)', 2], ['prayagraj', 2], ['banda', 1]]);
    } finally {
      await q(`UPDATE users SET district = 'Kaushambi' WHERE id = $1`, [people.S1.id]);
      await q(`UPDATE events SET questions = '[]' WHERE id = $1`, [events.B.id]);
    }
    // The questions gone, the answers left on the registrations no longer count: profiles again.
    expect(await districts()).toEqual([['prayagraj', 3], ['kaushambi', 1], [null, 1]]);
    await q(`UPDATE registrations SET answers = '{}' WHERE event_id = $1`, [events.B.id]);
  });

  it('matches a plain recomputation from the tables, for every period and category, with answers', async () => {
    // Event A asks the "Teacher details" questions; T1 and S1 answer them (S1's district differs from the profile).
    await q(`UPDATE events SET questions = $2 WHERE id = $1`, [events.A.id, JSON.stringify(TEACHER_DETAILS)]);
    await q(`UPDATE registrations SET answers = $3 WHERE event_id = $1 AND user_id = $2`, [events.A.id, people.T1.id, JSON.stringify({ school: 'Kendriya Vidyalaya', district: 'prayagraj', subjects: ['maths'], 'classes-taught': ['class-6'] })]);
    await q(`UPDATE registrations SET answers = $3 WHERE event_id = $1 AND user_id = $2`, [events.A.id, people.S1.id, JSON.stringify({ school: 'GIC', district: 'jaunpur', subjects: ['maths'], 'classes-taught': ['class-6'] })]);
    try {
      for (const [from, to, category] of [['2026-01-01', '2026-12-31', null], ['2026-02-01', '2026-02-28', null], ['2025-12-01', '2026-03-31', null], ['2026-01-01', '2026-12-31', 'primary'], ['2026-01-01', '2026-12-31', 'general']] as const) {
        const r = await report(`?from=${from}&to=${to}${category ? `&category=${category}` : ''}`);
        const expected = await recompute(from, to, category);
        expect({ from, category, ...pick(r) }).toEqual({ from, category, ...expected });
      }
    } finally {
      await q(`UPDATE events SET questions = '[]' WHERE id = $1`, [events.A.id]);
      await q(`UPDATE registrations SET answers = '{}' WHERE event_id = $1`, [events.A.id]);
    }
  });

  it('gives every month of the period, empty ones as zeros', async () => {
    const r = await report('?from=2026-01-01&to=2026-12-31');
    expect(r.months).toHaveLength(12);
    expect(r.months[0]).toEqual({ month: '2026-01', events: 0, registrations: 0, attended: 0, certificates: 0 });
    expect(r.months[1]).toEqual({ month: '2026-02', events: 1, registrations: 4, attended: 3, certificates: 1 });
    expect(r.months[2]).toEqual({ month: '2026-03', events: 1, registrations: 3, attended: 3, certificates: 1 });
    expect(r.months[3]).toEqual({ month: '2026-04', events: 0, registrations: 0, attended: 0, certificates: 0 });
    expect(r.months[5]).toEqual({ month: '2026-06', events: 1, registrations: 1, attended: 0, certificates: 0 });
    expect(r.months[6]).toEqual({ month: '2026-07', events: 0, registrations: 0, attended: 0, certificates: 0 });
  });

  it('narrows to one event category', async () => {
    const r = await report('?from=2026-01-01&to=2026-12-31&category=primary');
    expect(r).toMatchObject({ category: 'primary', events: 1, registrations: 4, attended: 3, peopleReached: 3, teachersReached: 2, studentsReached: 1, certificates: 1, feedback: { responses: 1, usefulness: 5, overall: 4 } });
    expect((await report('?from=2026-01-01&to=2026-12-31&category=all')).events).toBe(3);
  });

  it('includes both days of the period and nothing outside', async () => {
    expect(await report('?from=2026-02-10&to=2026-03-04')).toMatchObject({ events: 1, registrations: 4 });
    expect(await report('?from=2026-02-11&to=2026-03-05')).toMatchObject({ events: 1, registrations: 3 });
    expect(await report('?from=2025-12-31&to=2025-12-31')).toMatchObject({ events: 1, peopleReached: 1, teachersReached: 1, certificates: 1, months: [{ month: '2025-12', events: 1, registrations: 1, attended: 1, certificates: 1 }] });
    const empty = await report('?from=2024-01-01&to=2024-03-31');
    expect(empty).toMatchObject({ events: 0, registrations: 0, attendanceRate: 0, peopleReached: 0, reachedByDistrict: [], feedback: { responses: 0, usefulness: null, overall: null } });
    expect(empty.months.map((m: { month: string }) => m.month)).toEqual(['2024-01', '2024-02', '2024-03']);
  });

  it('answers the same figures through GraphQL', async () => {
    const { data, errors } = await ctx.gql(`query($f: ImpactReportFilter!) { impactReport(filter: $f) {
      events registrations attended attendanceRate peopleRegistered peopleReached teachersReached studentsReached certificates
      feedback { responses usefulness overall } reachedByDistrict { name people } months { month events } } }`, { f: { from: '2026-01-01', to: '2026-12-31', category: 'PRIMARY' } }, adminToken);
    expect(errors).toBeUndefined();
    expect(data.impactReport).toMatchObject({ events: 1, registrations: 4, attended: 3, attendanceRate: 0.75, peopleReached: 3, teachersReached: 2, certificates: 1, feedback: { responses: 1 } });
    expect(data.impactReport.months).toHaveLength(12);
  });
});

describe('bad periods: 400 with the field at fault', () => {
  it.each([
    ['', 'from'],
    ['?from=2026-01-01', 'to'],
    ['?from=2026/01/01&to=2026-12-31', 'from'],
    ['?from=2026-02-30&to=2026-12-31', 'from'],
    ['?from=2026-12-31&to=2026-01-01', 'to'],
    ['?from=2020-01-01&to=2025-01-01', 'to'],
    ['?from=2026-01-01&to=2026-12-31&category=bogus', 'category'],
    ['?from[]=x&to=2026-12-31', 'from'],
  ])('%s → 400 on %s', async (query, field) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it('GraphQL answers VALIDATION', async () => {
    const { errors } = await ctx.gql(`{ impactReport(filter: { from: "2026-12-31", to: "2026-01-01" }) { events } }`, {}, adminToken);
    expect(errors?.[0]?.extensions?.code).toBe('VALIDATION');
  });

  it('a period of exactly five years less a day is fine', async () => {
    expect((await get('?from=2021-01-01&to=2025-12-31')).status).toBe(200);
  });
});

describe('admins only', () => {
  it('401 without a token, 403 for a user, a teacher and an admin holding a user token, on every format', async () => {
    for (const path of ['/api/admin/reports/impact', '/api/admin/reports/impact.csv', '/api/admin/reports/impact.pdf']) {
      expect((await get('?from=2026-01-01&to=2026-12-31', '', path)).status).toBe(401);
      for (const token of Object.values(tokens)) expect((await get('?from=2026-01-01&to=2026-12-31', token, path)).status).toBe(403);
    }
    const { errors } = await ctx.gql(`{ impactReport(filter: { from: "2026-01-01", to: "2026-12-31" }) { events } }`, {}, tokens.user);
    expect(errors?.[0]?.extensions?.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
  });
});

describe('CSV and PDF', () => {
  it('CSV: the figures, the months and the groups, as an attachment', async () => {
    const res = await get('?from=2026-01-01&to=2026-12-31', adminToken, '/api/admin/reports/impact.csv').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="impact-2026-01-01-to-2026-12-31.csv"');
    const text = res.text;
    expect(text.startsWith('\uFEFFFigure,Value\r\n')).toBe(true);
    for (const line of ['Events held,3', 'Registrations,8', 'Attended,6', 'Attendance rate (%),75.0', 'Teachers reached,2', 'Students reached,3', 'Certificates issued,2', 'Feedback: usefulness (1-5),4.5',
      'Month,Events,Registrations,Attended,Certificates', '2026-02,1,4,3,1', '2026-12,0,0,0,0', 'District,People reached', '(not given),1']) {
      expect(text).toContain(`\r\n${line}\r\n`);
    }
  });

  it('PDF in English and in Hindi: pdftotext reads the name, the period, the date made and the figures back', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'impact-pdf-'));
    try {
      for (const lang of ['en', 'hi'] as const) {
        const res = await get(`?from=2026-01-01&to=2026-12-31&lang=${lang}`, adminToken, '/api/admin/reports/impact.pdf').buffer(true).parse((r, cb) => {
          const parts: Buffer[] = [];
          r.on('data', (c: Buffer) => parts.push(c));
          r.on('end', () => cb(null, Buffer.concat(parts)));
        });
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toBe(`attachment; filename="impact-2026-01-01-to-2026-12-31${lang === 'hi' ? '-hi' : ''}.pdf"`);
        const file = path.join(dir, `${lang}.pdf`);
        writeFileSync(file, res.body as Buffer);
        // To look at them: IMPACT_PDF_OUT=/some/dir keeps a copy of each.
        if (process.env.IMPACT_PDF_OUT) writeFileSync(path.join(process.env.IMPACT_PDF_OUT, `impact-${lang}.pdf`), res.body as Buffer);
        const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
        process.stdout.write(`impact PDF (${lang}): ${(res.body as Buffer).length} bytes\n`);
        if (lang === 'en') {
          for (const s of [ORGANISATION, 'Impact report', 'Period: 1 January 2026 – 31 December 2026', 'Made on: 15 June 2026', 'Events held 3', 'Attendance rate 75.0%', 'Teachers reached 2', 'Certificates issued 2', 'Feb 2026', 'Prayagraj'])
            expect(text).toContain(s);
        } else {
          for (const s of [ORGANISATION_HI, 'प्रभाव रिपोर्ट', 'अवधि', 'तैयार करने की तिथि', 'आयोजित कार्यक्रम 3', 'लाभान्वित शिक्षक 2'])
            expect(text).toContain(s);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what the statement reads, kept by triggers (migration 1764780000000)', () => {
  const steps: Array<[string, string, unknown[]]> = [];
  const step = (what: string, sql: string, params: unknown[] = []) => steps.push([what, sql, params]);

  it('follows check-ins undone, moves, deletes, revocations and bulk writes', async () => {
    const [A, B, C] = [events.A.id, events.B.id, events.C.id];
    step('a check-in undone', `UPDATE registrations SET checked_in_at = NULL WHERE event_id = $1 AND user_id = $2`, [A, people.T1.id]);
    step('a registration moved to another event', `UPDATE registrations SET event_id = $3 WHERE event_id = $1 AND user_id = $2`, [A, people.S1.id, C]);
    step('a certificate revoked', `UPDATE certificates SET revoked_at = now() WHERE event_id = $1 AND user_id = $2`, [A, people.T1.id]);
    step('a revoked one restored', `UPDATE certificates SET revoked_at = NULL WHERE event_id = $1 AND user_id = $2`, [A, people.T2.id]);
    step('every check-in of an event at once', `UPDATE registrations SET checked_in_at = now() WHERE event_id = $1`, [B]);
    step('a registration deleted', `DELETE FROM registrations WHERE event_id = $1 AND user_id = $2`, [B, people.G1.id]);
    step('a registration added', `INSERT INTO registrations (event_id, user_id, checked_in_at) VALUES ($1, $2, $3)`, [B, people.G1.id, events.B.startsAt]);
    step('an update that changes none of it', `UPDATE registrations SET answers = answers`);
    const before = await report('?from=2026-01-01&to=2026-12-31');
    try {
      for (const [, sql, params] of steps) await q(sql, params);
      const r = await report('?from=2026-01-01&to=2026-12-31');
      // A lost S1 (checked in) to C, which is cancelled, and T1's check-in; T2's certificate counts, T1's not.
      expect(r).toMatchObject({ registrations: 7, attended: 4, certificates: 2 });
    } finally {
      await q(`UPDATE registrations SET event_id = $1 WHERE event_id = $2 AND user_id = $3`, [A, C, people.S1.id]);
      await q(`UPDATE registrations SET checked_in_at = $3 WHERE event_id = $1 AND user_id = $2`, [A, people.T1.id, events.A.startsAt]);
      await q(`UPDATE registrations SET checked_in_at = $2 WHERE event_id = $1`, [B, events.B.startsAt]);
      await q(`UPDATE certificates SET revoked_at = NULL WHERE event_id = $1 AND user_id = $2`, [A, people.T1.id]);
      await q(`UPDATE certificates SET revoked_at = issued_at WHERE event_id = $1 AND user_id = $2`, [A, people.T2.id]);
    }
    const after = await report('?from=2026-01-01&to=2026-12-31');
    expect({ ...after, generatedAt: null }).toEqual({ ...before, generatedAt: null });
  });

  it('two different answers of one person: counted once, under the name first seen later (reach_names numbers names as they come)', async () => {
    const district = [{ id: 'q-district', type: 'text', label: 'District', labelHi: 'ज़िला', help: '', helpHi: '', required: false, options: [] }];
    const stamp = Date.now().toString(36);
    try {
      for (const e of ['A', 'B']) await q(`UPDATE events SET questions = $2 WHERE id = $1`, [events[e].id, JSON.stringify(district)]);
      // T1 (checked in at A and B) answers "Zeta" at A first, then "Alpha" at B: "Alpha" is numbered after "Zeta".
      await q(`UPDATE registrations SET answers = $3 WHERE event_id = $1 AND user_id = $2`, [events.A.id, people.T1.id, JSON.stringify({ 'q-district': `Zeta ${stamp}` })]);
      await q(`UPDATE registrations SET answers = $3 WHERE event_id = $1 AND user_id = $2`, [events.B.id, people.T1.id, JSON.stringify({ 'q-district': `Alpha ${stamp}` })]);
      const r = await report('?from=2026-01-01&to=2026-12-31');
      expect(r.reachedByDistrict).toContainEqual({ name: `Alpha ${stamp}`, people: 1 });
      expect(r.reachedByDistrict.map((g: Group) => g.name)).not.toContain(`Zeta ${stamp}`);
      expect(r.peopleReached).toBe(5);
      // Only event A in the period: T1's answer there.
      expect((await report('?from=2026-02-01&to=2026-02-28')).reachedByDistrict).toContainEqual({ name: `Zeta ${stamp}`, people: 1 });
    } finally {
      for (const e of ['A', 'B']) {
        await q(`UPDATE events SET questions = '[]' WHERE id = $1`, [events[e].id]);
        await q(`UPDATE registrations SET answers = '{}' WHERE event_id = $1`, [events[e].id]);
      }
    }
  });
});
