import { createTestContext, type TestContext } from '../../test/harness';
import { makeEvent, makeUser, userToken } from '../../test/scenarios';

/** 'My events': the signed-in person's own events, registered (upcoming and past) and waiting. */
describe('myEvents', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const query = '{ myEvents { upcoming { id title isRegistered } past { id title } waiting { id title myWaitlist { status position } } } }';

  it('lists the upcoming and past events a person registered for, and those they wait for; nobody else\'s', async () => {
    const me = await makeUser(ctx, { category: 'graduate', status: 'active' });
    const other = await makeUser(ctx, { category: 'graduate', status: 'active' });
    const soon = await makeEvent(ctx, { title: 'Soon', daysFromToday: 2 });
    const later = await makeEvent(ctx, { title: 'Later', daysFromToday: 9 });
    const over = await makeEvent(ctx, { title: 'Over', daysFromToday: -3 });
    const full = await makeEvent(ctx, { title: 'Full', daysFromToday: 4, maxParticipants: 1 });
    const notMine = await makeEvent(ctx, { title: 'Not mine', daysFromToday: 3 });
    const viewer = (u: typeof me) => ({ id: u.id, email: u.email, name: u.name, category: u.category, status: u.status, tokenKind: 'user' as const });
    await ctx.services.registrations.register(viewer(me), later.id);
    await ctx.services.registrations.register(viewer(me), soon.id);
    await ctx.services.registrations.register(viewer(other), notMine.id);
    await ctx.services.registrations.register(viewer(other), full.id);
    // A past registration (made before the event, as it would have been).
    await ctx.db.dataSource.query(`INSERT INTO registrations (event_id, user_id) VALUES ($1, $2)`, [over.id, me.id]);
    await ctx.services.waitlist.join(viewer(me), full.id);

    const res = await ctx.gql(query, {}, userToken(ctx, me));
    expect(res.errors).toBeUndefined();
    expect(res.data.myEvents.upcoming.map((e: { title: string }) => e.title)).toEqual(['Soon', 'Later']);
    expect(res.data.myEvents.upcoming.every((e: { isRegistered: boolean }) => e.isRegistered)).toBe(true);
    expect(res.data.myEvents.past.map((e: { title: string }) => e.title)).toEqual(['Over']);
    expect(res.data.myEvents.waiting).toEqual([{ id: full.id, title: 'Full', myWaitlist: { status: 'WAITING', position: 1 } }]);
  });

  it('is for signed-in people only', async () => {
    const res = await ctx.gql(query);
    expect(res.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
