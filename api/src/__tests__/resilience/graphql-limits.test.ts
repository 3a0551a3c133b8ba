/**
 * GraphQL abuse limits: depth, aliases, field count, estimated cost, document size, introspection
 * (off in production) and batching (off). Each is rejected before anything runs, with a clear code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getNamedType, isEnumType, isInputObjectType, isNonNullType, print, validate, specifiedRules, visit, type DocumentNode, type GraphQLNamedType, type GraphQLSchema, Kind, type SelectionSetNode, type TypeNode } from 'graphql';
import { getComplexity } from 'graphql-query-complexity';
import request from 'supertest';
import { createApp } from '../../app';
import { createLogger } from '../../common/logger';
import { aliasLimit, depthLimit, fieldLimit, listCostEstimator, MAX_ALIASES, MAX_FIELDS, MAX_QUERY_COST, MAX_QUERY_DEPTH } from '../../graphql/limits';
import { createSchema } from '../../graphql/schema';
import { createTestContext, testConfig, type TestContext } from '../../test/harness';
import { makeEvent } from '../../test/scenarios';

let ctx: TestContext;
let schema: GraphQLSchema;
beforeAll(async () => {
  ctx = await createTestContext();
  schema = await createSchema();
  await makeEvent(ctx, { title: 'Limits event' });
});
afterAll(() => ctx.close());

const EVENT_FIELDS = 'id title description date endDate time endTime location speaker category imageUrl imageSrcSet externalLink maxParticipants registeredCount isFull isRegistered isUpcoming hasStarted timing startsAt createdAt';

async function post(body: unknown) {
  const res = await ctx.http.post('/graphql').set('content-type', 'application/json').send(body as object);
  return { status: res.status, body: res.body };
}

function expectRejected(res: { status: number; body: any }, code: string, message: RegExp) {
  expect(res.status).toBe(400);
  expect(res.body.data).toBeUndefined();
  expect(res.body.errors[0].extensions.code).toBe(code);
  expect(res.body.errors[0].message).toMatch(message);
}

describe('GraphQL abuse limits', () => {
  it(`rejects a document nested deeper than ${MAX_QUERY_DEPTH} levels`, async () => {
    const deep = '{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }';
    expectRejected(await post({ query: deep }), 'QUERY_TOO_COMPLEX', /too deep/);
    // ...also when the depth hides in fragments.
    const viaFragments = 'query { __schema { ...A } } fragment A on __Schema { types { ...B } } fragment B on __Type { fields { type { ofType { ofType { ofType { ofType { name } } } } } } }';
    expectRejected(await post({ query: viaFragments }), 'QUERY_TOO_COMPLEX', /too deep/);
  });

  it(`rejects more than ${MAX_ALIASES} aliases`, async () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: visitorCount`).join(' ')} }`;
    expect((await post({ query: aliases(MAX_ALIASES) })).body.errors).toBeUndefined();
    expectRejected(await post({ query: aliases(MAX_ALIASES + 1) }), 'QUERY_TOO_COMPLEX', /Too many aliases/);
  });

  it(`rejects a huge list of fields (more than ${MAX_FIELDS})`, async () => {
    expectRejected(await post({ query: `{ ${'visitorCount '.repeat(MAX_FIELDS + 1)}}` }), 'QUERY_TOO_COMPLEX', /Too many fields/);
    expectRejected(await post({ query: `{ events { items { ${`${EVENT_FIELDS} `.repeat(12)} } } }` }), 'QUERY_TOO_COMPLEX', /Too many fields/);
  });

  it('rejects a document too long to parse with a clear parse error', async () => {
    const res = await post({ query: `{ ${'visitorCount,'.repeat(6000)} }` });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(res.body.errors[0].message).toMatch(/contains more th\w+ \d+ tokens/);
  });

  it('rejects events(limit: 500) with heavy fields by its estimated cost, literal or through variables', async () => {
    const heavy = `{ events(limit: 500) { total items { ${EVENT_FIELDS} } } }`;
    expectRejected(await post({ query: heavy }), 'QUERY_TOO_COMPLEX', /too expensive/);
    const viaVariables = `query($n: Int!) { events(limit: $n) { items { ${EVENT_FIELDS} } } }`;
    expectRejected(await post({ query: viaVariables, variables: { n: 500 } }), 'QUERY_TOO_COMPLEX', /too expensive/);
    // Two big lists in one request add up.
    const both = `{ events(limit: 100) { items { ${EVENT_FIELDS} } } more: events(limit: 100, offset: 100) { items { ${EVENT_FIELDS} } } }`;
    expectRejected(await post({ query: both }), 'QUERY_TOO_COMPLEX', /too expensive/);
    // A full page of 100 events with every field is a legitimate request.
    const page = await post({ query: `{ events(limit: 100) { total items { ${EVENT_FIELDS} } } }` });
    expect(page.status).toBe(200);
    expect(page.body.errors).toBeUndefined();
    expect(page.body.data.events.items[0].title).toBe('Limits event');
  });

  /** The document as Apollo Client sends it: `__typename` added to every selection below the operation's root. */
  const withTypenames = (doc: DocumentNode): DocumentNode =>
    visit(doc, {
      SelectionSet: (node: SelectionSetNode, _key, parent) => {
        const isRoot = parent && !Array.isArray(parent) && (parent as { kind?: string }).kind === Kind.OPERATION_DEFINITION;
        if (isRoot || node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename')) return undefined;
        return { ...node, selections: [...node.selections, { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } }] };
      },
    });

  it('keeps every document of both apps, as Apollo sends it, within the limits, even at a page size of 100', () => {
    const documents: { name: string; doc: DocumentNode }[] = [];
    for (const app of ['public-site', 'admin-portal']) {
      const source = readFileSync(path.join(__dirname, '../../../..', app, 'src/gql/graphql.ts'), 'utf8');
      // Apollo adds __typename to each selection (the generated documents lack it): the cost counts those fields
      // too, and My events once passed here while the app's own request was refused (3,075 of 3,000).
      for (const m of source.matchAll(/^export const (\w+)Document = (\{.*\}) as unknown as DocumentNode/gm)) documents.push({ name: `${app} ${m[1]}`, doc: withTypenames(JSON.parse(m[2])) });
    }
    expect(documents.length).toBeGreaterThan(30);
    const dummyOf = (named: GraphQLNamedType | undefined | null): unknown => {
      if (isEnumType(named)) return named.getValues()[0].name;
      // An input object (a query's filter or a preview's input): its required fields filled in.
      if (isInputObjectType(named)) {
        return Object.fromEntries(Object.values(named.getFields()).filter((f) => isNonNullType(f.type)).map((f) => [f.name, dummyOf(getNamedType(f.type))]));
      }
      return named?.name === 'Int' ? 100 : named?.name === 'Boolean' ? true : 'x';
    };
    const dummy = (t: TypeNode): unknown => {
      if (t.kind === Kind.NON_NULL_TYPE) return dummy(t.type);
      if (t.kind === Kind.LIST_TYPE) return [];
      return dummyOf(schema.getType(t.name.value));
    };
    const problems: string[] = [];
    for (const { name, doc } of documents) {
      const errors = validate(schema, doc, [...specifiedRules, depthLimit(), aliasLimit(), fieldLimit()]);
      if (errors.length) problems.push(`${name}: ${errors.map((e) => e.message).join('; ')}`);
      const op = doc.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
      const variables = Object.fromEntries((op?.kind === Kind.OPERATION_DEFINITION ? op.variableDefinitions ?? [] : []).map((v) => [v.variable.name.value, dummy(v.type)]));
      // Mutations hold no lists worth costing (and need real input objects to coerce).
      if (op?.kind !== Kind.OPERATION_DEFINITION || op.operation !== 'query') continue;
      const cost = getComplexity({ estimators: [listCostEstimator], schema, query: doc, variables });
      if (cost > MAX_QUERY_COST) problems.push(`${name}: cost ${cost} of ${print(doc).slice(0, 80)}`);
    }
    expect(problems).toEqual([]);
  });

  it('refuses batched requests (an array body) with a clear 400', async () => {
    const res = await post([{ query: '{ visitorCount }' }, { query: '{ visitorCount }' }]);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(res.body.errors[0].message).toMatch(/batch/i);
  });

  it('answers introspection outside production', async () => {
    const res = await post({ query: '{ __schema { queryType { name } } }' });
    expect(res.body.data.__schema.queryType.name).toBe('Query');
  });

  it('turns introspection off when NODE_ENV=production', async () => {
    const config = testConfig({ NODE_ENV: 'production' });
    const prod = await createApp(config, ctx.db.dataSource, ctx.services, createLogger('silent'));
    try {
      const http = request(prod.handler);
      for (const query of ['{ __schema { queryType { name } } }', '{ __type(name: "Event") { fields { name } } }']) {
        const res = await http.post('/graphql').set('content-type', 'application/json').send({ query });
        expect(res.status).toBe(400);
        expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
        expect(res.body.errors[0].message).toMatch(/introspection/i);
        expect(res.body.data).toBeUndefined();
      }
      // Ordinary operations (and __typename) still work in production.
      const ok = await http.post('/graphql').set('content-type', 'application/json').send({ query: '{ visitorCount __typename }' });
      expect(ok.body.data).toEqual({ visitorCount: expect.any(Number), __typename: 'Query' });
    } finally {
      await prod.stop();
    }
  });
});
