import { createTestContext, type TestContext } from '../../test/harness';
import { makeEvent, makeUser, shiftDays, userToken } from '../../test/scenarios';

/** Signed-out reads of the public event lists over GraphQL are answered once and replayed until a write. */
describe('shared GraphQL answers for signed-out event reads', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { SQL_STATEMENT_HEADER: '1' } });
    await makeEvent(ctx, { title: 'First', daysFromToday: 3 });
    await makeEvent(ctx, { title: 'Second', daysFromToday: 5, maxParticipants: 10 });
  });
  afterAll(() => ctx.close());

  const query = '{ events(filter: { when: UPCOMING }, limit: 20) { total items { id title registeredCount isFull isRegistered } } }';
  const post = (body: unknown, headers: Record<string, string> = {}) => {
    let req = ctx.http.post('/graphql').set('content-type', 'application/json');
    for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
    return req.send(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const statements = (res: { headers: Record<string, string> }) => Number(res.headers['x-sql-statements']);

  it('replays the same answer without touching the database, and a write shows at once', async () => {
    const first = await post({ query });
    expect(first.status).toBe(200);
    expect(statements(first)).toBeGreaterThan(0);
    const second = await post({ query });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(statements(second)).toBe(0);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['content-type']).toMatch(/^application\/json/);

    await ctx.services.events.create(null, {
      title: 'Third', description: 'Added by an admin', category: 'general', date: shiftDays(ctx.services.events.today(), 9), time: '11:00', location: 'Naini',
    });
    const after = await post({ query });
    expect(after.body.data.events.total).toBe(first.body.data.events.total + 1);
    expect(after.body.data.events.items.map((e: { title: string }) => e.title)).toContain('Third');
  });

  it('shows a new registration count at once', async () => {
    const before = await post({ query });
    const second = before.body.data.events.items.find((e: { title: string }) => e.title === 'Second');
    const user = await makeUser(ctx, { category: 'secondary', status: 'active' });
    await ctx.services.registrations.register({ id: user.id, email: user.email, name: user.name, category: user.category, status: user.status, tokenKind: 'user' }, second.id);
    const after = await post({ query });
    expect(after.body.data.events.items.find((e: { id: string }) => e.id === second.id).registeredCount).toBe(second.registeredCount + 1);
    // Signed in, the same query is not shared: it runs and says whether this user is registered.
    const mine = await post({ query }, { authorization: `Bearer ${userToken(ctx, user)}` });
    expect(statements(mine)).toBeGreaterThan(0);
    expect(mine.body.data.events.items.find((e: { id: string }) => e.id === second.id).isRegistered).toBe(true);
    const anonymous = await post({ query });
    expect(anonymous.body.data.events.items.every((e: { isRegistered: boolean }) => e.isRegistered === false)).toBe(true);
  });

  it('does not share answers with errors, other root fields, or mutations', async () => {
    const bad = { query: '{ event(id: "00000000-0000-0000-0000-000000000000") { id title } }' };
    expect((await post(bad)).body.errors[0].extensions.code).toBe('NOT_FOUND');
    const again = await post(bad);
    expect(again.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(statements(again)).toBeGreaterThan(0);

    const other = { query: '{ events(limit: 1) { total } visitorCount }' };
    await post(other);
    expect(statements(await post(other))).toBeGreaterThan(0);
  });

  it('answers a malformed body as before, and gives CORS and gzip on a replayed answer', async () => {
    const malformed = await post('{"query": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].extensions.code).toBe('VALIDATION');

    await post({ query });
    const allowed = await post({ query }, { origin: ctx.config.publicOrigin });
    expect(statements(allowed)).toBe(0);
    expect(allowed.headers['access-control-allow-origin']).toBe(ctx.config.publicOrigin);
    const foreign = await post({ query }, { origin: 'https://elsewhere.example' });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();

    // supertest unzips the body it reads
    const zipped = await post({ query }, { 'accept-encoding': 'gzip' });
    expect(statements(zipped)).toBe(0);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body.data.events.total).toBeGreaterThan(0);
  });
});
