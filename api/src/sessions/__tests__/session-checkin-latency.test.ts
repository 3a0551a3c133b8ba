import type { Viewer } from '../../common/access';
import { createTestContext, type TestContext } from '../../test/harness';
import { adminToken, makeUser, standardScenario } from '../../test/scenarios';

/**
 * The door's figure for events with sessions: the time from a typed code being sent to the answer that
 * names the person (POST /api/events/{id}/check-in with `code` and `sessionId`), median of 50 people,
 * each checked in at session 2 of a three-session event. The browser adds its rendering on top.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
const BASE = new Date('2026-06-17T14:05:00+05:30');

beforeAll(async () => {
  ctx = await createTestContext({ now: new Date('2026-06-15T10:00:00+05:30') });
  s = await standardScenario(ctx);
});
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
});

it('checks one person in at a session: median of 50', async () => {
  const token = adminToken(ctx, s.admin);
  const created = await ctx.http.post('/api/events').set('authorization', `Bearer ${token}`).send({
    title: 'Timing course', description: 'x', category: 'general', location: 'Prayagraj', date: '2026-06-17', time: '10:00',
    sessions: [
      { date: '2026-06-17', time: '10:00', endTime: '12:00' },
      { date: '2026-06-17', time: '14:00', endTime: '16:00' },
      { date: '2026-06-18', time: '10:00', endTime: '12:00' },
    ],
  });
  const event = created.body.data as { id: string; sessions: { id: string }[] };
  const codes: string[] = [];
  for (let i = 0; i < 50; i++) {
    const u = await makeUser(ctx, { email: `timing-${i}@example.org`, name: `Timing ${i}` });
    const viewer: Viewer = { id: u.id, email: u.email, name: u.name, category: u.category, status: u.status, tokenKind: 'user' };
    await ctx.services.registrations.register(viewer, event.id);
    const [row] = await ctx.db.dataSource.query(`SELECT checkin_code FROM registrations WHERE event_id = $1 AND user_id = $2`, [event.id, u.id]);
    codes.push(`${row.checkin_code.slice(0, 4)}-${row.checkin_code.slice(4)}`);
  }
  ctx.clock.set(BASE);
  const doorToken = adminToken(ctx, s.admin);
  const times: number[] = [];
  for (const [i, code] of codes.entries()) {
    const t0 = performance.now();
    const res = await ctx.http.post(`/api/events/${event.id}/check-in`).set('authorization', `Bearer ${doorToken}`).send({ code, sessionId: event.sessions[1].id });
    times.push(performance.now() - t0);
    expect(res.body).toMatchObject({ name: `Timing ${i}`, sessionId: event.sessions[1].id, alreadyCheckedIn: false });
  }
  times.sort((a, b) => a - b);
  const median = (times[24] + times[25]) / 2;
  console.log(`check-in at a session: median ${median.toFixed(1)} ms, p95 ${times[47].toFixed(1)} ms, max ${times[49].toFixed(1)} ms (50 people)`);
  expect(median).toBeLessThan(1000);
}, 600_000);
