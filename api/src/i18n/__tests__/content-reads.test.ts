/**
 * Content in the request's language: the text fields of events and team members follow `?lang=` or
 * Accept-Language, field by field falling back to English; `translations` shows every language as
 * written (null where missing) and `missingLanguages` what is not fully translated.
 */
import { createTestContext, type TestContext } from '../../test/harness';
import { makeEvent, makeUser, userToken } from '../../test/scenarios';
import { TeamMemberEntity } from '../../team/team-member.entity';
import type { EventEntity } from '../../events/event.entity';
import { EVENT_FIELDS, TEAM_FIELDS, getWith, gqlWith } from './helpers';

let ctx: TestContext;
/** Only its title is in Hindi. */
let fair: EventEntity;
/** Fully in Hindi, speaker too. */
let camp: EventEntity;
let meera: TeamMemberEntity;
let ravi: TeamMemberEntity;

beforeAll(async () => {
  ctx = await createTestContext();
  fair = await makeEvent(ctx, { title: 'Science fair', description: 'Projects by students', location: 'GIC Hall', speaker: null, daysFromToday: 3, translations: { hi: { title: 'विज्ञान मेला' } } });
  camp = await makeEvent(ctx, {
    title: 'Maths camp',
    description: 'Puzzles and games',
    location: 'Anand Bhawan',
    speaker: 'Dr. Rao',
    daysFromToday: 5,
    translations: { hi: { title: 'गणित शिविर', description: 'पहेलियाँ और खेल', location: 'आनंद भवन', speaker: 'डॉ. राव' } },
  });
  const team = ctx.db.dataSource.getRepository(TeamMemberEntity);
  meera = await team.save(team.create({ name: 'Meera Devi', designation: 'Coordinator', description: 'Runs the reading drive', socialLinks: {}, translations: { hi: { name: 'मीरा देवी' } }, createdAt: new Date('2026-01-01T00:00:00Z') }));
  ravi = await team.save(
    team.create({
      name: 'Ravi Kumar',
      designation: 'Treasurer',
      description: 'Keeps the accounts',
      socialLinks: {},
      translations: { hi: { name: 'रवि कुमार', designation: 'कोषाध्यक्ष', description: 'हिसाब रखते हैं' } },
      createdAt: new Date('2026-02-01T00:00:00Z'),
    }),
  );
});
afterAll(() => ctx.close());

const fairEnglish = { title: 'Science fair', description: 'Projects by students', location: 'GIC Hall', speaker: null };
const fairHindiOwn = { title: 'विज्ञान मेला', description: null, location: null, speaker: null };
const fairTranslationsList = [{ lang: 'en', ...fairEnglish }, { lang: 'hi', ...fairHindiOwn }];
const campEnglish = { title: 'Maths camp', description: 'Puzzles and games', location: 'Anand Bhawan', speaker: 'Dr. Rao' };
const campHindi = { title: 'गणित शिविर', description: 'पहेलियाँ और खेल', location: 'आनंद भवन', speaker: 'डॉ. राव' };

const eventQuery = `query($id: ID!) { event(id: $id) { ${EVENT_FIELDS} } }`;

