import { AuditEntryEntity } from '../../audit/audit-entry.entity';
import { UserEntity } from '../../users/user.entity';
import { createTestContext, type TestContext } from '../../test/harness';
import { makeUser, standardScenario, userToken } from '../../test/scenarios';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
let n = 0;
const student = (extra: Record<string, unknown> = {}) => ({
  name: 'Pupil', fatherName: 'Father', email: `pupil${++n}-${Date.now().toString(36)}@example.org`, phone: '9876543210',
  district: 'Prayagraj', area: 'Civil Lines', schoolName: 'GIC', ...extra,
});
const as = (token: string) => ({
  post: (path: string, body: unknown) => ctx.http.post(`/api${path}`).set('authorization', `Bearer ${token}`).send(body as object),
  get: (path: string) => ctx.http.get(`/api${path}`).set('authorization', `Bearer ${token}`),
});
const statusOf = async (id: string) => (await ctx.db.dataSource.getRepository(UserEntity).findOneByOrFail({ id })).status;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await standardScenario(ctx);
});
afterAll(() => ctx.close());

describe('add student and list (REST)', () => {
  it('adds a pending student for the teacher, audited, and lists it', async () => {
    const body = student();
    const res = await as(s.tokens.teacher).post('/users/add-student', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Student added successfully!', data: { name: 'Pupil', email: body.email, category: 'student', status: 'pending', primaryEmail: s.teacher.email } });
    const row = await ctx.db.dataSource.getRepository(UserEntity).findOneByOrFail({ id: res.body.data.id });
    expect(row).toMatchObject({ primaryUserId: s.teacher.id, createdById: s.teacher.id });
    expect(await ctx.db.dataSource.getRepository(AuditEntryEntity).count({ where: { action: 'student.add', entityId: row.id, actorId: s.teacher.id } })).toBe(1);

    const list = await as(s.tokens.teacher).get('/users/getStudentsByPrimaryUser');
    expect(list.status).toBe(200);
    const ids = list.body.data.map((u: { _id: string }) => u._id);
    expect(ids).toEqual(expect.arrayContaining([row.id, s.student.id]));
    expect(list.body.data[0]).toEqual(expect.objectContaining({ _id: row.id, id: row.id, fatherName: 'Father', schoolName: 'GIC', district: 'Prayagraj', area: 'Civil Lines', status: 'pending', primaryEmail: s.teacher.email }));
    expect(typeof list.body.data[0].createdAt).toBe('string');
  });

  it('requires every field and refuses a taken e-mail', async () => {
    for (const key of ['name', 'fatherName', 'email', 'phone', 'district', 'area', 'schoolName']) {
      const body: Record<string, unknown> = student();
      delete body[key];
      const res = await as(s.tokens.teacher).post('/users/add-student', body);
      expect([key, res.status, res.body.msg]).toEqual([key, 400, 'Please fill all required fields']);
    }
    expect((await as(s.tokens.teacher).post('/users/add-student', student({ phone: '12345' }))).body.msg).toBe('Phone must be 10 digits');
    expect((await as(s.tokens.teacher).post('/users/add-student', student({ email: s.member.email }))).status).toBe(409);
  });

  it('is for approved teachers only', async () => {
    expect((await as(s.tokens.pendingTeacher).post('/users/add-student', student())).status).toBe(403);
    expect((await as(s.tokens.member).get('/users/getStudentsByPrimaryUser')).status).toBe(403);
    expect((await ctx.http.get('/api/users/getStudentsByPrimaryUser')).status).toBe(401);
  });

  it('GraphQL: addStudent and myStudents', async () => {
    const added = await ctx.gql(`mutation($i: StudentInput!) { addStudent(input: $i) { id category status primaryEmail createdBy { id name email } } }`, { i: student() }, s.tokens.teacher);
    expect(added.data.addStudent).toMatchObject({ category: 'STUDENT', status: 'PENDING', primaryEmail: s.teacher.email, createdBy: { id: s.teacher.id, email: s.teacher.email } });
    const mine = await ctx.gql(`{ myStudents { id } }`, {}, s.tokens.teacher);
    expect(mine.data.myStudents.map((u: { id: string }) => u.id)).toContain(added.data.addStudent.id);
    const other = await ctx.gql(`{ myStudents { id } }`, {}, s.tokens.member);
    expect(other.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('approve or reject (update-status)', () => {
  it('lets a teacher approve their own students', async () => {
    const a = (await as(s.tokens.teacher).post('/users/add-student', student())).body.data.id;
    const b = (await as(s.tokens.teacher).post('/users/add-student', student())).body.data.id;
    const res = await as(s.tokens.teacher).post('/users/update-status', { studentIds: [a, b], status: 'approved' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, updated: 2, message: '2 student(s) approved successfully' });
    expect([await statusOf(a), await statusOf(b)]).toEqual(['approved', 'approved']);
    expect(await ctx.db.dataSource.getRepository(AuditEntryEntity).count({ where: { action: 'users.approve', actorId: s.teacher.id } })).toBe(1);
  });

  it("refuses a foreign id and changes nothing (another teacher's student)", async () => {
    const other = await makeUser(ctx, { category: 'primary', status: 'approved' });
    const foreign = await makeUser(ctx, { category: 'student', status: 'pending', primaryUserId: other.id });
    const own = (await as(s.tokens.teacher).post('/users/add-student', student())).body.data.id;
    const res = await as(s.tokens.teacher).post('/users/update-status', { studentIds: [own, foreign.id], status: 'rejected' });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('You can only approve or reject your own students');
    expect([await statusOf(own), await statusOf(foreign.id)]).toEqual(['pending', 'pending']);
    // Teachers cannot approve teachers (or themselves).
    expect((await as(s.tokens.teacher).post('/users/update-status', { studentIds: [s.pendingTeacher.id], status: 'approved' })).status).toBe(403);
    expect((await as(userToken(ctx, other)).post('/users/update-status', { studentIds: [own], status: 'approved' })).status).toBe(403);
  });

  it('answers 400 for an empty list or bad status, 404 for unknown ids, 400 above 500 ids', async () => {
    const empty = await as(s.tokens.teacher).post('/users/update-status', { studentIds: [], status: 'approved' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('Please select at least one student to approve or reject.');
    expect((await as(s.tokens.teacher).post('/users/update-status', { studentIds: [s.student.id], status: 'active' })).status).toBe(400);
    expect((await as(s.tokens.teacher).post('/users/update-status', { studentIds: ['00000000-0000-4000-8000-000000000000'], status: 'approved' })).status).toBe(404);
    expect((await as(s.tokens.teacher).post('/users/update-status', { studentIds: ['garbage'], status: 'approved' })).status).toBe(404);
    const many = Array.from({ length: 501 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect((await as(s.tokens.teacher).post('/users/update-status', { studentIds: many, status: 'approved' })).status).toBe(400);
  });

  it('revokes the tokens of rejected accounts', async () => {
    const pupil = await makeUser(ctx, { category: 'student', status: 'pending', primaryUserId: s.teacher.id });
    const token = userToken(ctx, pupil);
    expect((await as(token).get('/users/get-single-user')).status).toBe(200);
    const gql = await ctx.gql(`mutation($i: ApprovalInput!) { setApprovalStatus(input: $i) { updated message } }`, { i: { userIds: [pupil.id], status: 'REJECTED' } }, s.tokens.teacher);
    expect(gql.data.setApprovalStatus).toEqual({ updated: 1, message: '1 student(s) rejected successfully' });
    expect((await as(token).get('/users/get-single-user')).status).toBe(401);
    const row = await ctx.db.dataSource.getRepository(UserEntity).findOneByOrFail({ id: pupil.id });
    expect(row.tokenVersion).toBe(pupil.tokenVersion + 1);
  });

  it('lets an admin approve teachers and anyone else, but not admins', async () => {
    const teacherAgain = await makeUser(ctx, { category: 'primary', status: 'pending' });
    const res = await as(s.tokens.admin).post('/users/update-status', { studentIds: [teacherAgain.id], status: 'approved' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('1 teacher(s) approved successfully');
    expect(await statusOf(teacherAgain.id)).toBe('approved');
    // The approved teacher can now use the teacher area.
    expect((await as(userToken(ctx, teacherAgain)).get('/users/getStudentsByPrimaryUser')).status).toBe(200);
    const otherAdmin = await makeUser(ctx, { category: 'admin', status: 'active' });
    expect((await as(s.tokens.admin).post('/users/update-status', { studentIds: [otherAdmin.id], status: 'rejected' })).status).toBe(403);
    // A user-kind token of an admin account is not an admin session.
    expect((await as(s.tokens.adminAsUser).post('/users/update-status', { studentIds: [s.student.id], status: 'approved' })).status).toBe(403);
  });
});
