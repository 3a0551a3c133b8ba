import { TeamMemberEntity } from '../team-member.entity';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const repo = ctx.db.dataSource.getRepository(TeamMemberEntity);
  await repo.save(repo.create({ name: 'First', designation: 'President', description: 'Founder member', socialLinks: { facebook: 'https://facebook.com/first' }, createdAt: new Date('2026-01-01T00:00:00Z') }));
  await repo.save(repo.create({ name: 'Second', designation: 'Secretary', description: 'Runs programmes', socialLinks: {}, imageKey: 'a'.repeat(24), createdAt: new Date('2026-02-01T00:00:00Z') }));
});
afterAll(() => ctx.close());

describe('team members', () => {
  it('GET /api/team answers a plain array, oldest first, with _id and all four social links', async () => {
    const res = await ctx.http.get('/api/team');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((m: any) => m.name)).toEqual(['First', 'Second']);
    expect(res.body[0]._id).toBe(res.body[0].id);
    expect(res.body[0].socialLinks).toEqual({ facebook: 'https://facebook.com/first', linkedin: null, twitter: null, github: null });
    expect(res.body[1].imageUrl).toBe(`/uploads/${'a'.repeat(24)}-1280.webp`);
    expect(res.body[1].imageSrcSet).toContain(`${'a'.repeat(24)}-320.webp 320w`);
  });

  it('teamMembers query returns the same members', async () => {
    const { data } = await ctx.gql('{ teamMembers { name designation socialLinks { facebook github } imageUrl } }');
    expect(data.teamMembers).toEqual([
      { name: 'First', designation: 'President', socialLinks: { facebook: 'https://facebook.com/first', github: null }, imageUrl: null },
      { name: 'Second', designation: 'Secretary', socialLinks: { facebook: null, github: null }, imageUrl: `/uploads/${'a'.repeat(24)}-1280.webp` },
    ]);
  });
});
