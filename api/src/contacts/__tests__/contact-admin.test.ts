import { createTestContext, type TestContext } from '../../test/harness';
import { standardScenario } from '../../test/scenarios';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
let auth: string;
let ids: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  s = await standardScenario(ctx);
  auth = `Bearer ${s.tokens.admin}`;
  ids = [];
  for (const n of [1, 2, 3]) {
    const res = await ctx.http.post('/api/contact').send({ name: `Visitor ${n}`, email: `v${n}@mail.test`, phone: '9876543210', subject: `Question ${n}`, message: 'Hello' });
    ids.push(res.body.data.id);
  }
});
afterAll(() => ctx.close());

describe('contact submissions (admin)', () => {
  it('GET /api/contact lists them under data (admin only)', async () => {
    const res = await ctx.http.get('/api/contact').set('authorization', auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
    expect(res.body.data[0]).toMatchObject({ status: 'new' });
    expect(res.body.data[0]._id).toBe(res.body.data[0].id);
    expect((await ctx.http.get('/api/contact')).status).toBe(401);
    expect((await ctx.http.get('/api/contact').set('authorization', `Bearer ${s.tokens.member}`)).status).toBe(403);
  });

  it('PUT /api/contact/:id changes the status freely among new, in-progress, resolved; audited', async () => {
    for (const status of ['in-progress', 'resolved', 'new']) {
      const res = await ctx.http.put(`/api/contact/${ids[0]}`).set('authorization', auth).send({ status });
      expect([res.status, res.body.data.status]).toEqual([200, status]);
    }
    const bad = await ctx.http.put(`/api/contact/${ids[0]}`).set('authorization', auth).send({ status: 'done' });
    expect([bad.status, bad.body.message]).toEqual([400, 'Status must be new, in-progress or resolved']);
    expect((await ctx.http.put('/api/contact/00000000-0000-4000-8000-000000000000').set('authorization', auth).send({ status: 'new' })).status).toBe(404);
    const log = await ctx.db.dataSource.query(`SELECT before, after FROM audit_log WHERE entity_id = $1 ORDER BY created_at, (after->>'status')`, [ids[0]]);
    expect(log).toHaveLength(3);
    expect(log.map((e: any) => `${e.before.status}->${e.after.status}`).sort()).toEqual(['in-progress->resolved', 'new->in-progress', 'resolved->new']);
  });

  it('GraphQL: contactSubmissions, contactSubmission, updateContactStatus', async () => {
    const page = await ctx.gql(`{ contactSubmissions(limit: 2) { total items { id subject } } }`, {}, s.tokens.admin);
    expect(page.data.contactSubmissions.total).toBe(3);
    expect(page.data.contactSubmissions.items).toHaveLength(2);
    const one = await ctx.gql(`query($id: ID!) { contactSubmission(id: $id) { subject status } }`, { id: ids[1] }, s.tokens.admin);
    expect(one.data.contactSubmission).toEqual({ subject: 'Question 2', status: 'NEW' });
    const upd = await ctx.gql(`mutation($id: ID!) { updateContactStatus(id: $id, status: IN_PROGRESS) { status } }`, { id: ids[1] }, s.tokens.admin);
    expect(upd.data.updateContactStatus.status).toBe('IN_PROGRESS');
  });

  it('the audit log is readable by admins (GraphQL auditLog, GET /api/admin/audit)', async () => {
    const gql = await ctx.gql(`{ auditLog(limit: 50) { total items { action entityType entityId actorEmail before after } } }`, {}, s.tokens.admin);
    const entry = gql.data.auditLog.items.find((e: any) => e.entityId === ids[1]);
    expect(entry).toMatchObject({ action: 'contact.status', entityType: 'contact_submission', actorEmail: s.admin.email });
    expect(JSON.parse(entry.before)).toEqual({ status: 'new' });
    expect(JSON.parse(entry.after)).toEqual({ status: 'in-progress' });
    const rest = await ctx.http.get('/api/admin/audit').set('authorization', auth);
    expect(rest.body.data.length).toBe(gql.data.auditLog.total);
  });
});
