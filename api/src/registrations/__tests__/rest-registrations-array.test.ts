import { createTestContext, type TestContext } from '../../test/harness';
import { makeEvent, makeUser, userToken } from '../../test/scenarios';
import type { UserEntity } from '../../users/user.entity';

/**
 * Old REST clients count `registrations` and look for themselves in it: one entry per registration,
 * the caller's own carrying the caller's user id, everyone else's an opaque handle.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const register = (eventId: string, user: UserEntity) => ctx.http.post(`/api/events/${eventId}/register`).set('authorization', `Bearer ${userToken(ctx, user)}`).send();
const entriesOf = async (eventId: string, user?: UserEntity) => {
  const req = ctx.http.get(`/api/events/${eventId}`);
  const res = await (user ? req.set('authorization', `Bearer ${userToken(ctx, user)}`) : req);
  expect(res.status).toBe(200);
  return { ids: (res.body.data.registrations as { _id: string }[]).map((r) => r._id), count: res.body.data.registeredCount as number };
};

describe('REST events: the registrations array', () => {
  let people: UserEntity[];
  let eventId: string;
  beforeAll(async () => {
    eventId = (await makeEvent(ctx, { title: 'Science fair', maxParticipants: 10 })).id;
    people = [];
    for (let i = 0; i < 3; i++) people.push(await makeUser(ctx, { email: `array-${i}-${Date.now()}@example.org` }));
    for (const person of people) expect((await register(eventId, person)).status).toBe(200);
  });

  it('has one entry per registration for a visitor, and nobody’s user id', async () => {
    const { ids, count } = await entriesOf(eventId);
    expect(count).toBe(3);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    for (const person of people) expect(ids).not.toContain(person.id);
  });

  it('shows a registered caller their own user id, and only theirs', async () => {
    const [me, ...others] = people;
    const { ids } = await entriesOf(eventId, me);
    expect(ids).toHaveLength(3);
    expect(ids.filter((id) => id === me.id)).toHaveLength(1);
    for (const other of others) expect(ids).not.toContain(other.id);
    // The others' handles are the ones a visitor sees: stable, so a client can diff two answers.
    const visitor = await entriesOf(eventId);
    expect(ids.filter((id) => id !== me.id).every((id) => visitor.ids.includes(id))).toBe(true);
  });

  it('shows a caller who is not registered only handles', async () => {
    const stranger = await makeUser(ctx, { email: `stranger-${Date.now()}@example.org` });
    const { ids } = await entriesOf(eventId, stranger);
    expect(ids).toHaveLength(3);
    expect(ids).not.toContain(stranger.id);
    for (const person of people) expect(ids).not.toContain(person.id);
  });

  it('shrinks when someone unregisters, in lists as well as the single event', async () => {
    const leaving = people[2];
    const res = await ctx.http.post(`/api/events/${eventId}/unregister`).set('authorization', `Bearer ${userToken(ctx, leaving)}`).send();
    expect(res.status).toBe(200);
    expect(res.body.data.registrations).toHaveLength(2);
    expect((await entriesOf(eventId)).ids).toHaveLength(2);
    const list = await ctx.http.get('/api/events?when=all&limit=100');
    const listed = (list.body.data as { _id: string; registrations: unknown[]; registeredCount: number }[]).find((e) => e._id === eventId)!;
    expect(listed.registrations).toHaveLength(2);
    expect(listed.registeredCount).toBe(2);
  });
});
