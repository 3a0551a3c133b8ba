import { createTestContext, type TestContext } from '../../test/harness';
import { adminToken, makeEvent, makeUser, standardScenario, userToken } from '../../test/scenarios';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
let auth: string;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await standardScenario(ctx);
  auth = `Bearer ${s.tokens.admin}`;
});
afterAll(() => ctx.close());

const post = (body: object) => ctx.http.post('/api/auth/users').set('authorization', auth).send(body);
const put = (id: string, body: object) => ctx.http.put(`/api/auth/users/${id}`).set('authorization', auth).send(body);
const base = { name: 'Ravi Kumar', phone: '9123456789', password: 'secret-1' };
let n = 0;
const email = () => `new${++n}@users.test`;

describe('user list (GET /api/users, users query)', () => {
  it('filters by category and status, searches name and email, pages with a total', async () => {
    const all = await ctx.http.get('/api/users?limit=2').set('authorization', auth);
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(2);
    expect(all.body.total).toBe(5);
    expect(all.body.data[0]._id).toBe(all.body.data[0].id);
    const teachers = await ctx.http.get('/api/users?category=primary').set('authorization', auth);
    expect(teachers.body.data.map((u: any) => u.name).sort()).toEqual(['Teacher Approved', 'Teacher Pending']);
    const pending = await ctx.http.get('/api/users?category=primary&status=pending').set('authorization', auth);
    expect(pending.body.data.map((u: any) => u.name)).toEqual(['Teacher Pending']);
    const search = await ctx.gql(`query { users(filter: { search: "student one" }) { total items { name primaryEmail } } }`, {}, s.tokens.admin);
    expect(search.data.users).toEqual({ total: 1, items: [{ name: 'Student One', primaryEmail: s.teacher.email }] });
    const byEmail = await ctx.http.get(`/api/users?search=${encodeURIComponent(s.member.email.toUpperCase())}`).set('authorization', auth);
    expect(byEmail.body.data.map((u: any) => u.id)).toEqual([s.member.id]);
    expect((await ctx.http.get('/api/users?category=all').set('authorization', auth)).body.total).toBe(5);
    expect((await ctx.http.get('/api/users?category=wizard').set('authorization', auth)).status).toBe(400);
  });

  it('students and teachers lists (REST get-students/get-teachers, GraphQL students/teachers)', async () => {
    const students = await ctx.http.get('/api/users/get-students?search=one').set('authorization', auth);
    expect(students.body.data.map((u: any) => u.name)).toEqual(['Student One']);
    const teachers = await ctx.gql(`{ teachers(search: "pending") { total items { name status } } }`, {}, s.tokens.admin);
    expect(teachers.data.teachers).toEqual({ total: 1, items: [{ name: 'Teacher Pending', status: 'PENDING' }] });
  });

  it('GET /api/auth/users/:id returns data; 404 for unknown or malformed ids', async () => {
    const res = await ctx.http.get(`/api/auth/users/${s.student.id}`).set('authorization', auth);
    expect(res.body.data).toMatchObject({ _id: s.student.id, fatherName: 'Father One', primaryEmail: s.teacher.email });
    expect(res.body.data.passwordHash).toBeUndefined();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await ctx.http.get(`/api/auth/users/${id}`).set('authorization', auth)).status).toBe(404);
    }
  });
});

describe('user admin form rules (UserInput, UserUpdateInput)', () => {
  it('name, email, phone are required for everyone', async () => {
    for (const [field, message] of [['name', 'Name is required'], ['email', 'Email is required'], ['phone', 'Phone is required']] as const) {
      const body: Record<string, unknown> = { ...base, email: email(), category: 'graduate' };
      delete body[field];
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBe(message);
    }
    expect((await post({ ...base, email: email(), category: 'graduate', phone: '12345' })).body.message).toBe('Phone must be 10 digits');
    expect((await post({ ...base, email: email(), category: 'wizard' })).body.message).toBe('Please select a valid user category');
  });

  it("a student needs father's name and an existing teacher's e-mail", async () => {
    const noFather = await post({ ...base, email: email(), category: 'student', primaryEmail: s.teacher.email });
    expect(noFather.status).toBe(400);
    expect(noFather.body.fields.fatherName).toBeDefined();
    const noTeacher = await post({ ...base, email: email(), category: 'student', fatherName: 'F' });
    expect(noTeacher.body.fields.primaryEmail).toBeDefined();
    const notATeacher = await post({ ...base, email: email(), category: 'student', fatherName: 'F', primaryEmail: s.member.email });
    expect(notATeacher.status).toBe(400);
    expect(notATeacher.body.message).toBe('No teacher has this email');
    const ok = await post({ ...base, email: email(), category: 'student', fatherName: 'F', primaryEmail: s.teacher.email.toUpperCase() });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ category: 'student', primaryEmail: s.teacher.email, createdBy: { name: 'Admin' } });
  });

  it('a teacher needs school name, district and area, but no password', async () => {
    const missing = await post({ name: 'T', phone: '9123456789', email: email(), category: 'primary', schoolName: 'GIC' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields).sort()).toEqual(['area', 'district']);
    const ok = await post({ name: 'T', phone: '9123456789', email: email(), category: 'primary', schoolName: 'GIC', district: 'Prayagraj', area: 'Naini' });
    expect(ok.status).toBe(201);
  });

  it('every other category needs a password of at least 6 characters', async () => {
    for (const category of ['graduate', 'secondary', 'student', 'admin']) {
      const res = await post({ name: 'P', phone: '9123456789', email: email(), category, fatherName: 'F', primaryEmail: s.teacher.email });
      expect(res.status).toBe(400);
      expect(res.body.fields.password).toBe('Password must be at least 6 characters');
    }
    expect((await post({ ...base, password: '12345', email: email(), category: 'graduate' })).body.message).toBe('Password must be at least 6 characters');
  });

  it('duplicate e-mail → 409; superadmin only by a superadmin', async () => {
    expect((await post({ ...base, email: s.member.email, category: 'graduate' })).status).toBe(409);
    expect((await post({ ...base, email: email(), category: 'superadmin' })).status).toBe(403);
    const superadmin = await makeUser(ctx, { category: 'superadmin', status: 'active' });
    const res = await ctx.gql(
      `mutation($input: UserInput!) { createUser(input: $input) { category createdBy { name } } }`,
      { input: { ...base, email: email(), category: 'SUPERADMIN' } },
      adminToken(ctx, superadmin),
    );
    expect(res.data.createUser.category).toBe('SUPERADMIN');
  });
});

