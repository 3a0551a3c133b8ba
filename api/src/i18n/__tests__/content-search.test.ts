/**
 * Finding content by its Hindi text (search looks in every language's title/speaker, name/designation),
 * and the admin filter "not fully written in Hindi" (missingLanguage), which must agree with the
 * `missingLanguages` field shown on each record.
 */
import { createTestContext, type TestContext } from '../../test/harness';
import { makeEvent } from '../../test/scenarios';
import { TeamMemberEntity } from '../../team/team-member.entity';
import type { EventEntity } from '../../events/event.entity';
import { getWith, gqlWith } from './helpers';

let ctx: TestContext;
const ev: Record<string, EventEntity> = {};
const team: Record<string, TeamMemberEntity> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const hiFull = { description: 'हिंदी विवरण', location: 'हिंदी स्थान' };
  // The search cast.
  ev.fair = await makeEvent(ctx, { title: 'Science fair', daysFromToday: 1, translations: { hi: { title: 'विज्ञान मेला', ...hiFull } } });
  ev.camp = await makeEvent(ctx, { title: 'Maths camp', speaker: 'Dr. Rao', daysFromToday: 2, translations: { hi: { title: 'गणित शिविर', speaker: 'डॉ. सुनीता राव', ...hiFull } } });
  ev.art = await makeEvent(ctx, { title: 'Art day', daysFromToday: 3 });
  // The missingLanguage cast.
  /** Hindi title, no Hindi description: missing. */
  ev.titleOnly = await makeEvent(ctx, { title: 'Title only', daysFromToday: 4, translations: { hi: { title: 'केवल शीर्षक' } } });
  /** Full Hindi, no speaker in either language: complete. */
  ev.noSpeaker = await makeEvent(ctx, { title: 'No speaker', speaker: null, daysFromToday: 5, translations: { hi: { title: 'वक्ता नहीं', ...hiFull } } });
  /** Full Hindi but the English speaker has no Hindi: missing. */
  ev.speakerMissing = await makeEvent(ctx, { title: 'Speaker missing', speaker: 'Prof. Iyer', daysFromToday: 6, translations: { hi: { title: 'वक्ता अनुपलब्ध', ...hiFull } } });
  /** A Hindi speaker without an English one: complete (an extra is not a lack). */
  ev.hindiSpeakerOnly = await makeEvent(ctx, { title: 'Hindi speaker only', speaker: null, daysFromToday: 7, translations: { hi: { title: 'केवल हिंदी वक्ता', speaker: 'श्री शर्मा', ...hiFull } } });
  /** A Hindi title stored empty counts as none. */
  ev.emptyTitle = await makeEvent(ctx, { title: 'Empty Hindi title', daysFromToday: 8, translations: { hi: { title: '', ...hiFull } } });

  const repo = ctx.db.dataSource.getRepository(TeamMemberEntity);
  const member = (name: string, designation: string, translations: TeamMemberEntity['translations'], month: number) =>
    repo.save(repo.create({ name, designation, description: `${name} helps`, socialLinks: {}, translations, createdAt: new Date(Date.UTC(2026, month, 1)) }));
  team.meera = await member('Meera Devi', 'Coordinator', { hi: { name: 'मीरा देवी', designation: 'समन्वयक', description: 'मदद करती हैं' } }, 0);
  team.ravi = await member('Ravi Kumar', 'Treasurer', { hi: { name: 'रवि कुमार' } }, 1);
  team.asha = await member('Asha Verma', 'Volunteer', {}, 2);
});
afterAll(() => ctx.close());

const ids = (items: { id: string }[]) => items.map((i) => i.id).sort();
const idsOf = (...names: string[]) => names.map((n) => ev[n].id).sort();

