import { createTestContext, usingPostgres, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('visitor counter', () => {
  it('REST: reads the count and increments it by one per call', async () => {
    const before = (await ctx.http.get('/api/visitor-count')).body.visitorCount;
    const inc = await ctx.http.post('/api/increment-visitor');
    expect(inc.status).toBe(200);
    expect(inc.body).toEqual({ success: true, visitorCount: before + 1 });
    expect((await ctx.http.get('/api/visitor-count')).body.visitorCount).toBe(before + 1);
  });

  it('GraphQL: recordVisit returns the new total and visitorCount reads it', async () => {
    const before = (await ctx.gql('{ visitorCount }')).data.visitorCount;
    const { data } = await ctx.gql('mutation { recordVisit { visitorCount } }');
    expect(data.recordVisit.visitorCount).toBe(before + 1);
    expect((await ctx.gql('{ visitorCount }')).data.visitorCount).toBe(before + 1);
  });

  it('ignores a body sent with the increment', async () => {
    const before = (await ctx.http.get('/api/visitor-count')).body.visitorCount;
    const res = await ctx.http.post('/api/increment-visitor').send({ visitorCount: 1e9 });
    expect(res.body.visitorCount).toBe(before + 1);
  });

  // Atomicity only means something with real parallel connections: PGlite runs one statement at a time.
  (usingPostgres ? it : it.skip)('500 concurrent increments add exactly 500 (Postgres)', async () => {
    const before = await ctx.services.visitors.count();
    const results = await Promise.all(Array.from({ length: 500 }, () => ctx.services.visitors.increment()));
    expect(await ctx.services.visitors.count()).toBe(before + 500);
    // Every increment saw a distinct value: no two read the same old count.
    expect(new Set(results).size).toBe(500);
  });
});
