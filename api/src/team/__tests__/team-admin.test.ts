import { createTestContext, type TestContext } from '../../test/harness';
import { realPng } from '../../test/images';
import { standardScenario } from '../../test/scenarios';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
let auth: string;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await standardScenario(ctx);
  auth = `Bearer ${s.tokens.admin}`;
});
afterAll(() => ctx.close());

const form = (method: 'post' | 'put', url: string, body: Record<string, string>) => {
  let req = ctx.http[method](url).set('authorization', auth);
  for (const [k, v] of Object.entries(body)) req = req.field(k, v);
  return req;
};
const member = { name: 'Meera Devi', designation: 'Coordinator', description: 'Runs the reading drive' };

describe('team members (admin)', () => {
  it('creates with socialLinks as JSON text and an image; updates; deletes; each audited', async () => {
    const created = await form('post', '/api/team', { ...member, socialLinks: JSON.stringify({ facebook: 'https://facebook.com/meera', github: '' }) }).attach('image', await realPng(400, 400), 'm.png');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, message: 'Team member added successfully', data: { name: 'Meera Devi', socialLinks: { facebook: 'https://facebook.com/meera', github: null } } });
    const id = created.body.data.id;
    expect(created.body.data.imageUrl).toMatch(/\.webp$/);

    const updated = await form('put', `/api/team/${id}`, { designation: 'Lead', socialLinks: '{"linkedin":"https://linkedin.com/in/meera"}' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ message: 'Team member updated successfully', data: { designation: 'Lead', imageUrl: created.body.data.imageUrl, socialLinks: { linkedin: 'https://linkedin.com/in/meera', facebook: null } } });

    const list = await ctx.http.get('/api/team');
    expect(list.body.map((m: any) => m.name)).toContain('Meera Devi');

    const del = await ctx.http.delete(`/api/team/${id}`).set('authorization', auth);
    expect(del.body).toMatchObject({ success: true, message: 'Team member deleted successfully' });
    expect((await ctx.http.delete(`/api/team/${id}`).set('authorization', auth)).status).toBe(404);
    const actions = (await ctx.db.dataSource.query(`SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY action`, [id])).map((r: any) => r.action);
    expect(actions).toEqual(['team.create', 'team.delete', 'team.update']);
  });

  it('validates: required fields, image on create only, http(s) links, malformed JSON → 400', async () => {
    const noImage = await form('post', '/api/team', member);
    expect([noImage.status, noImage.body.message]).toEqual([400, 'Image is required']);
    const noName = await form('post', '/api/team', { ...member, name: '' }).attach('image', await realPng(50, 50), 'a.png');
    expect([noName.status, noName.body.message]).toEqual([400, 'Name is required']);
    const badJson = await form('post', '/api/team', { ...member, socialLinks: '{facebook: nope' }).attach('image', await realPng(50, 50), 'a.png');
    expect([badJson.status, badJson.body.message]).toEqual([400, 'Social links must be a JSON object']);
    const badLink = await form('post', '/api/team', { ...member, socialLinks: '{"twitter":"javascript:alert(1)"}' }).attach('image', await realPng(50, 50), 'a.png');
    expect([badLink.status, badLink.body.message]).toEqual([400, 'Social links must be http(s) URLs']);
    expect((await ctx.db.dataSource.query('SELECT count(*)::int AS n FROM team_members'))[0].n).toBe(0);
  });

  it('GraphQL: createTeamMember with an imageKey, updateTeamMember, deleteTeamMember', async () => {
    const up = await ctx.http.post('/api/uploads').set('authorization', auth).attach('image', await realPng(300, 300), 'x.png');
    const created = await ctx.gql(
      `mutation($input: TeamMemberInput!) { createTeamMember(input: $input) { id name imageUrl socialLinks { github } } }`,
      { input: { ...member, imageKey: up.body.data.imageKey, socialLinks: { github: 'https://github.com/meera' } } },
      s.tokens.admin,
    );
    expect(created.data.createTeamMember).toMatchObject({ name: 'Meera Devi', imageUrl: up.body.data.imageUrl, socialLinks: { github: 'https://github.com/meera' } });
    const id = created.data.createTeamMember.id;
    const noImage = await ctx.gql(`mutation($input: TeamMemberInput!) { createTeamMember(input: $input) { id } }`, { input: member }, s.tokens.admin);
    expect(noImage.errors?.[0]).toMatchObject({ message: 'Image is required', extensions: { code: 'VALIDATION' } });
    const updated = await ctx.gql(`mutation($id: ID!) { updateTeamMember(id: $id, input: { name: "Meera D." }) { name } }`, { id }, s.tokens.admin);
    expect(updated.data.updateTeamMember.name).toBe('Meera D.');
    const deleted = await ctx.gql(`mutation($id: ID!) { deleteTeamMember(id: $id) { success id } }`, { id }, s.tokens.admin);
    expect(deleted.data.deleteTeamMember).toEqual({ success: true, id });
  });
});
