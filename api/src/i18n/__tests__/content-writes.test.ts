/**
 * Writing translations: the multipart admin forms (POST/PUT /api/events, /api/team) and the GraphQL
 * mutations take `titleHi`, `nameHi`, ...: a string sets the translation, an empty string (or null over
 * GraphQL) clears it so the field falls back to English, an absent field leaves it. Each has the English
 * field's length limit, and a refused write changes nothing.
 */
import { createTestContext, type TestContext } from '../../test/harness';
import { realPng } from '../../test/images';
import { shiftDays, standardScenario } from '../../test/scenarios';
import { EVENT_FIELDS, TEAM_FIELDS, getWith, gqlWith, multipart } from './helpers';

let ctx: TestContext;
let admin: string;
let date: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await standardScenario(ctx)).tokens.admin;
  date = shiftDays(ctx.services.events.today(), 10);
});
afterAll(() => ctx.close());

const stored = async (table: 'events' | 'team_members', id: string) => (await ctx.db.dataSource.query(`SELECT translations FROM ${table} WHERE id = $1`, [id]))[0].translations;
const count = async (table: 'events' | 'team_members') => (await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;

describe('events over REST (multipart)', () => {
  const english = () => ({ title: 'Science fair', category: 'secondary', description: 'Projects by students', date, time: '10:30', location: 'GIC Hall', speaker: 'Dr. Rao' });

  it('POST with titleHi, descriptionHi, locationHi, speakerHi stores them; PUT clears with "" and leaves absent fields', async () => {
    const created = await multipart(ctx, 'post', '/api/events', admin, { ...english(), titleHi: '  विज्ञान मेला  ', descriptionHi: 'छात्रों की परियोजनाएँ', locationHi: 'जीआईसी हॉल', speakerHi: 'डॉ. राव' }).attach(
      'image',
      await realPng(200, 200),
      'fair.png',
    );
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    // Answered in the request's language (English here), with every language in translations.
    expect(created.body.data).toMatchObject({ title: 'Science fair', description: 'Projects by students', location: 'GIC Hall', speaker: 'Dr. Rao' });
    expect(created.body.data.translations).toEqual({
      en: { title: 'Science fair', description: 'Projects by students', location: 'GIC Hall', speaker: 'Dr. Rao' },
      hi: { title: 'विज्ञान मेला', description: 'छात्रों की परियोजनाएँ', location: 'जीआईसी हॉल', speaker: 'डॉ. राव' },
    });
    expect(await stored('events', id)).toEqual({ hi: { title: 'विज्ञान मेला', description: 'छात्रों की परियोजनाएँ', location: 'जीआईसी हॉल', speaker: 'डॉ. राव' } });
    // The English columns are untouched by the Hindi fields.
    const [row] = await ctx.db.dataSource.query('SELECT title, description, location, speaker FROM events WHERE id = $1', [id]);
    expect(row).toEqual({ title: 'Science fair', description: 'Projects by students', location: 'GIC Hall', speaker: 'Dr. Rao' });

    // titleHi '' clears the Hindi title; descriptionHi etc. absent stay as they were.
    const cleared = await multipart(ctx, 'put', `/api/events/${id}`, admin, { titleHi: '' }).set('accept-language', 'hi');
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ title: 'Science fair', description: 'छात्रों की परियोजनाएँ', location: 'जीआईसी हॉल', speaker: 'डॉ. राव' });
    expect(cleared.body.data.translations.hi).toEqual({ title: null, description: 'छात्रों की परियोजनाएँ', location: 'जीआईसी हॉल', speaker: 'डॉ. राव' });
    expect(await stored('events', id)).toEqual({ hi: { description: 'छात्रों की परियोजनाएँ', location: 'जीआईसी हॉल', speaker: 'डॉ. राव' } });
    const read = await getWith(ctx, `/api/events/${id}?lang=hi`);
    expect(read.body.data.title).toBe('Science fair');
    const missing = await gqlWith(ctx, `query($id: ID!) { event(id: $id) { missingLanguages } }`, { id });
    expect(missing.body.data.event.missingLanguages).toEqual(['hi']);

    // An English edit leaves the Hindi alone; a Hindi edit leaves English alone.
    const edited = await multipart(ctx, 'put', `/api/events/${id}`, admin, { title: 'Science fair 2026', titleHi: 'विज्ञान मेला 2026' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.translations).toEqual({
      en: { title: 'Science fair 2026', description: 'Projects by students', location: 'GIC Hall', speaker: 'Dr. Rao' },
      hi: { title: 'विज्ञान मेला 2026', description: 'छात्रों की परियोजनाएँ', location: 'जीआईसी हॉल', speaker: 'डॉ. राव' },
    });

    // Clearing every Hindi field leaves no Hindi at all.
    const all = await multipart(ctx, 'put', `/api/events/${id}`, admin, { titleHi: '', descriptionHi: '', locationHi: ' ', speakerHi: '' });
    expect(all.status).toBe(200);
    expect(await stored('events', id)).toEqual({});
    expect(all.body.data.translations.hi).toEqual({ title: null, description: null, location: null, speaker: null });
  });

  it('a JSON body works the same; null clears like an empty string', async () => {
    const created = await ctx.http.post('/api/events').set('authorization', `Bearer ${admin}`).send({ ...english(), titleHi: 'मेला', locationHi: 'हॉल' });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(await stored('events', id)).toEqual({ hi: { title: 'मेला', location: 'हॉल' } });
    const put = await ctx.http.put(`/api/events/${id}`).set('authorization', `Bearer ${admin}`).send({ locationHi: null });
    expect(put.status).toBe(200);
    expect(await stored('events', id)).toEqual({ hi: { title: 'मेला' } });

    // Not text: refused. The stored column cannot be written directly, nor a language we do not have.
    const notText = await ctx.http.put(`/api/events/${id}`).set('authorization', `Bearer ${admin}`).send({ titleHi: 123 });
    expect([notText.status, notText.body.message]).toEqual([400, 'Title (Hindi) must be text']);
    const raw = await ctx.http.put(`/api/events/${id}`).set('authorization', `Bearer ${admin}`).send({ translations: { hi: { title: 'injected' }, fr: { title: 'injecté' } }, titleFr: 'Foire' });
    expect(raw.status).toBe(200);
    expect(await stored('events', id)).toEqual({ hi: { title: 'मेला' } });
    const rawCreate = await ctx.http.post('/api/events').set('authorization', `Bearer ${admin}`).send({ ...english(), translations: { hi: { title: 'injected' } } });
    expect(rawCreate.status).toBe(201);
    expect(await stored('events', rawCreate.body.data.id)).toEqual({});
  });

  it('titleHi of 201 characters: 400 with the message, nothing written; 200 characters are fine', async () => {
    const before = await count('events');
    const long = await multipart(ctx, 'post', '/api/events', admin, { ...english(), title: 'Too long in Hindi', titleHi: 'क'.repeat(201) });
    expect([long.status, long.body.message]).toEqual([400, 'Title (Hindi) is too long (200 characters at most)']);
    expect(await count('events')).toBe(before);
    expect((await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM events WHERE title = 'Too long in Hindi'`))[0].n).toBe(0);

    const ok = await multipart(ctx, 'post', '/api/events', admin, { ...english(), titleHi: 'क'.repeat(200) });
    expect(ok.status).toBe(201);
    const id = ok.body.data.id;
    const put = await multipart(ctx, 'put', `/api/events/${id}`, admin, { title: 'Renamed', titleHi: 'ख'.repeat(201) });
    expect([put.status, put.body.message]).toEqual([400, 'Title (Hindi) is too long (200 characters at most)']);
    expect(await stored('events', id)).toEqual({ hi: { title: 'क'.repeat(200) } });
    expect((await ctx.db.dataSource.query('SELECT title FROM events WHERE id = $1', [id]))[0].title).toBe('Science fair');

    const limits: [Record<string, string>, string][] = [
      [{ locationHi: 'ल'.repeat(201) }, 'Location (Hindi) is too long (200 characters at most)'],
      [{ speakerHi: 'व'.repeat(121) }, 'Speaker (Hindi) is too long (120 characters at most)'],
      [{ descriptionHi: 'द'.repeat(10001) }, 'Description (Hindi) is too long (10000 characters at most)'],
    ];
    for (const [fields, message] of limits) {
      const res = await ctx.http.put(`/api/events/${id}`).set('authorization', `Bearer ${admin}`).send(fields);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await stored('events', id)).toEqual({ hi: { title: 'क'.repeat(200) } });
  });
});

describe('events over GraphQL', () => {
  const input = () => ({ title: 'Maths camp', category: 'GENERAL', description: 'Puzzles and games', date, time: '09:00', location: 'Anand Bhawan' });
  const create = `mutation($input: EventInput!) { createEvent(input: $input) { ${EVENT_FIELDS} } }`;
  const update = `mutation($id: ID!, $input: EventUpdateInput!) { updateEvent(id: $id, input: $input) { ${EVENT_FIELDS} } }`;

  it('createEvent with titleHi, updateEvent sets, clears (null or "") and leaves', async () => {
    const created = await gqlWith(ctx, create, { input: { ...input(), titleHi: 'गणित शिविर', descriptionHi: '   ' } }, { token: admin, headers: { 'accept-language': 'hi' } });
    expect(created.body.errors).toBeUndefined();
    const ev = created.body.data.createEvent;
    // Whitespace only is no translation.
    expect(ev).toMatchObject({ title: 'गणित शिविर', description: 'Puzzles and games', missingLanguages: ['hi'] });
    expect(ev.translations).toEqual([
      { lang: 'en', title: 'Maths camp', description: 'Puzzles and games', location: 'Anand Bhawan', speaker: null },
      { lang: 'hi', title: 'गणित शिविर', description: null, location: null, speaker: null },
    ]);
    expect(await stored('events', ev.id)).toEqual({ hi: { title: 'गणित शिविर' } });

    const full = await gqlWith(ctx, update, { id: ev.id, input: { descriptionHi: 'पहेलियाँ और खेल', locationHi: 'आनंद भवन' } }, { token: admin, headers: { 'accept-language': 'hi' } });
    expect(full.body.errors).toBeUndefined();
    expect(full.body.data.updateEvent).toMatchObject({ title: 'गणित शिविर', description: 'पहेलियाँ और खेल', location: 'आनंद भवन', missingLanguages: [] });

    const nulled = await gqlWith(ctx, update, { id: ev.id, input: { titleHi: null } }, { token: admin, headers: { 'accept-language': 'hi' } });
    expect(nulled.body.errors).toBeUndefined();
    expect(nulled.body.data.updateEvent).toMatchObject({ title: 'Maths camp', description: 'पहेलियाँ और खेल', missingLanguages: ['hi'] });
    expect(await stored('events', ev.id)).toEqual({ hi: { description: 'पहेलियाँ और खेल', location: 'आनंद भवन' } });

    const emptied = await gqlWith(ctx, update, { id: ev.id, input: { locationHi: '' } }, { token: admin });
    expect(emptied.body.errors).toBeUndefined();
    expect(await stored('events', ev.id)).toEqual({ hi: { description: 'पहेलियाँ और खेल' } });
  });

  it('a too-long titleHi is a VALIDATION error with the message; nothing written', async () => {
    const before = await count('events');
    const res = await gqlWith(ctx, create, { input: { ...input(), titleHi: 'क'.repeat(201) } }, { token: admin });
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0]).toMatchObject({ message: 'Title (Hindi) is too long (200 characters at most)', extensions: { code: 'VALIDATION' } });
    expect(await count('events')).toBe(before);

    const ok = await gqlWith(ctx, create, { input: { ...input(), titleHi: 'शिविर' } }, { token: admin });
    const id = ok.body.data.createEvent.id;
    const upd = await gqlWith(ctx, update, { id, input: { title: 'Renamed', titleHi: 'क'.repeat(201) } }, { token: admin });
    expect(upd.body.errors[0]).toMatchObject({ message: 'Title (Hindi) is too long (200 characters at most)', extensions: { code: 'VALIDATION' } });
    expect((await ctx.db.dataSource.query('SELECT title, translations FROM events WHERE id = $1', [id]))[0]).toEqual({ title: 'Maths camp', translations: { hi: { title: 'शिविर' } } });
  });

  it('only admins write translations', async () => {
    const res = await gqlWith(ctx, create, { input: { ...input(), titleHi: 'शिविर' } });
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('team members', () => {
  const english = { name: 'Meera Devi', designation: 'Coordinator', description: 'Runs the reading drive' };

  it('POST /api/team with nameHi, designationHi, descriptionHi; PUT clears with "" and leaves absent fields', async () => {
    const created = await multipart(ctx, 'post', '/api/team', admin, { ...english, nameHi: 'मीरा देवी', designationHi: 'समन्वयक', descriptionHi: 'पठन अभियान चलाती हैं' })
      .set('accept-language', 'hi')
      .attach('image', await realPng(100, 100), 'm.png');
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ name: 'मीरा देवी', designation: 'समन्वयक', description: 'पठन अभियान चलाती हैं' });
    expect(created.body.data.translations).toEqual({ en: english, hi: { name: 'मीरा देवी', designation: 'समन्वयक', description: 'पठन अभियान चलाती हैं' } });
    expect(await stored('team_members', id)).toEqual({ hi: { name: 'मीरा देवी', designation: 'समन्वयक', description: 'पठन अभियान चलाती हैं' } });

    const cleared = await multipart(ctx, 'put', `/api/team/${id}`, admin, { designationHi: '', name: 'Meera D.' }).set('accept-language', 'hi');
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ name: 'मीरा देवी', designation: 'Coordinator', description: 'पठन अभियान चलाती हैं' });
    expect(await stored('team_members', id)).toEqual({ hi: { name: 'मीरा देवी', description: 'पठन अभियान चलाती हैं' } });
    const list = await getWith(ctx, '/api/team?lang=hi');
    expect(list.body.find((m: { _id: string }) => m._id === id)).toMatchObject({ name: 'मीरा देवी', designation: 'Coordinator', translations: { en: { ...english, name: 'Meera D.' }, hi: { name: 'मीरा देवी', designation: null, description: 'पठन अभियान चलाती हैं' } } });
  });

  it('too long nameHi, designationHi, descriptionHi: 400 with the message, nothing written', async () => {
    const before = await count('team_members');
    const cases: [Record<string, string>, string][] = [
      [{ nameHi: 'म'.repeat(101) }, 'Name (Hindi) is too long (100 characters at most)'],
      [{ designationHi: 'स'.repeat(101) }, 'Designation (Hindi) is too long (100 characters at most)'],
      [{ descriptionHi: 'प'.repeat(5001) }, 'Description (Hindi) is too long (5000 characters at most)'],
    ];
    for (const [fields, message] of cases) {
      const res = await multipart(ctx, 'post', '/api/team', admin, { ...english, ...fields }).attach('image', await realPng(50, 50), 'm.png');
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await count('team_members')).toBe(before);

    const ok = await multipart(ctx, 'post', '/api/team', admin, { ...english, nameHi: 'म'.repeat(100), designationHi: 'स'.repeat(100) }).attach('image', await realPng(50, 50), 'm.png');
    expect(ok.status).toBe(201);
    const id = ok.body.data.id;
    for (const [fields, message] of cases) {
      const res = await multipart(ctx, 'put', `/api/team/${id}`, admin, { name: 'Changed', ...fields });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect((await ctx.db.dataSource.query('SELECT name, translations FROM team_members WHERE id = $1', [id]))[0]).toEqual({ name: 'Meera Devi', translations: { hi: { name: 'म'.repeat(100), designation: 'स'.repeat(100) } } });
  });

  it('GraphQL createTeamMember / updateTeamMember with the Hindi fields', async () => {
    const up = await ctx.http.post('/api/uploads').set('authorization', `Bearer ${admin}`).attach('image', await realPng(60, 60), 'x.png');
    const created = await gqlWith(ctx, `mutation($input: TeamMemberInput!) { createTeamMember(input: $input) { ${TEAM_FIELDS} } }`, { input: { ...english, nameHi: 'मीरा', imageKey: up.body.data.imageKey } }, { token: admin, headers: { 'accept-language': 'hi' } });
    expect(created.body.errors).toBeUndefined();
    const m = created.body.data.createTeamMember;
    expect(m).toMatchObject({ name: 'मीरा', designation: 'Coordinator', missingLanguages: ['hi'] });
    expect(m.translations).toEqual([
      { lang: 'en', ...english },
      { lang: 'hi', name: 'मीरा', designation: null, description: null },
    ]);
    const updated = await gqlWith(
      ctx,
      `mutation($id: ID!, $input: TeamMemberUpdateInput!) { updateTeamMember(id: $id, input: $input) { ${TEAM_FIELDS} } }`,
      { id: m.id, input: { nameHi: null, designationHi: 'समन्वयक', descriptionHi: 'पठन अभियान' } },
      { token: admin, headers: { 'accept-language': 'hi' } },
    );
    expect(updated.body.errors).toBeUndefined();
    expect(updated.body.data.updateTeamMember).toMatchObject({ name: 'Meera Devi', designation: 'समन्वयक', description: 'पठन अभियान', missingLanguages: ['hi'] });
    expect(await stored('team_members', m.id)).toEqual({ hi: { designation: 'समन्वयक', description: 'पठन अभियान' } });
    const long = await gqlWith(ctx, `mutation($id: ID!) { updateTeamMember(id: $id, input: { nameHi: "${'म'.repeat(101)}" }) { id } }`, { id: m.id }, { token: admin });
    expect(long.body.errors[0]).toMatchObject({ message: 'Name (Hindi) is too long (100 characters at most)', extensions: { code: 'VALIDATION' } });
  });
});
