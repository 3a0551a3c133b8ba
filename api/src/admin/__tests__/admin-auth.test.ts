import { IP_ATTEMPTS, INVALID_ADMIN, LOCK_THRESHOLD } from '../admin-auth.service';
import { createTestContext, type TestContext } from '../../test/harness';
import { adminToken, makeUser, userToken } from '../../test/scenarios';
import type { UserEntity } from '../../users/user.entity';

let ctx: TestContext;
let admin: UserEntity;
let superadmin: UserEntity;
let ipCounter = 0;
/** Each test uses its own client address, so the per-IP cap only bites where a test wants it to. */
const ip = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await makeUser(ctx, { name: 'Asha Admin', email: 'asha@admin.test', category: 'admin', status: 'active', password: 'admin-pass-1' });
  superadmin = await makeUser(ctx, { name: 'Sunil Super', email: 'sunil@admin.test', category: 'superadmin', status: 'active', password: 'super-pass-1' });
});
afterAll(() => ctx.close());

const login = (email: string, password: string, path = '/api/admin/login', from = ip()) =>
  ctx.http.post(path).set('x-forwarded-for', from).send({ email, password });

describe('admin sign-in (POST /api/admin/login and /api/auth/adminlogin)', () => {
  it('variant A: POST /api/admin/login returns a token and the admin; GET /api/admin/me returns the admin', async () => {
    const res = await login('ASHA@admin.test ', 'admin-pass-1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { _id: admin.id, email: 'asha@admin.test', category: 'admin' } });
    expect(res.body.user.passwordHash).toBeUndefined();
    const me = await ctx.http.get('/api/admin/me').set('authorization', `Bearer ${res.body.token}`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ success: true, user: { _id: admin.id, name: 'Asha Admin' }, data: { _id: admin.id } });
  });

  it('variant B: POST /api/auth/adminlogin returns token plus data; GET /api/auth/me returns success and user.category', async () => {
    const res = await login('sunil@admin.test', 'super-pass-1', '/api/auth/adminlogin');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { _id: superadmin.id, category: 'superadmin' }, user: { category: 'superadmin' } });
    const me = await ctx.http.get('/api/auth/me').set('authorization', `Bearer ${res.body.token}`);
    expect(me.body).toMatchObject({ success: true, user: { category: 'superadmin' } });
    const wrong = await login('sunil@admin.test', 'nope', '/api/auth/adminlogin');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ success: false, error: INVALID_ADMIN, msg: INVALID_ADMIN, message: INVALID_ADMIN });
  });

  it('GraphQL: adminLogin and adminMe', async () => {
    const res = await ctx.gql(`mutation($input: AdminLoginInput!) { adminLogin(input: $input) { success token user { id email category } } }`, { input: { email: 'asha@admin.test', password: 'admin-pass-1' } });
    expect(res.data.adminLogin).toMatchObject({ success: true, user: { id: admin.id, category: 'ADMIN' } });
    const me = await ctx.gql(`{ adminMe { id name category } }`, {}, res.data.adminLogin.token);
    expect(me.data.adminMe).toEqual({ id: admin.id, name: 'Asha Admin', category: 'ADMIN' });
  });

  it('requires email and password (400)', async () => {
    const res = await ctx.http.post('/api/admin/login').set('x-forwarded-for', ip()).send({ email: 'asha@admin.test' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Email and password are required');
  });

  it('lets only admin and superadmin in, with the same message as a wrong password', async () => {
    for (const category of ['primary', 'student', 'graduate', 'secondary'] as const) {
      const u = await makeUser(ctx, { category, status: 'approved', password: 'right-password' });
      const res = await login(u.email, 'right-password');
      expect(res.status).toBe(401);
      expect(res.body.error).toBe(INVALID_ADMIN);
    }
    const gql = await ctx.gql(`mutation { adminLogin(input: { email: "nobody@x.org", password: "whatever" }) { token } }`);
    expect(gql.errors?.[0]).toMatchObject({ message: INVALID_ADMIN, extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('a rejected admin cannot sign in', async () => {
    const rejected = await makeUser(ctx, { category: 'admin', status: 'rejected', password: 'right-password' });
    expect((await login(rejected.email, 'right-password')).status).toBe(401);
  });
});

describe('lockout after repeated wrong passwords', () => {
  it('locks from the 10th consecutive failure with a growing delay; same message as an unknown e-mail; success resets', async () => {
    const victim = await makeUser(ctx, { category: 'admin', status: 'active', password: 'correct-horse' });
    const unknown = await login('no-such-admin@admin.test', 'x');
    for (let i = 1; i < LOCK_THRESHOLD; i++) expect((await login(victim.email, `wrong-${i}`)).status).toBe(401);
    // Nine failures: counted, not locked yet.
    let row = (await ctx.db.dataSource.query('SELECT failed_logins, locked_until FROM users WHERE id = $1', [victim.id]))[0];
    expect(row).toMatchObject({ failed_logins: LOCK_THRESHOLD - 1, locked_until: null });

    const tenth = await login(victim.email, 'wrong-10');
    expect(tenth.status).toBe(401);
    expect(tenth.body).toEqual(unknown.body);
    row = (await ctx.db.dataSource.query('SELECT failed_logins, locked_until FROM users WHERE id = $1', [victim.id]))[0];
    expect(new Date(row.locked_until).getTime() - ctx.clock.now().getTime()).toBe(1000);

    // Locked: even the right password is refused, with the very same answer.
    const locked = await login(victim.email, 'correct-horse');
    expect(locked.status).toBe(401);
    expect(locked.body).toEqual(unknown.body);

    // The delay grows: 11th failure (after the first lock ends) locks for 2 s, then 4 s ...
    ctx.clock.advance(1000);
    await login(victim.email, 'wrong-11');
    row = (await ctx.db.dataSource.query('SELECT locked_until FROM users WHERE id = $1', [victim.id]))[0];
    expect(new Date(row.locked_until).getTime() - ctx.clock.now().getTime()).toBe(2000);
    ctx.clock.advance(2000);
    await login(victim.email, 'wrong-12');
    row = (await ctx.db.dataSource.query('SELECT locked_until FROM users WHERE id = $1', [victim.id]))[0];
    expect(new Date(row.locked_until).getTime() - ctx.clock.now().getTime()).toBe(4000);

    // ...capped at 15 minutes.
    await ctx.db.dataSource.query('UPDATE users SET failed_logins = 40, locked_until = NULL WHERE id = $1', [victim.id]);
    await login(victim.email, 'wrong-again');
    row = (await ctx.db.dataSource.query('SELECT locked_until FROM users WHERE id = $1', [victim.id]))[0];
    expect(new Date(row.locked_until).getTime() - ctx.clock.now().getTime()).toBe(15 * 60 * 1000);

    ctx.clock.advance(15 * 60 * 1000);
    const ok = await login(victim.email, 'correct-horse');
    expect(ok.status).toBe(200);
    row = (await ctx.db.dataSource.query('SELECT failed_logins, locked_until FROM users WHERE id = $1', [victim.id]))[0];
    expect(row).toMatchObject({ failed_logins: 0, locked_until: null });
  });

  it('caps attempts per client address: 429 with Retry-After', async () => {
    const from = '10.200.0.1';
    await ctx.db.dataSource.query(`INSERT INTO rate_limit_counters (key, window_start, count) VALUES ($1, $2, $3)`, [`admin-login:ip:${from}`, ctx.clock.now(), IP_ATTEMPTS.limit]);
    const res = await login('asha@admin.test', 'admin-pass-1', '/api/admin/login', from);
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.code).toBe('RATE_LIMITED');
    // Another address is unaffected.
    expect((await login('asha@admin.test', 'admin-pass-1')).status).toBe(200);
  });
});

describe('admin tokens', () => {
  it('expire sooner than user tokens', async () => {
    const res = await login('asha@admin.test', 'admin-pass-1');
    const member = await makeUser(ctx, { category: 'graduate', status: 'active' });
    const memberToken = userToken(ctx, member);
    ctx.clock.advance(9 * 3600 * 1000);
    expect((await ctx.http.get('/api/admin/me').set('authorization', `Bearer ${res.body.token}`)).status).toBe(401);
    await expect(ctx.services.viewers.fromToken(memberToken)).resolves.toMatchObject({ viewer: { id: member.id } });
    await expect(ctx.services.viewers.fromToken(res.body.token)).resolves.toMatchObject({ viewer: null });
    ctx.clock.advance(-9 * 3600 * 1000);
  });

  it('a user token (even of an admin account) on admin routes gets 403', async () => {
    const asUser = userToken(ctx, admin);
    const res = await ctx.http.get('/api/admin/me').set('authorization', `Bearer ${asUser}`);
    expect(res.status).toBe(403);
    const member = await makeUser(ctx, { category: 'graduate', status: 'active' });
    expect((await ctx.http.get('/api/users').set('authorization', `Bearer ${userToken(ctx, member)}`)).status).toBe(403);
  });
});

describe('admin registration (POST /api/admin/register)', () => {
  it('creates a new admin and returns the NEW admin\'s token and user; audited', async () => {
    const res = await ctx.http.post('/api/admin/register').set('authorization', `Bearer ${adminToken(ctx, admin)}`)
      .send({ name: 'Nina New', email: 'Nina@Admin.test', password: 'secret-1', phone: '9876543210' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, user: { name: 'Nina New', email: 'nina@admin.test', category: 'admin' } });
    const me = await ctx.http.get('/api/admin/me').set('authorization', `Bearer ${res.body.token}`);
    expect(me.body.user.email).toBe('nina@admin.test');
    expect((await login('nina@admin.test', 'secret-1')).status).toBe(200);
    const [entry] = await ctx.db.dataSource.query(`SELECT actor_id, action, after FROM audit_log WHERE entity_id = $1`, [res.body.user._id]);
    expect(entry).toMatchObject({ actor_id: admin.id, action: 'admin.register' });
    expect(entry.after.passwordHash).toBeUndefined();
  });

  it('refuses duplicates (409), bad input (400), and superadmin creation by a plain admin (403)', async () => {
    const auth = `Bearer ${adminToken(ctx, admin)}`;
    expect((await ctx.http.post('/api/admin/register').set('authorization', auth).send({ name: 'X', email: 'asha@admin.test', password: 'secret-1' })).status).toBe(409);
    const short = await ctx.http.post('/api/admin/register').set('authorization', auth).send({ name: 'X', email: 'x@admin.test', password: '123' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 6 characters');
    expect((await ctx.http.post('/api/admin/register').set('authorization', auth).send({ name: 'X', email: 'y@admin.test', password: 'secret-1', category: 'superadmin' })).status).toBe(403);
    const bySuper = await ctx.gql(
      `mutation($input: AdminRegistrationInput!) { registerAdmin(input: $input) { user { category } } }`,
      { input: { name: 'Zed', email: 'zed@admin.test', password: 'secret-1', category: 'SUPERADMIN' } },
      adminToken(ctx, superadmin),
    );
    expect(bySuper.data.registerAdmin.user.category).toBe('SUPERADMIN');
  });
});