describe('GraphQL Event in the request language', () => {
  it('Accept-Language: hi gives the Hindi title and English for the fields without Hindi', async () => {
    const res = await gqlWith(ctx, eventQuery, { id: fair.id }, { headers: { 'accept-language': 'hi' } });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.event).toEqual({ id: fair.id, title: 'विज्ञान मेला', description: 'Projects by students', location: 'GIC Hall', speaker: null, missingLanguages: ['hi'], translations: fairTranslationsList });
  });

  it.each([
    ['en', 'en'],
    ['en-US,hi;q=0.5', 'en'],
    ['', 'en'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['hi-IN,hi;q=0.9,en;q=0.8', 'hi'],
    ['en;q=0.3,hi;q=0.7', 'hi'],
    ['HI', 'hi'],
  ])('Accept-Language %j answers in %s', async (header, lang) => {
    const res = await gqlWith(ctx, eventQuery, { id: fair.id }, { headers: header ? { 'accept-language': header } : {} });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.event.title).toBe(lang === 'hi' ? 'विज्ञान मेला' : 'Science fair');
    expect(res.body.data.event.description).toBe('Projects by students');
    // translations and missingLanguages do not depend on the request's language
    expect(res.body.data.event.translations).toEqual(fairTranslationsList);
    expect(res.body.data.event.missingLanguages).toEqual(['hi']);
  });

  it('?lang=hi on the /graphql URL wins over Accept-Language; ?lang=en too', async () => {
    const hi = await gqlWith(ctx, eventQuery, { id: fair.id }, { url: '/graphql?lang=hi', headers: { 'accept-language': 'en' } });
    expect(hi.status).toBe(200);
    expect(hi.body.data.event.title).toBe('विज्ञान मेला');
    const en = await gqlWith(ctx, eventQuery, { id: fair.id }, { url: '/graphql?lang=en', headers: { 'accept-language': 'hi' } });
    expect(en.body.data.event.title).toBe('Science fair');
    // An unknown ?lang= falls back to the header.
    const unknown = await gqlWith(ctx, eventQuery, { id: fair.id }, { url: '/graphql?lang=xx', headers: { 'accept-language': 'hi' } });
    expect(unknown.body.data.event.title).toBe('विज्ञान मेला');
  });

  it('a fully translated event: every field in Hindi, nothing missing', async () => {
    const hi = await gqlWith(ctx, eventQuery, { id: camp.id }, { headers: { 'accept-language': 'hi' } });
    expect(hi.body.data.event).toEqual({ id: camp.id, ...campHindi, missingLanguages: [], translations: [{ lang: 'en', ...campEnglish }, { lang: 'hi', ...campHindi }] });
    const en = await gqlWith(ctx, eventQuery, { id: camp.id });
    expect(en.body.data.event).toMatchObject(campEnglish);
  });

  it('the events list follows the language too, and signed-in requests as well', async () => {
    const q = '{ events(filter: { when: UPCOMING }) { total items { id title location speaker } } }';
    const hi = await gqlWith(ctx, q, {}, { headers: { 'accept-language': 'hi' } });
    expect(hi.body.data.events.items).toEqual([
      { id: fair.id, title: 'विज्ञान मेला', location: 'GIC Hall', speaker: null },
      { id: camp.id, title: 'गणित शिविर', location: 'आनंद भवन', speaker: 'डॉ. राव' },
    ]);
    const en = await gqlWith(ctx, q, {});
    expect(en.body.data.events.items).toEqual([
      { id: fair.id, title: 'Science fair', location: 'GIC Hall', speaker: null },
      { id: camp.id, title: 'Maths camp', location: 'Anand Bhawan', speaker: 'Dr. Rao' },
    ]);
    const token = userToken(ctx, await makeUser(ctx));
    const signedIn = await gqlWith(ctx, q, {}, { headers: { 'accept-language': 'hi' }, token });
    expect(signedIn.body.data.events.items.map((e: { title: string }) => e.title)).toEqual(['विज्ञान मेला', 'गणित शिविर']);
  });
});

