import bcrypt from 'bcrypt';
import { ensureAdminAccount } from '../../db/bootstrap-admin';
import { createTestContext, type TestContext } from '../../test/harness';
import { adminToken, makeUser } from '../../test/scenarios';

/** BCRYPT_COST (here 12, the default, not the 10 the admin's hashes and the dummy used to be fixed at) is one setting: every place that stores a password hashes it at that cost (the admin's used to be fixed at 10). */
let ctx: TestContext;
const hashOf = async (email: string): Promise<string> =>
  (await ctx.db.dataSource.query(`SELECT password_hash FROM users WHERE email = $1`, [email]))[0].password_hash;

beforeAll(async () => {
  ctx = await createTestContext({ env: { BCRYPT_COST: '12' } });
});
afterAll(() => ctx.close());

describe('passwords are hashed at BCRYPT_COST wherever they are set', () => {
  it('an admin registered by another admin', async () => {
    const admin = await makeUser(ctx, { email: 'cost-admin@test.local', category: 'admin', status: 'active', password: 'admin-pass-1' });
    const res = await ctx.http.post('/api/admin/register').set('authorization', `Bearer ${adminToken(ctx, admin)}`)
      .send({ name: 'Cost Check', email: 'cost-new@test.local', password: 'secret-1' });
    expect(res.status).toBe(201);
    expect(bcrypt.getRounds(await hashOf('cost-new@test.local'))).toBe(12);
    expect((await ctx.http.post('/api/admin/login').send({ email: 'cost-new@test.local', password: 'secret-1' })).status).toBe(200);
  });

  it('an account an admin creates with a password', async () => {
    const admin = await makeUser(ctx, { email: 'cost-admin-2@test.local', category: 'admin', status: 'active', password: 'admin-pass-1' });
    const res = await ctx.gql(
      `mutation($input: UserInput!) { createUser(input: $input) { id } }`,
      { input: { name: 'Graduate Person', email: 'cost-user@test.local', phone: '9876543210', category: 'GRADUATE', password: 'secret-22' } },
      adminToken(ctx, admin),
    );
    expect(res.errors).toBeUndefined();
    expect(bcrypt.getRounds(await hashOf('cost-user@test.local'))).toBe(12);
  });

  it('the start-up admin account', async () => {
    expect(await ensureAdminAccount(ctx.db.dataSource, 'startup@test.local', 'Startup-Password-1', ctx.config.bcryptCost)).toBe(true);
    expect(bcrypt.getRounds(await hashOf('startup@test.local'))).toBe(12);
  });
});

describe('an unknown e-mail costs what a known one does (a dummy hash at BCRYPT_COST)', () => {
  const time = async (path: string, email: string) => {
    const start = process.hrtime.bigint();
    await ctx.http.post(path).set('x-forwarded-for', `10.9.0.${Math.floor(Math.random() * 250)}`).send({ email, password: 'not-the-password' });
    return Number(process.hrtime.bigint() - start) / 1e6;
  };

  it.each([
    ['admin sign-in', '/api/admin/login', 'admin'],
    ['password sign-in', '/api/auth/loginWithPassword', 'graduate'],
  ] as const)('%s', async (_name, path, category) => {
    const known = await makeUser(ctx, { category, status: 'active' });
    // The known account's hash at the configured cost, as every write now makes it.
    await ctx.db.dataSource.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [known.id, await bcrypt.hash('pw-123456', ctx.config.bcryptCost)]);
    await time(path, 'warm-up@ghost.test');
    const unknownMs = (await time(path, 'ghost1@ghost.test')) + (await time(path, 'ghost2@ghost.test'));
    const knownMs = (await time(path, known.email)) + (await time(path, known.email));
    // bcrypt at cost 12 dominates both; a dummy at a lower cost (it was fixed at 10 while BCRYPT_COST defaults to 12)
    // would make unknown addresses answer 4x faster or more.
    expect(unknownMs).toBeGreaterThan(knownMs / 2);
  });
});
