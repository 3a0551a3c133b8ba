import type { Viewer } from '../../common/access';
import { createTestContext, type TestContext } from '../../test/harness';
import { makeEvent, makeUser, standardScenario, userToken } from '../../test/scenarios';
import type { UserEntity } from '../../users/user.entity';
import { TEACHER_DETAILS } from '../teacher-details.seed';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await standardScenario(ctx);
});
afterAll(() => ctx.close());

const admin = () => `Bearer ${s.tokens.admin}`;
const viewerOf = (u: UserEntity): Viewer => ({ id: u.id, email: u.email, name: u.name, category: u.category, status: u.status, tokenKind: 'user' });
const GOOD = { school: 'GIC Civil Lines', district: 'prayagraj', subjects: ['maths', 'science'], 'classes-taught': ['class-6', 'class-7'] };
const answersOf = async (eventId: string, userId: string) =>
  (await ctx.db.dataSource.query(`SELECT answers FROM registrations WHERE event_id = $1 AND user_id = $2`, [eventId, userId]))[0]?.answers;
const teacherEvent = (fields = {}) => makeEvent(ctx, { questions: TEACHER_DETAILS, ...fields });

describe('an event\'s questions (admin writes, everyone reads)', () => {
  const base = { title: 'Questions workshop', category: 'primary', description: 'Desc', date: '2026-07-01', time: '10:00', location: 'Prayagraj' };

  it('POST /api/events (JSON) takes questions; GET /api/events/{id} answers them in the request language', async () => {
    const created = await ctx.http.post('/api/events').set('authorization', admin()).send({ ...base, questions: TEACHER_DETAILS });
    expect(created.status).toBe(201);
    const id = created.body.data?.id ?? created.body.data?._id ?? created.body.id;
    const en = await ctx.http.get(`/api/events/${id}`);
    expect(en.body.data.questions[0]).toEqual({ id: 'school', type: 'text', label: 'School', help: 'The full name of the school where you teach', required: true, options: [] });
    expect(en.body.data.questionDefs).toBeUndefined();
    const hi = await ctx.http.get(`/api/events/${id}?lang=hi`);
    expect(hi.body.data.questions[1]).toMatchObject({ id: 'district', type: 'single_choice', label: 'ज़िला' });
    expect(hi.body.data.questions[1].options).toContainEqual({ value: 'prayagraj', label: 'प्रयागराज' });
  });

  it('multipart bodies send questions as a JSON string; PUT replaces them; bad ones answer 400 per field', async () => {
    const form = ctx.http.post('/api/events').set('authorization', admin());
    for (const [k, v] of Object.entries(base)) form.field(k, v);
    const created = await form.field('questions', JSON.stringify([{ type: 'yes_no', label: 'Need lunch?', labelHi: 'दोपहर का भोजन चाहिए?' }]));
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const gq = await ctx.gql(`query($id: ID!) { event(id: $id) { questions { id type label required } questionDefinitions { labelHi } } }`, { id }, s.tokens.admin);
    expect(gq.data.event).toEqual({ questions: [{ id: 'need-lunch', type: 'YES_NO', label: 'Need lunch?', required: false }], questionDefinitions: [{ labelHi: 'दोपहर का भोजन चाहिए?' }] });

    const bad = await ctx.http.put(`/api/events/${id}`).set('authorization', admin()).send({ questions: [{ type: 'single_choice', label: '', options: [] }] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({ 'questions[0].label': expect.any(String), 'questions[0].options': expect.any(String) });
    const notJson = await ctx.http.put(`/api/events/${id}`).set('authorization', admin()).field('questions', '{oops');
    expect(notJson.status).toBe(400);
    expect(notJson.body.fields).toEqual({ questions: 'Questions must be a JSON list' });

    const put = await ctx.http.put(`/api/events/${id}`).set('authorization', admin()).send({ questions: [] });
    expect(put.status).toBe(200);
    expect((await ctx.http.get(`/api/events/${id}`)).body.data.questions).toEqual([]);
  });

  it('GraphQL createEvent takes typed questions', async () => {
    const r = await ctx.gql(
      `mutation($input: EventInput!) { createEvent(input: $input) { id questions { id type options { value label } } } }`,
      { input: { ...base, category: 'PRIMARY', questions: [{ type: 'SINGLE_CHOICE', label: 'Shift', options: [{ label: 'Morning' }, { label: 'Evening', labelHi: 'शाम' }] }] } },
      s.tokens.admin,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.createEvent.questions).toEqual([{ id: 'shift', type: 'SINGLE_CHOICE', options: [{ value: 'morning', label: 'Morning' }, { value: 'evening', label: 'Evening' }] }]);
  });
});

describe('registering with answers', () => {
  it('REST: a missing required answer or a wrong one answers 400 naming the question, and no place is taken', async () => {
    const event = await teacherEvent();
    const u = await makeUser(ctx);
    const none = await ctx.http.post(`/api/events/${event.id}/register`).set('authorization', `Bearer ${userToken(ctx, u)}`).send({});
    expect(none.status).toBe(400);
    expect(none.body.fields['answers.school']).toBe('"School" is required');
    const wrong = await ctx.http
      .post(`/api/events/${event.id}/register?lang=hi`)
      .set('authorization', `Bearer ${userToken(ctx, u)}`)
      .send({ answers: { ...GOOD, district: 'atlantis', subjects: 'maths', 'classes-taught': 7 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ 'answers.district': '"ज़िला": दिए गए विकल्पों में से चुनें', 'answers.classes-taught': expect.stringContaining('पढ़ाई जाने वाली कक्षाएँ') });
    expect((await ctx.http.get(`/api/events/${event.id}`)).body.data.registeredCount).toBe(0);

    const ok = await ctx.http.post(`/api/events/${event.id}/register`).set('authorization', `Bearer ${userToken(ctx, u)}`).send({ answers: GOOD });
    expect(ok.status).toBe(200);
    expect(await answersOf(event.id, u.id)).toEqual(GOOD);
  });

  it('REST: integrators who send no answers still register where nothing is required', async () => {
    const plain = await makeEvent(ctx);
    const u = await makeUser(ctx);
    const r = await ctx.http.post(`/api/events/${plain.id}/register`).set('authorization', `Bearer ${userToken(ctx, u)}`);
    expect(r.status).toBe(200);
    const optional = await makeEvent(ctx, { questions: [{ ...TEACHER_DETAILS[0], required: false }] });
    const r2 = await ctx.http.post(`/api/events/${optional.id}/register`).set('authorization', `Bearer ${userToken(ctx, u)}`);
    expect(r2.status).toBe(200);
    expect(await answersOf(optional.id, u.id)).toEqual({});
  });

  it('GraphQL: registerForEvent takes answers; VALIDATION carries the field', async () => {
    const event = await teacherEvent();
    const u = await makeUser(ctx);
    const doc = `mutation($id: ID!, $answers: [AnswerInput!]) { registerForEvent(eventId: $id, answers: $answers) { message event { registeredCount myAnswers { questionId value values display } } } }`;
    const bad = await ctx.gql(doc, { id: event.id, answers: [{ questionId: 'school', value: 'GIC' }] }, userToken(ctx, u));
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION', fields: { 'answers.district': '"District" is required' } });
    const ok = await ctx.gql(
      doc,
      { id: event.id, answers: [{ questionId: 'school', value: 'GIC' }, { questionId: 'district', value: 'kaushambi' }, { questionId: 'subjects', values: ['hindi'] }, { questionId: 'classes-taught', values: ['class-1'] }] },
      userToken(ctx, u),
    );
    expect(ok.errors).toBeUndefined();
    expect(ok.data.registerForEvent.event.registeredCount).toBe(1);
    expect(ok.data.registerForEvent.event.myAnswers).toContainEqual({ questionId: 'district', value: 'kaushambi', values: null, display: 'Kaushambi' });
    expect(ok.data.registerForEvent.event.myAnswers).toContainEqual({ questionId: 'subjects', value: null, values: ['hindi'], display: 'Hindi' });
  });
});

describe('editing answers until the start', () => {
  it('REST and GraphQL before the start; EVENT_PAST after; 404 when not registered', async () => {
    const event = await teacherEvent({ daysFromToday: 0, time: '18:00' }); // 10:00 now, India time
    const u = await makeUser(ctx);
    const token = userToken(ctx, u);
    await ctx.services.registrations.register(viewerOf(u), event.id, GOOD);

    const mine = await ctx.http.get(`/api/events/${event.id}/answers`).set('authorization', `Bearer ${token}`);
    expect(mine.body.data).toMatchObject({ answers: GOOD, editable: true });
    expect(mine.body.data.questions).toHaveLength(4);

    const put = await ctx.http.put(`/api/events/${event.id}/answers`).set('authorization', `Bearer ${token}`).send({ answers: { ...GOOD, school: 'New school' } });
    expect(put.status).toBe(200);
    expect(await answersOf(event.id, u.id)).toMatchObject({ school: 'New school' });
    const badPut = await ctx.http.put(`/api/events/${event.id}/answers`).set('authorization', `Bearer ${token}`).send({ answers: { ...GOOD, school: '' } });
    expect(badPut.status).toBe(400);
    expect(badPut.body.fields).toEqual({ 'answers.school': '"School" is required' });

    const gql = await ctx.gql(
      `mutation($input: UpdateAnswersInput!) { updateMyAnswers(input: $input) { message answers { questionId display } } }`,
      { input: { eventId: event.id, answers: [{ questionId: 'school', value: 'GQL school' }, { questionId: 'district', value: 'varanasi' }, { questionId: 'subjects', values: ['maths'] }, { questionId: 'classes-taught', values: ['class-2', 'class-1'] }] } },
      token,
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.updateMyAnswers.answers).toContainEqual({ questionId: 'classes-taught', display: 'Class 1; Class 2' });

    const stranger = await ctx.http.put(`/api/events/${event.id}/answers`).set('authorization', `Bearer ${s.tokens.member}`).send({ answers: GOOD });
    expect(stranger.status).toBe(404);

    ctx.clock.advance(9 * 3_600_000);
    try {
      const late = await ctx.http.put(`/api/events/${event.id}/answers`).set('authorization', `Bearer ${token}`).send({ answers: GOOD });
      expect(late.status).toBe(409);
      expect(late.body.code ?? late.body.error).toBeDefined();
      const lateGql = await ctx.gql(`mutation($input: UpdateAnswersInput!) { updateMyAnswers(input: $input) { message } }`, { input: { eventId: event.id, answers: [] } }, token);
      expect(lateGql.errors?.[0].extensions.code).toBe('EVENT_PAST');
      expect((await ctx.http.get(`/api/events/${event.id}/answers`).set('authorization', `Bearer ${token}`)).body.data.editable).toBe(false);
      expect(await answersOf(event.id, u.id)).toMatchObject({ school: 'GQL school' });
    } finally {
      ctx.clock.advance(-9 * 3_600_000);
    }
  });
});

describe('the waiting list', () => {
  it('joining takes answers (checked), and they become the registration\'s when the offered place is taken', async () => {
    const event = await teacherEvent({ maxParticipants: 1 });
    const first = await makeUser(ctx);
    await ctx.services.registrations.register(viewerOf(first), event.id, GOOD);
    const waiting = await makeUser(ctx);
    await expect(ctx.services.waitlist.join(viewerOf(waiting), event.id, {})).rejects.toMatchObject({ code: 'VALIDATION' });
    const joined = await ctx.http.post(`/api/events/${event.id}/waitlist`).set('authorization', `Bearer ${userToken(ctx, waiting)}`).send({ answers: { ...GOOD, school: 'Waiting school' } });
    expect(joined.status).toBe(200);
    await ctx.services.registrations.unregister(viewerOf(first), event.id);
    await ctx.services.jobs.runDue();
    const accepted = await ctx.http.post(`/api/events/${event.id}/waitlist/accept`).set('authorization', `Bearer ${userToken(ctx, waiting)}`);
    expect(accepted.status).toBe(200);
    expect(await answersOf(event.id, waiting.id)).toMatchObject({ school: 'Waiting school' });
  });
});

describe('admins see the answers', () => {
  it('eventAnswers, GET /api/admin/events/{id}/answers and a CSV column per question', async () => {
    const event = await teacherEvent();
    const a = await makeUser(ctx, { name: 'Asha' });
    const b = await makeUser(ctx, { name: 'Bina' });
    await ctx.services.registrations.register(viewerOf(a), event.id, GOOD);
    await ctx.services.registrations.register(viewerOf(b), event.id, { ...GOOD, school: 'Other, "quoted"', subjects: ['hindi'] });

    const gql = await ctx.gql(`query($id: ID!) { eventAnswers(eventId: $id) { userId answers { questionId display } } }`, { id: event.id }, s.tokens.admin);
    expect(gql.data.eventAnswers).toHaveLength(2);
    expect(gql.data.eventAnswers.find((r: { userId: string }) => r.userId === b.id).answers).toContainEqual({ questionId: 'subjects', display: 'Hindi' });
    const rest = await ctx.http.get(`/api/admin/events/${event.id}/answers`).set('authorization', admin());
    expect(rest.body.data).toContainEqual({ userId: a.id, answers: GOOD });
    const denied = await ctx.http.get(`/api/admin/events/${event.id}/answers`).set('authorization', `Bearer ${s.tokens.member}`);
    expect(denied.status).toBe(403);

    const res = await ctx.http.get(`/api/admin/export/events/${event.id}/registrations.csv`).set('authorization', admin()).buffer(true).parse((r, cb) => {
      let d = ''; r.setEncoding('utf8'); r.on('data', (c: string) => (d += c)); r.on('end', () => cb(null, d));
    });
    const rows = (res.body as string).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows[0]).toBe('id,name,email,phone,category,status,fatherName,schoolName,district,area,primaryEmail,createdAt,School,District (answer),Subjects,Classes taught');
    expect(rows.find((r) => r.includes('Asha'))).toMatch(/,GIC Civil Lines,Prayagraj,Mathematics; Science,Class 6; Class 7$/);
    expect(rows.find((r) => r.includes('Bina'))).toMatch(/,"Other, ""quoted""",Prayagraj,Hindi,Class 6; Class 7$/);
  });
});

describe('question sets', () => {
  it('REST: save, replace by name, list, delete; bad input 400; admins only', async () => {
    const saved = await ctx.http.post('/api/admin/question-sets').set('authorization', admin()).send({ name: 'Parents', questions: [{ type: 'number', label: 'Children' }] });
    expect(saved.status).toBe(201);
    const again = await ctx.http.post('/api/admin/question-sets').set('authorization', admin()).send({ name: 'parents', questions: [{ type: 'text', label: 'Village' }] });
    expect(again.body.data.id).toBe(saved.body.data.id);
    const list = await ctx.http.get('/api/admin/question-sets').set('authorization', admin());
    expect(list.body.data.filter((x: { id: string }) => x.id === saved.body.data.id)).toEqual([expect.objectContaining({ name: 'parents', questions: [expect.objectContaining({ id: 'village', type: 'text' })] })]);
    const bad = await ctx.http.post('/api/admin/question-sets').set('authorization', admin()).send({ name: '', questions: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ name: 'Name is required' });
    expect((await ctx.http.get('/api/admin/question-sets').set('authorization', `Bearer ${s.tokens.member}`)).status).toBe(403);
    const del = await ctx.http.delete(`/api/admin/question-sets/${saved.body.data.id}`).set('authorization', admin());
    expect(del.status).toBe(200);
    expect((await ctx.http.delete(`/api/admin/question-sets/${saved.body.data.id}`).set('authorization', admin())).status).toBe(404);
  });

  it('GraphQL: saveQuestionSet, questionSets, deleteQuestionSet', async () => {
    const saved = await ctx.gql(
      `mutation($input: QuestionSetInput!) { saveQuestionSet(input: $input) { id name questions { id type label labelHi options { value labelHi } } } }`,
      { input: { name: 'Teacher details (copy)', questions: TEACHER_DETAILS.map((q) => ({ ...q, type: q.type.toUpperCase() })) } },
      s.tokens.admin,
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data.saveQuestionSet.questions[1].options[0]).toEqual({ value: 'prayagraj', labelHi: 'प्रयागराज' });
    const list = await ctx.gql(`{ questionSets { id name } }`, {}, s.tokens.admin);
    expect(list.data.questionSets.map((x: { name: string }) => x.name)).toContain('Teacher details (copy)');
    const del = await ctx.gql(`mutation($id: ID!) { deleteQuestionSet(id: $id) { id } }`, { id: saved.data.saveQuestionSet.id }, s.tokens.admin);
    expect(del.data.deleteQuestionSet.id).toBe(saved.data.saveQuestionSet.id);
    const denied = await ctx.gql(`{ questionSets { id } }`, {}, s.tokens.member);
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
});