describe('editing and deleting users', () => {
  it('edits fields; changing category or status ends the user\'s sessions; audited with before and after', async () => {
    const u = await makeUser(ctx, { category: 'graduate', status: 'active', name: 'Before Name' });
    const token = userToken(ctx, u);
    const rename = await put(u.id, { name: 'After Name' });
    expect(rename.status).toBe(200);
    expect(rename.body.data.name).toBe('After Name');
    expect((await ctx.services.viewers.fromToken(token)).viewer).not.toBeNull();
    const [entry] = await ctx.db.dataSource.query(`SELECT before, after FROM audit_log WHERE entity_id = $1 AND action = 'user.update'`, [u.id]);
    expect(entry.before.name).toBe('Before Name');
    expect(entry.after.name).toBe('After Name');

    const demote = await ctx.gql(`mutation($id: ID!) { updateUser(id: $id, input: { status: REJECTED }) { status } }`, { id: u.id }, s.tokens.admin);
    expect(demote.data.updateUser.status).toBe('REJECTED');
    expect((await ctx.services.viewers.fromToken(token)).viewer).toBeNull();
  });

  it('keeps the per-category rules on edit (switching to student needs a teacher)', async () => {
    const u = await makeUser(ctx, { category: 'graduate', status: 'active' });
    const res = await put(u.id, { category: 'student' });
    expect(res.status).toBe(400);
    const ok = await put(u.id, { category: 'student', fatherName: 'F', primaryEmail: s.teacher.email });
    expect(ok.body.data).toMatchObject({ category: 'student', primaryEmail: s.teacher.email });
  });

  it('an admin cannot delete, demote or disable themselves', async () => {
    expect((await ctx.http.delete(`/api/users/${s.admin.id}`).set('authorization', auth)).status).toBe(403);
    expect((await put(s.admin.id, { category: 'graduate' })).status).toBe(403);
    expect((await put(s.admin.id, { status: 'rejected' })).status).toBe(403);
    expect((await put(s.admin.id, { name: 'Admin Renamed' })).status).toBe(200);
  });

  it('deletes a user (and keeps event counters right); deleting what does not exist → 404', async () => {
    const u = await makeUser(ctx, { category: 'graduate', status: 'active' });
    const event = await makeEvent(ctx, { registeredCount: 1 });
    await ctx.db.dataSource.query('INSERT INTO registrations (event_id, user_id) VALUES ($1, $2)', [event.id, u.id]);
    const res = await ctx.http.delete(`/api/users/${u.id}`).set('authorization', auth);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const [row] = await ctx.db.dataSource.query('SELECT registered_count FROM events WHERE id = $1', [event.id]);
    expect(row.registered_count).toBe(0);
    expect((await ctx.http.delete(`/api/users/${u.id}`).set('authorization', auth)).status).toBe(404);
    const gql = await ctx.gql(`mutation { deleteUser(id: "00000000-0000-4000-8000-000000000000") { success } }`, {}, s.tokens.admin);
    expect(gql.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const [entry] = await ctx.db.dataSource.query(`SELECT before, after FROM audit_log WHERE entity_id = $1 AND action = 'user.delete'`, [u.id]);
    expect(entry.before.email).toBe(u.email);
    expect(entry.after).toBeNull();
  });
});

describe('approval calls of the teacher area, used by admins (POST /api/users/update-status)', () => {
  it('an admin approves a pending teacher and a student with POST /api/users/update-status', async () => {
    const teacher = await makeUser(ctx, { category: 'primary', status: 'pending', schoolName: 'GIC', district: 'P', area: 'A' });
    const res = await ctx.http.post('/api/users/update-status').set('authorization', auth).send({ studentIds: [teacher.id, s.student.id], status: 'approved' });
    expect(res.status).toBe(200);
    const rows = await ctx.db.dataSource.query('SELECT status FROM users WHERE id = ANY($1)', [[teacher.id, s.student.id]]);
    expect(rows.map((r: any) => r.status)).toEqual(['approved', 'approved']);
  });
});
