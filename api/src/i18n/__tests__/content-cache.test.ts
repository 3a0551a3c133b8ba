/**
 * The public cache keeps one answer per language: a signed-out read in Hindi is never replayed to
 * someone reading in English (or the reverse), each answer says its language (Content-Language) and
 * varies by Accept-Language, and an admin's edit of a translation refreshes every language's answer.
 */
import { createTestContext, type TestContext } from '../../test/harness';
import { makeEvent, standardScenario } from '../../test/scenarios';
import { TeamMemberEntity } from '../../team/team-member.entity';
import type { EventEntity } from '../../events/event.entity';
import { topics, touched } from '../../db/change-feed';
import { getWith, gqlWith, multipart } from './helpers';

let ctx: TestContext;
let admin: string;
let fair: EventEntity;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await standardScenario(ctx)).tokens.admin;
  fair = await makeEvent(ctx, { title: 'Science fair', description: 'Projects by students', location: 'GIC Hall', daysFromToday: 3, translations: { hi: { title: 'विज्ञान मेला' } } });
  const repo = ctx.db.dataSource.getRepository(TeamMemberEntity);
  await repo.save(repo.create({ name: 'Meera Devi', designation: 'Coordinator', description: 'Runs the reading drive', socialLinks: {}, translations: { hi: { name: 'मीरा देवी' } } }));
  touched(ctx.db.dataSource.manager, topics.team);
});
afterAll(() => ctx.close());

/** What the cache did between two moments. */
function counter() {
  const start = { ...ctx.publicCache.counts };
  return () => ({ hits: ctx.publicCache.counts.hits - start.hits, misses: ctx.publicCache.counts.misses - start.misses });
}
const vary = (res: { headers: Record<string, string> }) => (res.headers.vary ?? '').split(',').map((v) => v.trim().toLowerCase());
const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((e) => e.title);

describe('REST: one cached answer per language', () => {
  it('?lang=hi, then Accept-Language: en, then hi again: each language gets its own', async () => {
    const seen = counter();
    const hi1 = await getWith(ctx, '/api/events?when=upcoming&lang=hi');
    expect(hi1.status).toBe(200);
    expect(titles(hi1)).toEqual(['विज्ञान मेला']);
    expect(hi1.headers['content-language']).toBe('hi');
    expect(vary(hi1)).toContain('accept-language');

    const en = await getWith(ctx, '/api/events?when=upcoming', { 'accept-language': 'en' });
    expect(titles(en)).toEqual(['Science fair']);
    expect(en.headers['content-language']).toBe('en');
    expect(vary(en)).toContain('accept-language');
    expect(en.headers.etag).not.toBe(hi1.headers.etag);

    const hi2 = await getWith(ctx, '/api/events?when=upcoming&lang=hi');
    expect(hi2.body).toEqual(hi1.body);
    expect(hi2.headers['content-language']).toBe('hi');
    // The same Hindi answer through the header alone.
    const hi3 = await getWith(ctx, '/api/events?when=upcoming', { 'accept-language': 'hi-IN,hi;q=0.9' });
    expect(hi3.body).toEqual(hi1.body);
    expect(hi3.headers['content-language']).toBe('hi');
    // English again, with no header at all.
    const en2 = await getWith(ctx, '/api/events?when=upcoming');
    expect(titles(en2)).toEqual(['Science fair']);
    expect(en2.headers['content-language']).toBe('en');
    expect(seen()).toEqual({ hits: 3, misses: 2 });
  });

  it("an English request carrying the Hindi answer's ETag gets the English body, not a 304", async () => {
    const hi = await getWith(ctx, `/api/events/${fair.id}?lang=hi`);
    expect(hi.body.data.title).toBe('विज्ञान मेला');
    const hiAgain = await getWith(ctx, `/api/events/${fair.id}?lang=hi`, { 'if-none-match': hi.headers.etag });
    expect(hiAgain.status).toBe(304);
    const en = await getWith(ctx, `/api/events/${fair.id}`, { 'if-none-match': hi.headers.etag, 'accept-language': 'en' });
    expect(en.status).toBe(200);
    expect(en.body.data.title).toBe('Science fair');
    expect(en.headers['content-language']).toBe('en');
  });

  it('GET /api/team in both languages', async () => {
    const hi = await getWith(ctx, '/api/team', { 'accept-language': 'hi' });
    const en = await getWith(ctx, '/api/team', { 'accept-language': 'en' });
    const hiAgain = await getWith(ctx, '/api/team', { 'accept-language': 'hi' });
    expect([hi.body[0].name, en.body[0].name, hiAgain.body[0].name]).toEqual(['मीरा देवी', 'Meera Devi', 'मीरा देवी']);
    expect([hi.headers['content-language'], en.headers['content-language'], hiAgain.headers['content-language']]).toEqual(['hi', 'en', 'hi']);
  });

  it('a signed-in read is in its language too (not from the cache)', async () => {
    const seen = counter();
    const res = await getWith(ctx, '/api/events?when=upcoming', { 'accept-language': 'hi' }, admin);
    expect(titles(res)).toEqual(['विज्ञान मेला']);
    expect(seen()).toEqual({ hits: 0, misses: 0 });
  });
});

