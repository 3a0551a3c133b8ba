import jwt from 'jsonwebtoken';
import { OtpCodeEntity } from '../otp-code.entity';
import { UserEntity } from '../../users/user.entity';
import { createTestContext, type TestContext } from '../../test/harness';
import { makeUser, userToken } from '../../test/scenarios';
import { SmtpCapture } from '../../test/smtp-capture';

let ctx: TestContext;
let smtp: SmtpCapture;
let n = 0;
const email = (tag = 'u') => `${tag}${++n}-${Date.now().toString(36)}@example.org`;
/** Each call from its own network unless told otherwise, so the per-IP cap only bites where a test wants it. */
const ip = () => `10.${(n >> 8) & 255}.${n & 255}.${Math.floor(Math.random() * 250) + 1}`;
const post = (path: string, body: unknown, from = ip()) => ctx.http.post(`/api${path}`).set('X-Forwarded-For', from).send(body as object);
const MINUTE = 60_000;

beforeAll(async () => {
  smtp = new SmtpCapture();
  const url = await smtp.start();
  ctx = await createTestContext({ env: { SMTP_URL: url } });
});
afterAll(async () => {
  await ctx.close();
  await smtp.stop();
});

async function registerDialog(address: string, category = 'graduate') {
  const res = await post('/auth/register', { name: 'Asha Verma', email: address, phone: '9876543210', category });
  expect(res.status).toBe(200);
  return { userId: res.body.userId as string, code: await smtp.codeFor(address) };
}

describe('registration dialog over REST (POST /api/auth/register, /api/auth/verify-otp)', () => {
  it('sends a 6-digit code by e-mail and completes with a token', async () => {
    const address = email();
    const res = await post('/auth/register', { name: 'Asha Verma', email: address, phone: '9876543210', category: 'graduate' });
    expect(res.body).toMatchObject({ success: true, message: 'OTP sent to your email/phone' });
    expect(res.body.userId).toMatch(/^[0-9a-f-]{36}$/);
    const mail = await smtp.waitFor(address);
    expect(mail.raw).toContain('Gyan Jyoti Education Mission');
    const code = smtp.latestCode(address);
    expect(code).toMatch(/^\d{6}$/);
    // Only a hash is stored.
    const [row] = await ctx.db.dataSource.query(`SELECT code_hash FROM otp_codes WHERE email = $1`, [address]);
    expect(row.code_hash).not.toContain(code);

    const verified = await post('/auth/verify-otp', { userId: res.body.userId, otp: code });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, message: 'Registration completed successfully!', user: { email: address, category: 'graduate', status: 'active' } });
    const me = await ctx.http.get('/api/users/get-single-user').set('authorization', `Bearer ${verified.body.token}`);
    expect(me.body.data).toMatchObject({ _id: res.body.userId, id: res.body.userId, email: address, name: 'Asha Verma', phone: '9876543210', category: 'graduate', status: 'active' });
  });

  it('leaves a primary-category registration pending (admin approval)', async () => {
    const address = email();
    const { userId, code } = await registerDialog(address, 'primary');
    const verified = await post('/auth/verify-otp', { userId, otp: code });
    expect(verified.body.user).toMatchObject({ category: 'primary', status: 'pending' });
  });

  it.each([
    [{ name: 'A', email: 'a@example.org', phone: '9876543210', category: 'teacher' }, 400, 'Please select a valid user category'],
    [{ name: '', email: 'a@example.org', phone: '9876543210', category: 'graduate' }, 400, 'Please fill all required fields'],
    [{ name: 'A', email: 'a@example.org', category: 'graduate' }, 400, 'Please fill all required fields'],
    [{ name: 'A', email: 'a@example.org', phone: '98765', category: 'graduate' }, 400, 'Phone must be 10 digits'],
    [{ name: 'A', email: 'not-an-email', phone: '9876543210', category: 'graduate' }, 400, 'Invalid email address'],
  ])('rejects %j with %i %s', async (body, status, message) => {
    const res = await post('/auth/register', body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, msg: message, message, error: message });
  });

  it('never lets the public dialog create an admin', async () => {
    const address = email();
    const res = await post('/auth/register', { name: 'Mallory', email: address, phone: '9876543210', category: 'admin' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(await ctx.db.dataSource.getRepository(UserEntity).count({ where: { email: address } })).toBe(0);
  });

  it('answers 409 for an e-mail with a verified account, and re-sends for an unverified one', async () => {
    const existing = await makeUser(ctx, { email: email(), emailVerifiedAt: new Date() });
    const taken = await post('/auth/register', { name: 'X', email: existing.email, phone: '9876543210', category: 'graduate' });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('An account with this email already exists. Please log in.');

    const address = email();
    const first = await registerDialog(address);
    ctx.clock.advance(61_000);
    const again = await post('/auth/register', { name: 'Asha Renamed', email: address, phone: '9123456789', category: 'secondary' });
    expect(again.status).toBe(200);
    expect(again.body.userId).toBe(first.userId);
    const second = await smtp.codeFor(address, 2);
    // The new code voids the older one.
    const old = await post('/auth/verify-otp', { userId: first.userId, otp: first.code });
    if (first.code !== second) expect(old.status).toBe(400);
    const ok = await post('/auth/verify-otp', { userId: first.userId, otp: second });
    expect(ok.body.user).toMatchObject({ name: 'Asha Renamed', category: 'secondary', phone: '9123456789' });
  });
});

