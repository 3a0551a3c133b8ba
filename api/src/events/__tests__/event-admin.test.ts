import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createTestContext, type TestContext } from '../../test/harness';
import { realPng } from '../../test/images';
import { makeEvent, makeUser, standardScenario } from '../../test/scenarios';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
let auth: string;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await standardScenario(ctx);
  auth = `Bearer ${s.tokens.admin}`;
});
afterAll(() => ctx.close());

const fields = { title: 'Science fair', category: 'secondary', description: 'Projects by students', date: '2026-07-10', time: '10:30', location: 'GIC Hall' };
const multipart = (method: 'post' | 'put', url: string, body: Record<string, string>) => {
  let req = ctx.http[method](url).set('authorization', auth);
  for (const [k, v] of Object.entries(body)) req = req.field(k, v);
  return req;
};
const files = () => readdirSync(path.join(ctx.config.dataDir, 'uploads')).sort();

describe('POST /api/events (multipart)', () => {
  it('creates an event with its image; audited', async () => {
    const res = await multipart('post', '/api/events', { ...fields, maxParticipants: '40', endDate: '', speaker: 'Dr. Rao' }).attach('image', await realPng(800, 600), 'fair.png');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ title: 'Science fair', maxParticipants: 40, endDate: null, speaker: 'Dr. Rao', category: 'secondary' });
    expect(res.body.data.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{24}-1280\.webp$/);
    expect(res.body.data._id).toBe(res.body.data.id);
    const [entry] = await ctx.db.dataSource.query(`SELECT actor_id, before, after FROM audit_log WHERE entity_id = $1 AND action = 'event.create'`, [res.body.data.id]);
    expect(entry).toMatchObject({ actor_id: s.admin.id, before: null, after: { title: 'Science fair' } });
  });

  it("returns the admin form's messages", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ title: '' }, 'Title is required'],
      [{ category: '' }, 'Category is required'],
      [{ description: ' ' }, 'Description is required'],
      [{ date: '' }, 'Date is required'],
      [{ time: '25:00' }, 'Time is required'],
      [{ location: '' }, 'Location is required'],
      [{ maxParticipants: '0' }, 'Max participants must be at least 1'],
      [{ externalLink: 'javascript:alert(1)' }, 'External link must be a valid URL'],
      [{ endDate: '2026-07-09' }, 'The end must not be before the start'],
    ];
    for (const [override, message] of cases) {
      const res = await ctx.http.post('/api/events').set('authorization', auth).send({ ...fields, ...override });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
  });

  it('GraphQL createEvent with an uploaded imageKey', async () => {
    const up = await ctx.http.post('/api/uploads').set('authorization', auth).attach('image', await realPng(500, 500), 'x.png');
    const res = await ctx.gql(
      `mutation($input: EventInput!) { createEvent(input: $input) { id title imageUrl category } }`,
      { input: { ...fields, category: 'GRADUATE', imageKey: up.body.data.imageKey } },
      s.tokens.admin,
    );
    expect(res.data.createEvent).toMatchObject({ title: 'Science fair', category: 'GRADUATE', imageUrl: up.body.data.imageUrl });
  });
});

describe('PUT /api/events/:id', () => {
  it('accepts the file under imageUrl (the edit page) and replaces the old renditions', async () => {
    const created = await multipart('post', '/api/events', fields).attach('image', await realPng(300, 300), 'a.png');
    const oldKey = created.body.data.imageUrl.slice(9, 33);
    const res = await multipart('put', `/api/events/${created.body.data.id}`, { title: 'Science fair (edited)', imageUrl: created.body.data.imageUrl }).attach('imageUrl', await realPng(320, 200), 'b.png');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.title).toBe('Science fair (edited)');
    expect(res.body.data.imageUrl).not.toBe(created.body.data.imageUrl);
    expect(files().some((f) => f.startsWith(oldKey))).toBe(false);
    const [entry] = await ctx.db.dataSource.query(`SELECT before, after FROM audit_log WHERE entity_id = $1 AND action = 'event.update'`, [created.body.data.id]);
    expect(entry.before.title).toBe('Science fair');
    expect(entry.after.title).toBe('Science fair (edited)');
  });

  it('accepts JSON bodies; validates; 404 for unknown events', async () => {
    const e = await makeEvent(ctx, { date: '2026-08-01' });
    const ok = await ctx.http.put(`/api/events/${e.id}`).set('authorization', auth).send({ location: 'New hall', maxParticipants: '' });
    expect(ok.body.data).toMatchObject({ location: 'New hall', maxParticipants: null });
    expect((await ctx.http.put(`/api/events/${e.id}`).set('authorization', auth).send({ maxParticipants: 0 })).status).toBe(400);
    expect((await ctx.http.put(`/api/events/${e.id}`).set('authorization', auth).send({ endDate: '2026-07-01' })).body.message).toBe('The end must not be before the start');
    expect((await ctx.http.put(`/api/events/${e.id}`).set('authorization', auth).send({ externalLink: 'not a url' })).status).toBe(400);
    expect((await ctx.http.put('/api/events/00000000-0000-4000-8000-000000000000').set('authorization', auth).send({ title: 'x' })).status).toBe(404);
    const gql = await ctx.gql(`mutation($id: ID!) { updateEvent(id: $id, input: { speaker: "Prof. X" }) { speaker } }`, { id: e.id }, s.tokens.admin);
    expect(gql.data.updateEvent.speaker).toBe('Prof. X');
  });
});

describe('DELETE /api/events/:id and eventRegistrations', () => {
  it('lists who registered, then deletes the event with its images; 404 afterwards', async () => {
    const created = await multipart('post', '/api/events', fields).attach('image', await realPng(300, 300), 'a.png');
    const id = created.body.data.id;
    const key = created.body.data.imageUrl.slice(9, 33);
    const u = await makeUser(ctx, { name: 'Registered Person' });
    await ctx.db.dataSource.query('INSERT INTO registrations (event_id, user_id) VALUES ($1, $2)', [id, u.id]);
    const regs = await ctx.gql(`query($id: ID!) { eventRegistrations(eventId: $id) { id name } }`, { id }, s.tokens.admin);
    expect(regs.data.eventRegistrations).toEqual([{ id: u.id, name: 'Registered Person' }]);
    const del = await ctx.http.delete(`/api/events/${id}`).set('authorization', auth);
    expect(del.status).toBe(200);
    expect(files().some((f) => f.startsWith(key))).toBe(false);
    expect((await ctx.http.get(`/api/events/${id}`)).status).toBe(404);
    expect((await ctx.http.delete(`/api/events/${id}`).set('authorization', auth)).status).toBe(404);
    const gql = await ctx.gql(`mutation($id: ID!) { deleteEvent(id: $id) { success } }`, { id }, s.tokens.admin);
    expect(gql.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const [entry] = await ctx.db.dataSource.query(`SELECT before, after FROM audit_log WHERE entity_id = $1 AND action = 'event.delete'`, [id]);
    expect(entry.before.title).toBe('Science fair');
    expect(entry.after).toBeNull();
  });
});
