/**
 * What the Portman contract run (npm run contract) found, held here on the API's own harness: a JSON
 * array where a write takes an object is refused (a PUT read it as an empty change and answered 200),
 * and the paged admin lists refuse offset/limit out of the range their OpenAPI entries give.
 */
import { createTestContext, type TestContext } from '../../test/harness';
import { standardScenario } from '../../test/scenarios';

let ctx: TestContext;
let adminToken: string;
let memberId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const { tokens, member } = await standardScenario(ctx);
  adminToken = tokens.admin;
  memberId = member.id;
});
afterAll(() => ctx.close());

describe('the shape of a REST request', () => {
  it('refuses a JSON array as the body of a write, changing nothing', async () => {
    // PUT /api/auth/users/:id takes every field as optional: an empty object is a valid (empty) change.
    const url = `/api/auth/users/${memberId}`;
    const before = await ctx.http.get(url).set('authorization', `Bearer ${adminToken}`);
    expect(before.status).toBe(200);
    const res = await ctx.http.put(url).set('authorization', `Bearer ${adminToken}`).send([{ name: 'Changed Name' }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION', message: 'The request body must be a JSON object' });
    expect((await ctx.http.get(url).set('authorization', `Bearer ${adminToken}`)).body).toEqual(before.body);
    expect((await ctx.http.put(url).set('authorization', `Bearer ${adminToken}`).send({})).status).toBe(200);
    // An object still goes through, and GETs are not concerned.
    expect((await ctx.http.get('/api/team').send([])).status).toBe(200);
  });

  it.each([
    ['/api/contact', 'offset=-1', 'offset'],
    ['/api/contact', 'limit=0', 'limit'],
    ['/api/contact', 'limit=501', 'limit'],
    ['/api/contact', 'limit=ten', 'limit'],
    ['/api/admin/audit', 'offset=-1', 'offset'],
    ['/api/admin/audit', 'limit=201', 'limit'],
  ])('GET %s?%s answers 400 naming %s', async (url, query, field) => {
    const res = await ctx.http.get(`${url}?${query}`).set('authorization', `Bearer ${adminToken}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });

  it('pages within range as before', async () => {
    for (const url of ['/api/contact?offset=0&limit=500', '/api/admin/audit?limit=200', '/api/contact', '/api/admin/audit?offset=&limit=']) {
      const res = await ctx.http.get(url).set('authorization', `Bearer ${adminToken}`);
      expect([url, res.status]).toEqual([url, 200]);
    }
  });
});