describe('search in Hindi', () => {
  it('GET /api/events?search=<a word of the Hindi title> finds that event only', async () => {
    const res = await getWith(ctx, `/api/events?search=${encodeURIComponent('मेला')}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.data.map((e: { id: string; title: string }) => [e.id, e.title])).toEqual([[ev.fair.id, 'Science fair']]);
    const inHindi = await getWith(ctx, `/api/events?search=${encodeURIComponent('विज्ञान')}&lang=hi`);
    expect(inHindi.body.data.map((e: { title: string }) => e.title)).toEqual(['विज्ञान मेला']);
    // English search still works, and finds by the English title only what matches.
    expect(ids((await getWith(ctx, '/api/events?search=maths')).body.data)).toEqual([ev.camp.id]);
    // A Hindi word that is in no title or speaker (only in descriptions) finds nothing.
    const none = await getWith(ctx, `/api/events?search=${encodeURIComponent('विवरण')}`);
    expect([none.body.total, none.body.data]).toEqual([0, []]);
  });

  it('GraphQL events(filter: { search }) by the Hindi title and by the Hindi speaker', async () => {
    const q = 'query($s: String) { events(filter: { search: $s }) { total items { id title speaker } } }';
    const byTitle = await gqlWith(ctx, q, { s: 'शिविर' });
    expect(byTitle.body.errors).toBeUndefined();
    expect(byTitle.body.data.events).toEqual({ total: 1, items: [{ id: ev.camp.id, title: 'Maths camp', speaker: 'Dr. Rao' }] });
    const bySpeaker = await gqlWith(ctx, q, { s: 'सुनीता' }, { headers: { 'accept-language': 'hi' } });
    expect(bySpeaker.body.data.events).toEqual({ total: 1, items: [{ id: ev.camp.id, title: 'गणित शिविर', speaker: 'डॉ. सुनीता राव' }] });
    const restSpeaker = await getWith(ctx, `/api/events?search=${encodeURIComponent('राव')}`);
    expect(ids(restSpeaker.body.data)).toEqual([ev.camp.id]);
    const shared = await gqlWith(ctx, q, { s: 'वक्ता' });
    expect(ids(shared.body.data.events.items)).toEqual(idsOf('noSpeaker', 'speakerMissing', 'hindiSpeakerOnly'));
  });

  it('a search with LIKE wildcards in it matches them literally', async () => {
    const res = await getWith(ctx, `/api/events?search=${encodeURIComponent('%')}`);
    expect(res.body.total).toBe(0);
    const under = await gqlWith(ctx, 'query($s: String) { events(filter: { search: $s }) { total } }', { s: '_' });
    expect(under.body.data.events.total).toBe(0);
  });

  it('teamMembers(search:) by Hindi name and Hindi designation', async () => {
    const q = 'query($s: String) { teamMembers(search: $s) { id name } }';
    expect((await gqlWith(ctx, q, { s: 'मीरा' })).body.data.teamMembers).toEqual([{ id: team.meera.id, name: 'Meera Devi' }]);
    expect((await gqlWith(ctx, q, { s: 'कुमार' }, { headers: { 'accept-language': 'hi' } })).body.data.teamMembers).toEqual([{ id: team.ravi.id, name: 'रवि कुमार' }]);
    expect((await gqlWith(ctx, q, { s: 'समन्वयक' })).body.data.teamMembers).toEqual([{ id: team.meera.id, name: 'Meera Devi' }]);
    expect((await gqlWith(ctx, q, { s: 'verma' })).body.data.teamMembers).toEqual([{ id: team.asha.id, name: 'Asha Verma' }]);
    // The Hindi description is not searched (name or designation only).
    expect((await gqlWith(ctx, q, { s: 'मदद' })).body.data.teamMembers).toEqual([]);
  });
});

describe('missingLanguage', () => {
  const missingIds = () => idsOf('art', 'titleOnly', 'speakerMissing', 'emptyTitle');

  it('REST ?missingLanguage=hi lists exactly the events not fully in Hindi', async () => {
    const res = await getWith(ctx, '/api/events?missingLanguage=hi&limit=50');
    expect(res.status).toBe(200);
    expect(ids(res.body.data)).toEqual(missingIds());
    expect(res.body.total).toBe(4);
    const withSearch = await getWith(ctx, `/api/events?missingLanguage=hi&search=${encodeURIComponent('वक्ता')}`);
    expect(ids(withSearch.body.data)).toEqual([ev.speakerMissing.id]);
  });

  it('GraphQL events(filter: { missingLanguage: "hi" }) agrees, and with each event\'s missingLanguages', async () => {
    const res = await gqlWith(ctx, '{ events(filter: { missingLanguage: "hi" }, limit: 50) { total items { id missingLanguages } } }');
    expect(res.body.errors).toBeUndefined();
    expect(ids(res.body.data.events.items)).toEqual(missingIds());
    expect(res.body.data.events.total).toBe(4);
    expect(res.body.data.events.items.every((e: { missingLanguages: string[] }) => e.missingLanguages.join() === 'hi')).toBe(true);
    const all = await gqlWith(ctx, '{ events(limit: 50) { items { id missingLanguages } } }');
    const complete = all.body.data.events.items.filter((e: { missingLanguages: string[] }) => e.missingLanguages.length === 0);
    expect(ids(complete)).toEqual(idsOf('fair', 'camp', 'noSpeaker', 'hindiSpeakerOnly'));
  });

  it('combines with the other filters', async () => {
    const upcoming = await gqlWith(ctx, '{ events(filter: { missingLanguage: "hi", when: UPCOMING }, limit: 50) { total } }');
    expect(upcoming.body.data.events.total).toBe(4);
    const past = await gqlWith(ctx, '{ events(filter: { missingLanguage: "hi", when: PAST }, limit: 50) { total } }');
    expect(past.body.data.events.total).toBe(0);
  });

  it('teamMembers(missingLanguage: "hi")', async () => {
    const res = await gqlWith(ctx, '{ teamMembers(missingLanguage: "hi") { id missingLanguages } }');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.teamMembers).toEqual([
      { id: team.ravi.id, missingLanguages: ['hi'] },
      { id: team.asha.id, missingLanguages: ['hi'] },
    ]);
    const both = await gqlWith(ctx, 'query($s: String) { teamMembers(search: $s, missingLanguage: "hi") { id } }', { s: 'रवि' });
    expect(both.body.data.teamMembers).toEqual([{ id: team.ravi.id }]);
  });

  it('an unknown language is a validation error, never a 500', async () => {
    for (const lang of ['fr', 'en', 'HI', "hi' OR '1'='1"]) {
      const rest = await getWith(ctx, `/api/events?missingLanguage=${encodeURIComponent(lang)}`);
      expect([rest.status, rest.body.message]).toEqual([400, 'Unknown language']);
      const gql = await gqlWith(ctx, 'query($l: String) { events(filter: { missingLanguage: $l }) { total } }', { l: lang });
      expect(gql.status).toBeLessThan(500);
      expect(gql.body.errors[0]).toMatchObject({ message: 'Unknown language', extensions: { code: 'VALIDATION' } });
      const members = await gqlWith(ctx, 'query($l: String) { teamMembers(missingLanguage: $l) { id } }', { l: lang });
      expect(members.status).toBeLessThan(500);
      expect(members.body.errors[0]).toMatchObject({ message: 'Unknown language', extensions: { code: 'VALIDATION' } });
    }
    // Empty means no filter.
    const empty = await getWith(ctx, '/api/events?missingLanguage=&limit=50');
    expect(empty.body.total).toBe(Object.keys(ev).length);
  });
});