describe('one-time code rules', () => {
  it('refuses wrong, malformed and reused codes with a clear 400', async () => {
    const address = email();
    const { userId, code } = await registerDialog(address);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await post('/auth/verify-otp', { userId, otp: wrong });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Invalid or expired OTP');
    expect((await post('/auth/verify-otp', { userId, otp: '12ab' })).body.msg).toBe('OTP must be 6 digits');
    expect((await post('/auth/verify-otp', { userId, otp: '' })).body.msg).toBe('OTP is required');
    expect((await post('/auth/verify-otp', { userId: 'not-a-uuid', otp: code })).body.msg).toBe('Invalid or expired OTP');
    expect((await post('/auth/verify-otp', { userId: '00000000-0000-4000-8000-000000000000', otp: code })).status).toBe(400);
    expect((await post('/auth/verify-otp', { userId, otp: code })).status).toBe(200);
    const reused = await post('/auth/verify-otp', { userId, otp: code });
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toBe('Invalid or expired OTP');
  });

  it('is valid just before 10 minutes and refused just after', async () => {
    const a = email();
    const first = await registerDialog(a);
    ctx.clock.advance(10 * MINUTE - 1000);
    expect((await post('/auth/verify-otp', { userId: first.userId, otp: first.code })).status).toBe(200);

    const b = email();
    const second = await registerDialog(b);
    ctx.clock.advance(10 * MINUTE + 1000);
    const late = await post('/auth/verify-otp', { userId: second.userId, otp: second.code });
    expect(late.status).toBe(400);
    expect(late.body.msg).toBe('Invalid or expired OTP');
  });

  it('locks a code after 5 wrong tries: the 6th try with the right code is refused', async () => {
    const address = email();
    const { userId, code } = await registerDialog(address);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect((await post('/auth/verify-otp', { userId, otp: wrong })).status).toBe(400);
    const sixth = await post('/auth/verify-otp', { userId, otp: code });
    expect(sixth.status).toBe(400);
    const [row] = await ctx.db.dataSource.query(`SELECT attempts FROM otp_codes WHERE user_id = $1`, [userId]);
    expect(row.attempts).toBe(5);
    // A new code (after the resend wait) works.
    ctx.clock.advance(61_000);
    await post('/auth/register', { name: 'Asha Verma', email: address, phone: '9876543210', category: 'graduate' });
    const fresh = await smtp.codeFor(address, 2);
    expect((await post('/auth/verify-otp', { userId, otp: fresh })).status).toBe(200);
  });

  it('counts concurrent guesses atomically: never more than 5 tries', async () => {
    const address = email();
    const { userId, code } = await registerDialog(address);
    const wrong = String((Number(code) + 3) % 1_000_000).padStart(6, '0');
    await Promise.all(Array.from({ length: 12 }, () => post('/auth/verify-otp', { userId, otp: wrong })));
    const [row] = await ctx.db.dataSource.query(`SELECT attempts FROM otp_codes WHERE user_id = $1`, [userId]);
    expect(row.attempts).toBe(5);
    expect((await post('/auth/verify-otp', { userId, otp: code })).status).toBe(400);
  });

  it('sends at most one code per e-mail per 60 seconds (429 + Retry-After)', async () => {
    const address = email();
    await registerDialog(address);
    ctx.clock.advance(30_000);
    const again = await post('/auth/register', { name: 'Asha Verma', email: address, phone: '9876543210', category: 'graduate' });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('RATE_LIMITED');
    expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(31);
    expect(smtp.to(address)).toHaveLength(1);
    ctx.clock.advance(31_000);
    expect((await post('/auth/register', { name: 'Asha Verma', email: address, phone: '9876543210', category: 'graduate' })).status).toBe(200);
  });

  it('caps code requests per network at 100 an hour', async () => {
    const from = '203.0.113.77';
    for (let i = 0; i < 100; i++) expect((await post('/auth/login', { email: `nobody${i}@example.org` }, from)).status).toBe(404);
    const capped = await post('/auth/login', { email: 'nobody-else@example.org' }, from);
    expect(capped.status).toBe(429);
    expect(capped.body.msg).toMatch(/Too many codes/);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
    // Other networks are not affected.
    expect((await post('/auth/login', { email: 'nobody-else@example.org' })).status).toBe(404);
  });
});

