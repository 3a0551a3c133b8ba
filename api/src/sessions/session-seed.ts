import { queryRows } from '../common/sql';
import type { Services } from '../services';
import { planSessions, spanOf } from './session-rules';
import type { EventSessionInput } from './session.types';

const shift = (today: string, days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The five-day course's ten sessions: a morning and an afternoon each day, in both languages. */
const COURSE_TOPICS: [string, string][] = [
  ['Reading through games', 'खेल-खेल में पढ़ना'],
  ['Stories and songs', 'कहानियाँ और गीत'],
  ['Numbers with objects', 'चीज़ों से गिनती'],
  ['Mental arithmetic games', 'मौखिक गणित के खेल'],
  ['Classroom activities', 'कक्षा की गतिविधियाँ'],
  ['Making teaching aids', 'शिक्षण सामग्री बनाना'],
  ['Assessing without fear', 'बिना डर के आकलन'],
  ['Working with parents', 'अभिभावकों के साथ काम'],
  ['Planning the term', 'सत्र की योजना'],
  ['Practice lessons and closing', 'अभ्यास पाठ और समापन'],
];

/**
 * Demo sessions (after the demo events): the upcoming teacher-training workshop becomes a five-day course
 * of ten sessions, and the past skills training three daily sessions ("2 of 3" for a certificate) with
 * four demo participants' attendance per session, so the screens have something to show.
 */
export async function seedDemoSessions(services: Services, today: string): Promise<void> {
  const idOf = async (title: string) => (await queryRows<{ id: string }>(services.dataSource, `SELECT id FROM events WHERE title = $1`, [title]))[0]?.id;
  const course = await idOf('Teacher Training Workshop: Joyful Learning');
  if (course) {
    const sessions = COURSE_TOPICS.map(([title, titleHi], i) => ({
      date: shift(today, 65 + Math.floor(i / 2)),
      time: i % 2 ? '14:00' : '10:30',
      endTime: i % 2 ? '16:00' : '13:00',
      title,
      titleHi,
      ...(i === 9 ? { location: 'Mission Centre, Kareli, Prayagraj', locationHi: 'मिशन केंद्र, करेली, प्रयागराज' } : {}),
    }));
    await writeSessions(services, course, sessions, 8);
  }
  const past = await idOf('Skills Training for Widows and Women');
  if (!past) return;
  const sessionIds = await writeSessions(
    services,
    past,
    [-18, -17, -16].map((d, i) => ({ date: shift(today, d), time: '11:00', endTime: '16:00', title: ['Tailoring', 'Bookkeeping', 'Opening a bank account'][i], titleHi: ['सिलाई', 'हिसाब-किताब', 'बैंक खाता खोलना'][i] })),
    2,
  );
  // Four participants: all three sessions, two, one, and the first two.
  const attended = [[0, 1, 2], [0, 2], [1], [0, 1]];
  await services.dataSource.transaction(async (m) => {
    for (const [n, which] of attended.entries()) {
      const [user] = await queryRows<{ id: string }>(
        m,
        `INSERT INTO users (name, email, category, status) VALUES ($1, $2, 'graduate', 'active') RETURNING id`,
        [['Sunita Devi', 'Rekha Yadav', 'Pooja Kushwaha', 'Anita Maurya'][n], `demo.participant${n + 1}@example.org`],
      );
      const [reg] = await queryRows<{ id: string }>(m, `INSERT INTO registrations (event_id, user_id) VALUES ($1, $2) RETURNING id`, [past, user.id]);
      for (const i of which) {
        const at = new Date(`${shift(today, -18 + i)}T11:05:00+05:30`);
        await m.query(`INSERT INTO session_attendance (registration_id, session_id, checked_in_at) VALUES ($1, $2, $3)`, [reg.id, sessionIds[i], at]);
      }
      await m.query(`UPDATE registrations SET checked_in_at = (SELECT min(checked_in_at) FROM session_attendance WHERE registration_id = $1) WHERE id = $1`, [reg.id]);
    }
    await m.query(`UPDATE events SET registered_count = (SELECT count(*) FROM registrations WHERE event_id = $1) WHERE id = $1`, [past]);
  });
}

/**
 * Sessions written as the event service would, without its reminder scheduling: seeding runs before the
 * job queue starts, and the start-up's scheduleMissing gives seeded events their reminder job.
 */
async function writeSessions(services: Services, eventId: string, sessions: EventSessionInput[], minSessions: number): Promise<string[]> {
  const planned = planSessions(sessions);
  const span = spanOf(planned);
  return services.dataSource.transaction(async (m) => {
    const rows = await services.sessions.write(m, eventId, planned);
    await m.query(`UPDATE events SET date = $2, time = $3, end_date = $4, end_time = $5, starts_at = $6, certificate_min_sessions = $7 WHERE id = $1`, [
      eventId, span.date, span.time, span.endDate, span.endTime, span.startsAt, minSessions,
    ]);
    return rows.map((r) => r.id);
  });
}