describe('GraphQL: one cached answer per language', () => {
  const query = '{ events(filter: { when: UPCOMING }) { items { id title translations { lang title } } } }';

  it('the same query with different Accept-Language headers', async () => {
    const seen = counter();
    const hi = await gqlWith(ctx, query, {}, { headers: { 'accept-language': 'hi' } });
    const en = await gqlWith(ctx, query, {}, { headers: { 'accept-language': 'en' } });
    const hiAgain = await gqlWith(ctx, query, {}, { headers: { 'accept-language': 'hi' } });
    const none = await gqlWith(ctx, query, {});
    expect([hi, en, hiAgain, none].map((r) => r.body.data.events.items[0].title)).toEqual(['विज्ञान मेला', 'Science fair', 'विज्ञान मेला', 'Science fair']);
    expect([hi, en, hiAgain, none].map((r) => r.headers['content-language'])).toEqual(['hi', 'en', 'hi', 'en']);
    for (const r of [hi, en, hiAgain, none]) expect(vary(r)).toContain('accept-language');
    expect(seen()).toEqual({ hits: 2, misses: 2 });
  });
});

describe('an admin edit refreshes every language', () => {
  it('after a new Hindi title, the Hindi answers show it and the English answers carry it in translations', async () => {
    const gqlQuery = '{ events(filter: { when: UPCOMING }) { items { id title translations { lang title } } } }';
    // Warm both languages over both transports.
    await getWith(ctx, '/api/events?when=upcoming&lang=hi');
    await getWith(ctx, '/api/events?when=upcoming&lang=en');
    await getWith(ctx, `/api/events/${fair.id}?lang=hi`);
    await getWith(ctx, `/api/events/${fair.id}?lang=en`);
    await gqlWith(ctx, gqlQuery, {}, { headers: { 'accept-language': 'hi' } });
    await gqlWith(ctx, gqlQuery, {}, { headers: { 'accept-language': 'en' } });
    const warm = counter();
    await getWith(ctx, '/api/events?when=upcoming&lang=hi');
    expect(warm()).toEqual({ hits: 1, misses: 0 });

    const put = await multipart(ctx, 'put', `/api/events/${fair.id}`, admin, { titleHi: 'नया विज्ञान मेला' });
    expect(put.status).toBe(200);

    const seen = counter();
    const hiList = await getWith(ctx, '/api/events?when=upcoming&lang=hi');
    const enList = await getWith(ctx, '/api/events?when=upcoming&lang=en');
    const hiOne = await getWith(ctx, `/api/events/${fair.id}?lang=hi`);
    const enOne = await getWith(ctx, `/api/events/${fair.id}`, { 'accept-language': 'en' });
    const hiGql = await gqlWith(ctx, gqlQuery, {}, { headers: { 'accept-language': 'hi' } });
    const enGql = await gqlWith(ctx, gqlQuery, {}, { headers: { 'accept-language': 'en' } });
    expect(seen()).toEqual({ hits: 0, misses: 6 });

    expect(titles(hiList)).toEqual(['नया विज्ञान मेला']);
    expect(titles(enList)).toEqual(['Science fair']);
    expect(enList.body.data[0].translations.hi.title).toBe('नया विज्ञान मेला');
    expect(hiOne.body.data.title).toBe('नया विज्ञान मेला');
    expect(enOne.body.data).toMatchObject({ title: 'Science fair', translations: { hi: { title: 'नया विज्ञान मेला' } } });
    expect(hiGql.body.data.events.items[0].title).toBe('नया विज्ञान मेला');
    expect(enGql.body.data.events.items[0]).toMatchObject({ title: 'Science fair', translations: [{ lang: 'en', title: 'Science fair' }, { lang: 'hi', title: 'नया विज्ञान मेला' }] });

    // And the rebuilt answers are kept again, per language.
    const after = counter();
    expect(titles(await getWith(ctx, '/api/events?when=upcoming', { 'accept-language': 'hi' }))).toEqual(['नया विज्ञान मेला']);
    expect(titles(await getWith(ctx, '/api/events?when=upcoming', { 'accept-language': 'en' }))).toEqual(['Science fair']);
    expect(after()).toEqual({ hits: 2, misses: 0 });
  });

  it('clearing the Hindi title shows the English fallback to Hindi readers at once', async () => {
    await getWith(ctx, `/api/events/${fair.id}?lang=hi`);
    const put = await ctx.http.put(`/api/events/${fair.id}`).set('authorization', `Bearer ${admin}`).send({ titleHi: '' });
    expect(put.status).toBe(200);
    const hi = await getWith(ctx, `/api/events/${fair.id}?lang=hi`);
    expect(hi.body.data.title).toBe('Science fair');
    expect(hi.body.data.translations.hi.title).toBeNull();
    expect(hi.headers['content-language']).toBe('hi');
  });

  it('a team edit refreshes /api/team in both languages', async () => {
    const before = await getWith(ctx, '/api/team?lang=hi');
    await getWith(ctx, '/api/team?lang=en');
    const put = await ctx.http.put(`/api/team/${before.body[0]._id}`).set('authorization', `Bearer ${admin}`).send({ nameHi: 'मीरा दीदी' });
    expect(put.status).toBe(200);
    expect((await getWith(ctx, '/api/team?lang=hi')).body[0].name).toBe('मीरा दीदी');
    const en = await getWith(ctx, '/api/team?lang=en');
    expect(en.body[0]).toMatchObject({ name: 'Meera Devi', translations: { hi: { name: 'मीरा दीदी' } } });
  });
});