describe('sign-in by code', () => {
  it('REST: login → userId, verify-login-otp → token; unknown e-mail → 404', async () => {
    const user = await makeUser(ctx, { email: email() });
    const res = await post('/auth/login', { email: user.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.userId).toBe(user.id);
    const code = await smtp.codeFor(user.email);
    const verified = await post('/auth/verify-login-otp', { userId: user.id, otp: code });
    expect(verified.status).toBe(200);
    expect(typeof verified.body.token).toBe('string');
    expect((await ctx.http.get('/api/users/get-single-user/').set('authorization', `Bearer ${verified.body.token}`)).body.data.id).toBe(user.id);
    const unknown = await post('/auth/login', { email: email('nobody') });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('No account found with this email');
  });

  it('GraphQL: requestLoginCode and verifyLoginCode', async () => {
    const user = await makeUser(ctx, { email: email() });
    const sent = await ctx.gql(`mutation($e: String!) { requestLoginCode(email: $e) { userId message } }`, { e: user.email });
    expect(sent.data.requestLoginCode.userId).toBe(user.id);
    const code = await smtp.codeFor(user.email);
    const ok = await ctx.gql(`mutation($i: VerifyCodeInput!) { verifyLoginCode(input: $i) { token message user { id email category status } } }`, { i: { userId: user.id, otp: code } });
    expect(ok.data.verifyLoginCode.user).toMatchObject({ id: user.id, category: 'GRADUATE', status: 'ACTIVE' });
    const me = await ctx.gql(`{ me { id email } }`, {}, ok.data.verifyLoginCode.token);
    expect(me.data.me.id).toBe(user.id);
  });

  it('GraphQL: a document with two aliased code checks is rejected and consumes nothing', async () => {
    const user = await makeUser(ctx, { email: email() });
    await ctx.gql(`mutation($e: String!) { requestLoginCode(email: $e) { userId } }`, { e: user.email });
    const code = await smtp.codeFor(user.email);
    const twice = await ctx.gql(
      `mutation($a: VerifyCodeInput!, $b: VerifyCodeInput!) { a: verifyLoginCode(input: $a) { token } b: verifyLoginCode(input: $b) { token } }`,
      { a: { userId: user.id, otp: '000000' }, b: { userId: user.id, otp: code } },
    );
    expect(twice.data).toBeUndefined();
    expect(twice.errors?.[0].message).toMatch(/only one code/);
    const mixed = await ctx.gql(
      `mutation($a: VerifyCodeInput!, $p: PasswordLoginInput!) { verifyRegistration(input: $a) { token } loginWithPassword(input: $p) { token } }`,
      { a: { userId: user.id, otp: code }, p: { email: user.email, password: 'x' } },
    );
    expect(mixed.data).toBeUndefined();
    const [row] = await ctx.db.dataSource.query(`SELECT attempts FROM otp_codes WHERE user_id = $1`, [user.id]);
    expect(row.attempts).toBe(0);
    const single = await ctx.gql(`mutation($a: VerifyCodeInput!) { verifyLoginCode(input: $a) { token } }`, { a: { userId: user.id, otp: code } });
    expect(single.data.verifyLoginCode.token).toBeTruthy();
  });

  it('GraphQL: register and verifyRegistration', async () => {
    const address = email();
    const sent = await ctx.gql(`mutation($i: RegisterInput!) { register(input: $i) { userId message } }`, {
      i: { name: 'Ravi', email: address, phone: '9876543210', category: 'secondary' },
    });
    expect(sent.data.register.message).toBe('OTP sent to your email/phone');
    const code = await smtp.codeFor(address);
    const done = await ctx.gql(`mutation($i: VerifyCodeInput!) { verifyRegistration(input: $i) { token message user { category status } } }`, {
      i: { userId: sent.data.register.userId, otp: code },
    });
    expect(done.data.verifyRegistration).toMatchObject({ message: 'Registration completed successfully!', user: { category: 'SECONDARY', status: 'ACTIVE' } });
    const bad = await ctx.gql(`mutation($i: RegisterInput!) { register(input: $i) { userId } }`, { i: { name: 'R', email: email(), phone: '9876543210', category: 'x' } });
    expect(bad.errors?.[0]).toMatchObject({ message: 'Please select a valid user category', extensions: { code: 'VALIDATION' } });
  });
});

describe('password sign-in', () => {
  it('returns token and user; wrong password → 401 Invalid email or password; also accepts e-mail + code', async () => {
    const user = await makeUser(ctx, { email: email(), password: 'secret-pass', category: 'primary', status: 'approved' });
    const ok = await post('/auth/loginWithPassword', { email: user.email, password: 'secret-pass' });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ id: user.id, category: 'primary' });
    for (const body of [{ email: user.email, password: 'wrong-pass' }, { email: email('ghost'), password: 'secret-pass' }, { email: user.email, password: 'x'.repeat(80) }]) {
      const bad = await post('/auth/loginWithPassword', body);
      expect(bad.status).toBe(401);
      expect(bad.body.msg).toBe('Invalid email or password');
    }
    await post('/auth/login', { email: user.email });
    const code = await smtp.codeFor(user.email);
    const byCode = await post('/auth/loginWithPassword', { email: user.email, otp: code });
    expect(byCode.status).toBe(200);
    expect(byCode.body.token).toBeTruthy();
    const gql = await ctx.gql(`mutation($i: PasswordLoginInput!) { loginWithPassword(input: $i) { token user { id } } }`, { i: { email: user.email, password: 'secret-pass' } });
    expect(gql.data.loginWithPassword.user.id).toBe(user.id);
  });

  it('locks an account for a while after 10 wrong passwords', async () => {
    const user = await makeUser(ctx, { email: email(), password: 'secret-pass' });
    for (let i = 0; i < 10; i++) expect((await post('/auth/loginWithPassword', { email: user.email, password: `wrong-${i}` })).status).toBe(401);
    const locked = await post('/auth/loginWithPassword', { email: user.email, password: 'secret-pass' });
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    ctx.clock.advance(16 * MINUTE);
    expect((await post('/auth/loginWithPassword', { email: user.email, password: 'secret-pass' })).status).toBe(200);
  });
});