describe('REST events in the request language', () => {
  it('GET /api/events/:id?lang=hi: Hindi title, English fallbacks, and translations as written', async () => {
    const res = await getWith(ctx, `/api/events/${fair.id}?lang=hi`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: fair.id, id: fair.id, title: 'विज्ञान मेला', description: 'Projects by students', location: 'GIC Hall', speaker: null });
    expect(res.body.data.translations).toEqual({ en: fairEnglish, hi: fairHindiOwn });
    // The stored column is not leaked in another shape.
    expect(res.body.data.text).toBeUndefined();
  });

  it('GET /api/events/:id with Accept-Language: hi, and in English without', async () => {
    const hi = await getWith(ctx, `/api/events/${fair.id}`, { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(hi.body.data.title).toBe('विज्ञान मेला');
    const en = await getWith(ctx, `/api/events/${fair.id}`);
    expect(en.body.data).toMatchObject(fairEnglish);
    expect(en.body.data.translations).toEqual({ en: fairEnglish, hi: fairHindiOwn });
    const enHeader = await getWith(ctx, `/api/events/${fair.id}`, { 'accept-language': 'en-US,hi;q=0.5' });
    expect(enHeader.body.data.title).toBe('Science fair');
  });

  it('GET /api/events lists in the language, each with its translations', async () => {
    const hi = await getWith(ctx, '/api/events?when=upcoming&lang=hi');
    expect(hi.status).toBe(200);
    expect(hi.body.data.map((e: { title: string; location: string; speaker: string | null }) => [e.title, e.location, e.speaker])).toEqual([
      ['विज्ञान मेला', 'GIC Hall', null],
      ['गणित शिविर', 'आनंद भवन', 'डॉ. राव'],
    ]);
    expect(hi.body.data[1].translations).toEqual({ en: campEnglish, hi: campHindi });
    const en = await getWith(ctx, '/api/events?when=upcoming', { 'accept-language': 'en' });
    expect(en.body.data.map((e: { title: string }) => e.title)).toEqual(['Science fair', 'Maths camp']);
    expect(en.body.data[0].translations).toEqual({ en: fairEnglish, hi: fairHindiOwn });
  });
});

describe('team members in the request language', () => {
  const meeraEnglish = { name: 'Meera Devi', designation: 'Coordinator', description: 'Runs the reading drive' };
  const meeraHindiOwn = { name: 'मीरा देवी', designation: null, description: null };
  const raviEnglish = { name: 'Ravi Kumar', designation: 'Treasurer', description: 'Keeps the accounts' };
  const raviHindi = { name: 'रवि कुमार', designation: 'कोषाध्यक्ष', description: 'हिसाब रखते हैं' };

  it('GET /api/team: a plain array in the language, with translations', async () => {
    const hi = await getWith(ctx, '/api/team', { 'accept-language': 'hi' });
    expect(hi.status).toBe(200);
    expect(Array.isArray(hi.body)).toBe(true);
    expect(hi.body.map((m: { _id: string; name: string; designation: string; description: string; translations: unknown }) => ({ _id: m._id, name: m.name, designation: m.designation, description: m.description, translations: m.translations }))).toEqual([
      { _id: meera.id, name: 'मीरा देवी', designation: 'Coordinator', description: 'Runs the reading drive', translations: { en: meeraEnglish, hi: meeraHindiOwn } },
      { _id: ravi.id, ...raviHindi, translations: { en: raviEnglish, hi: raviHindi } },
    ]);
    const en = await getWith(ctx, '/api/team');
    expect(en.body.map((m: { name: string }) => m.name)).toEqual(['Meera Devi', 'Ravi Kumar']);
    expect(en.body[0].translations).toEqual({ en: meeraEnglish, hi: meeraHindiOwn });
    const lang = await getWith(ctx, '/api/team?lang=hi', { 'accept-language': 'en' });
    expect(lang.body.map((m: { name: string }) => m.name)).toEqual(['मीरा देवी', 'रवि कुमार']);
  });

  it('GraphQL teamMembers: fields in the language, translations and missingLanguages', async () => {
    const q = `{ teamMembers { ${TEAM_FIELDS} } }`;
    const hi = await gqlWith(ctx, q, {}, { headers: { 'accept-language': 'hi-IN' } });
    expect(hi.body.errors).toBeUndefined();
    expect(hi.body.data.teamMembers).toEqual([
      { id: meera.id, name: 'मीरा देवी', designation: 'Coordinator', description: 'Runs the reading drive', missingLanguages: ['hi'], translations: [{ lang: 'en', ...meeraEnglish }, { lang: 'hi', ...meeraHindiOwn }] },
      { id: ravi.id, ...raviHindi, missingLanguages: [], translations: [{ lang: 'en', ...raviEnglish }, { lang: 'hi', ...raviHindi }] },
    ]);
    const en = await gqlWith(ctx, q, {}, { headers: { 'accept-language': 'en-GB' } });
    expect(en.body.data.teamMembers.map((m: { name: string; designation: string }) => [m.name, m.designation])).toEqual([
      ['Meera Devi', 'Coordinator'],
      ['Ravi Kumar', 'Treasurer'],
    ]);
  });
});