describe('registration page variant (POST /api/auth/send-otp, then /api/auth/register with the code)', () => {
  const form = (address: string, otp: string, extra: Record<string, unknown> = {}) => ({
    name: 'Meena', email: address, phone: '9876543210', password: 'pass123', confirmPassword: 'pass123', userType: 'upperStudent', otp, ...extra,
  });

  it('send-otp then register with the whole form → token and userId', async () => {
    const address = email();
    const sent = await post('/auth/send-otp', { email: address, phone: '9876543210' });
    expect(sent.body).toMatchObject({ success: true });
    const code = await smtp.codeFor(address);
    const res = await post('/auth/register', form(address, code));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Registration completed successfully!' });
    expect(res.body.userId).toMatch(/^[0-9a-f-]{36}$/);
    const user = await ctx.db.dataSource.getRepository(UserEntity).findOneByOrFail({ id: res.body.userId });
    expect(user).toMatchObject({ category: 'secondary', status: 'active' });
    const login = await post('/auth/loginWithPassword', { email: address, password: 'pass123' });
    expect(login.status).toBe(200);
    const hash = (await ctx.db.dataSource.query(`SELECT password_hash FROM users WHERE id = $1`, [user.id]))[0].password_hash;
    expect(hash).toMatch(/^\$2[aby]\$04\$/); // cost 4 in tests; 12 by default outside them
  });

  it.each([
    [{ password: '12345', confirmPassword: '12345' }, 'Must be at least 6 characters'],
    [{ confirmPassword: 'other1' }, 'Passwords must match'],
    [{ phone: '123' }, 'Phone must be 10 digits'],
    [{ email: 'bad' }, 'Invalid email address'],
    [{ name: '' }, 'Required'],
    [{ otp: '' }, 'OTP is required'],
    [{ otp: '12345' }, 'OTP must be 6 digits'],
    [{ otp: '000000' }, 'Invalid or expired OTP'],
    [{ userType: 'wizard' }, 'Please select a valid user type'],
    [{ password: 'é'.repeat(40), confirmPassword: 'é'.repeat(40) }, 'Password is too long (at most 72 characters)'],
  ])('rejects %j with "%s"', async (extra, message) => {
    const address = email();
    const res = await post('/auth/register', form(address, '123456', extra));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(message);
  });

  it('GraphQL sendSignupCode + signUp; userType student → primary (pending); admin refused', async () => {
    const address = email();
    await ctx.gql(`mutation($i: SignupCodeInput!) { sendSignupCode(input: $i) { message } }`, { i: { email: address, phone: '9876543210' } });
    const code = await smtp.codeFor(address);
    const admin = await ctx.gql(`mutation($i: SignUpInput!) { signUp(input: $i) { token } }`, { i: form(address, code, { userType: 'admin' }) });
    expect(admin.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const res = await ctx.gql(`mutation($i: SignUpInput!) { signUp(input: $i) { token user { category status } } }`, { i: form(address, code, { userType: 'student' }) });
    expect(res.data.signUp.user).toEqual({ category: 'PRIMARY', status: 'PENDING' });
  });
});

describe('teacher registration without a code', () => {
  const teacher = (address: string) => ({ name: 'Sunita', email: address, phone: '9876543210', area: 'Civil Lines', district: 'Prayagraj', schoolName: 'GIC', password: 'teach123' });

  it('creates a pending teacher who can sign in but not use the teacher area until approved', async () => {
    const address = email();
    const res = await post('/auth/registerWithoutOtp', teacher(address));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Registration successful please login for adding students');
    const login = await post('/auth/loginWithPassword', { email: address, password: 'teach123' });
    expect(login.body.user).toMatchObject({ category: 'primary', status: 'pending' });
    const students = await ctx.http.get('/api/users/getStudentsByPrimaryUser').set('authorization', `Bearer ${login.body.token}`);
    expect(students.status).toBe(403);
    const dup = await post('/auth/registerWithoutOtp', teacher(address));
    expect(dup.status).toBe(409);
  });

  it('requires every field', async () => {
    for (const key of ['name', 'email', 'phone', 'area', 'district', 'schoolName', 'password']) {
      const body: Record<string, unknown> = teacher(email());
      delete body[key];
      const res = await post('/auth/registerWithoutOtp', body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('Please fill all required fields');
    }
    const gql = await ctx.gql(`mutation($i: TeacherRegistrationInput!) { registerTeacher(input: $i) { message } }`, { i: { ...teacher(email()), phone: '12' } });
    expect(gql.errors?.[0].message).toBe('Phone must be 10 digits');
  });
});

describe('profile', () => {
  it('updates name and phone only, both required', async () => {
    const user = await makeUser(ctx, { email: email(), category: 'graduate' });
    const token = userToken(ctx, user);
    const res = await ctx.http.put('/api/auth/update-profile').set('authorization', `Bearer ${token}`).send({ name: 'New Name', phone: '9000000001', category: 'admin', email: 'x@example.org', status: 'approved' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully');
    const after = await ctx.db.dataSource.getRepository(UserEntity).findOneByOrFail({ id: user.id });
    expect(after).toMatchObject({ name: 'New Name', phone: '9000000001', category: 'graduate', email: user.email, status: user.status });
    const missing = await ctx.http.put('/api/auth/update-profile').set('authorization', `Bearer ${token}`).send({ name: '' , phone: '9000000001' });
    expect(missing.status).toBe(400);
    expect((await ctx.http.put('/api/auth/update-profile').set('authorization', `Bearer ${token}`).send({ name: 'A', phone: '12' })).body.msg).toBe('Phone must be 10 digits');
    const gql = await ctx.gql(`mutation { updateProfile(input: { name: "Via GraphQL", phone: "9000000002" }) { name phone email } }`, {}, token);
    expect(gql.data.updateProfile).toEqual({ name: 'Via GraphQL', phone: '9000000002', email: user.email });
    expect((await ctx.http.put('/api/auth/update-profile').send({ name: 'A', phone: '9000000001' })).status).toBe(401);
  });
});

describe('tokens', () => {
  const secret = 'test-secret-that-is-long-enough-0123456789abcdef';
  async function forged(user: UserEntity): Promise<Record<string, string>> {
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const claims = { ver: user.tokenVersion, kind: 'user', iat: now, exp: now + 3600 };
    const opts = { issuer: 'gyan-jyoti-api', audience: 'gyan-jyoti-user', subject: user.id } as const;
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ ...claims, iss: opts.issuer, aud: opts.audience, sub: user.id })).toString('base64url');
    return {
      none: `${header}.${body}.`,
      wrongSecret: jwt.sign(claims, 'another-secret-that-is-long-enough-000000000', { algorithm: 'HS256', ...opts }),
      expired: jwt.sign({ ...claims, iat: now - 7200, exp: now - 3600 }, secret, { algorithm: 'HS256', ...opts }),
      garbage: 'not.a.token',
      hs512: jwt.sign(claims, secret, { algorithm: 'HS512', ...opts }),
    };
  }

  it('refuses forged, expired, alg:none and garbage tokens on both transports', async () => {
    const user = await makeUser(ctx, { email: email() });
    for (const [kind, token] of Object.entries(await forged(user))) {
      const rest = await ctx.http.get('/api/users/get-single-user').set('authorization', `Bearer ${token}`);
      expect([kind, rest.status]).toEqual([kind, 401]);
      const gql = await ctx.gql(`{ me { id } }`, {}, token);
      expect([kind, gql.errors?.[0].extensions.code]).toEqual([kind, 'UNAUTHENTICATED']);
    }
    expect((await ctx.http.get('/api/users/get-single-user').set('authorization', `Bearer ${userToken(ctx, user)}`)).status).toBe(200);
  });

  it('a real token expires after 7 days', async () => {
    const user = await makeUser(ctx, { email: email() });
    const token = userToken(ctx, user);
    ctx.clock.advance(7 * 24 * 3600_000 + 1000);
    expect((await ctx.http.get('/api/users/get-single-user').set('authorization', `Bearer ${token}`)).status).toBe(401);
  });

  it('revokeTokens (bump the version) makes old tokens 401', async () => {
    const user = await makeUser(ctx, { email: email() });
    const token = userToken(ctx, user);
    expect((await ctx.http.get('/api/users/get-single-user').set('authorization', `Bearer ${token}`)).status).toBe(200);
    await ctx.services.users.revokeTokens(user.id);
    expect((await ctx.http.get('/api/users/get-single-user').set('authorization', `Bearer ${token}`)).status).toBe(401);
    expect((await ctx.gql(`{ me { id } }`, {}, token)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('stored codes', () => {
  it('keeps no code usable unless its mail went out', async () => {
    const rows = await ctx.db.dataSource.getRepository(OtpCodeEntity).find();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
  });
});
