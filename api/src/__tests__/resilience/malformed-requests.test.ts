/**
 * Over a thousand malformed requests, generated (with a fixed seed) from the REST route table and the
 * schema's Query/Mutation fields, sent anonymously and as an admin so that validation code runs:
 * no 5xx, no stack/SQL/path in any body, and every error in the documented shape.
 * Replay another sequence with RESILIENCE_SEED=<n>.
 */
import {
  getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isObjectType, isScalarType,
  type GraphQLField, type GraphQLInputType, type GraphQLSchema,
} from 'graphql';
import jwt from 'jsonwebtoken';
import { createSchema } from '../../graphql/schema';
import { restRoutes } from '../../rest/routes';
import type { RouteDef } from '../../rest/route';
import { createTestContext, type TestContext } from '../../test/harness';
import { makeEvent, makeUser, standardScenario, userToken } from '../../test/scenarios';
import { graphqlShapeProblems, hostileIds, hostileStrings, huge, leaksIn, prng, PROTO_BODY, restShapeProblems, SEED, wrongTypes, type Rng } from './fuzz';

type Caller = 'anonymous' | 'admin' | 'member' | 'forged';

let ctx: TestContext;
let schema: GraphQLSchema;
let adminToken: string;
let memberToken: string;
let realIds: string[];
let fieldNames: string[];
const sent = { rest: 0, graphql: 0 };
const problems: string[] = [];
const statuses = new Map<number, number>();
const slow: [number, string][] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  schema = await createSchema();
  const s = await standardScenario(ctx);
  adminToken = s.tokens.admin;
  // A caller of its own: the fuzz may disable or re-password the members whose ids it uses.
  memberToken = userToken(ctx, await makeUser(ctx, { name: 'Fuzz Member' }));
  const event = await makeEvent(ctx, { maxParticipants: 5 });
  // Real ids (never the admin's own, so the fuzz cannot end the admin session) make validation run on real rows.
  realIds = [event.id, s.member.id, s.student.id, s.pendingTeacher.id];
  // Body fields: every input field the schema knows, plus the legacy REST names.
  const names = new Set<string>(['_id', 'userId', 'otp', 'studentIds', 'userIds', 'ids', 'userType', 'confirmPassword', 'image', 'daysAgo', 'linkedin', 'twitter', 'subject']);
  for (const type of Object.values(schema.getTypeMap())) {
    if (isInputObjectType(type) && !type.name.startsWith('__')) for (const f of Object.keys(type.getFields())) names.add(f);
  }
  fieldNames = [...names].sort();
});

afterAll(async () => {
  await ctx?.close();
});

// Prototype pollution through a JSON body would show up on every object afterwards.
afterAll(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

/** A value a well-meaning client might send for a field of this name (so validation gets past the first field). */
function plausible(name: string, rng: Rng): unknown {
  const n = name.toLowerCase();
  if (n.includes('email')) return rng.pick(['asha@example.org', 'ravi@example.org']);
  if (n.includes('phone')) return '9876543210';
  if (n.includes('password')) return 'Password-123!';
  if (n === 'otp' || n === 'code') return '123456';
  if (n.endsWith('date')) return '2026-07-01';
  if (n.endsWith('time')) return '10:30';
  if (n === 'category' || n === 'usertype') return rng.pick(['graduate', 'student', 'primary', 'workshop', 'general', 'admin', 'superadmin']);
  if (n === 'status') return rng.pick(['approved', 'rejected', 'pending', 'active', 'new', 'read']);
  if (n.endsWith('ids')) return [rng.pick(realIds)];
  if (n.endsWith('id')) return rng.pick(realIds);
  if (n.includes('max') || n === 'limit' || n === 'offset' || n === 'month' || n === 'year' || n === 'daysago') return rng.int(20);
  if (n.includes('link') || n.includes('url')) return 'https://example.org/x';
  return 'Plausible text';
}

function hostile(rng: Rng): unknown {
  const r = rng.next();
  if (r < 0.55) return rng.pick(hostileStrings);
  if (r < 0.95) return rng.pick(wrongTypes);
  return huge(120_000);
}

function randomBody(rng: Rng): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const count = 1 + rng.int(8);
  for (let i = 0; i < count; i++) {
    const name = rng.pick(fieldNames);
    body[name] = rng.chance(0.5) ? plausible(name, rng) : hostile(rng);
  }
  return body;
}

function tokenFor(caller: Caller, rng: Rng): string | undefined {
  if (caller === 'anonymous') return undefined;
  if (caller === 'admin') return adminToken;
  if (caller === 'member') return memberToken;
  const [h, p] = adminToken.split('.');
  return rng.pick([
    'x',
    'null',
    'a.b.c',
    `${h}.${p}.`,
    `${h}.${Buffer.from(JSON.stringify({ sub: realIds[1], v: 0, kind: 'admin' })).toString('base64url')}.${adminToken.split('.')[2]}`,
    jwt.sign({ sub: realIds[1], kind: 'admin' }, '', { algorithm: 'none' } as jwt.SignOptions),
    jwt.sign({ sub: '../../x', v: 'x', kind: ['admin'] }, ctx.config.jwtSecret),
    jwt.sign({ sub: realIds[1], v: 0, kind: 'admin', exp: 1 }, ctx.config.jwtSecret),
    jwt.sign({}, ctx.config.jwtSecret),
    huge(6_000),
    '%E0%A4%88',
    '\u00e9\u00ff',
  ]);
}

const concrete = (path: string, rng: Rng, weird: boolean) =>
  `/api${path.replace(/:[A-Za-z_]+/g, () => (weird ? rng.pick(hostileIds) : rng.pick(realIds)))}`;

const QUERY_STRINGS = [
  'limit=1&limit=2',
  'offset=1&offset=x',
  'limit[]=1',
  'limit[a]=1',
  'limit=-1',
  'limit=1e9',
  'limit=99999999999999999999',
  'offset=-5',
  'offset=abc',
  'limit=0x10',
  'month=13&year=-1',
  'month=0&year=99999',
  'month=1.5&year=2026.5',
  'when=__proto__',
  'when=PAST&when=ALL',
  'category=%00',
  'category=workshop&category=general',
  'status=approved&status=rejected',
  'search=' + encodeURIComponent("' OR 1=1 --"),
  'search=%00',
  'search=' + 'x'.repeat(8_000),
  'search=%25%5F%5C',
  'search=' + encodeURIComponent('ईवेंट'),
  'daysAgo=abc',
  'daysAgo=-1',
  'daysAgo=1e9',
  'daysAgo=1&daysAgo=2',
  '__proto__[x]=1',
  'a=%E0%A4%A',
  '%ZZ=1',
];

interface Probe {
  label: string;
  transport: 'rest' | 'graphql';
  run: () => Promise<{ status: number; type?: string; text: string; body: any }>;
}

function restProbes(def: RouteDef, caller: Caller, rng: Rng): Probe[] {
  const out: Probe[] = [];
  const hasParams = def.path.includes(':');
  const writes = def.method !== 'get' && def.method !== 'delete';
  const variants = writes ? 7 : 4;
  for (let i = 0; i < variants; i++) {
    const weirdPath = hasParams && rng.chance(0.6);
    let path = concrete(def.path, rng, weirdPath);
    const kind = writes ? rng.pick(['json', 'json', 'json', 'badjson', 'text', 'multipart', 'huge', 'root', 'proto', 'empty'] as const) : 'none';
    if (!writes || rng.chance(0.3)) path += `?${rng.pick(QUERY_STRINGS)}`;
    const token = tokenFor(caller, rng);
    const body = randomBody(rng);
    const rootValue = rng.pick(['null', '[]', '[1,2]', '"x"', '1', 'true', '{}']);
    const ip = `10.${rng.int(250)}.${rng.int(250)}.${1 + rng.int(250)}`;
    out.push({
      transport: 'rest',
      label: `REST ${caller} ${def.method.toUpperCase()} ${path.slice(0, 120)} [${kind}] ${kind === 'json' ? JSON.stringify(body).slice(0, 300) : ''}`,
      run: async () => {
        let req = ctx.http[def.method](path).set('x-forwarded-for', ip);
        if (token !== undefined) req = req.set('authorization', `Bearer ${token}`);
        let res;
        switch (kind) {
          case 'json': res = await req.send(body); break;
          case 'badjson': res = await req.set('content-type', 'application/json').send(rng.pick(['{"a":', '{a:1}', "{'a':1}", '{"a":1,}', '\u0000', '{"a":"\\ud800"}', '[' .repeat(5000)])); break;
          case 'text': res = await req.set('content-type', 'text/plain').send(JSON.stringify(body)); break;
          case 'multipart': {
            req = req.field('name', 'x').field('email', 'asha@example.org');
            res = rng.chance(0.5) ? await req.attach('image', Buffer.from('not an image at all'), 'x.png') : await req.attach('file', Buffer.from('%PDF-1.4'), 'x.pdf');
            break;
          }
          case 'huge': res = await req.send({ ...body, name: huge(1_100_000) }); break;
          case 'root': res = await req.set('content-type', 'application/json').send(rootValue); break;
          case 'proto': res = await req.set('content-type', 'application/json').send(PROTO_BODY); break;
          case 'empty': res = await req.set('content-type', 'application/json'); break;
          default: res = await req;
        }
        return { status: res.status, type: res.headers['content-type'], text: res.text ?? '', body: res.body };
      },
    });
  }
  return out;
}

// ---------- GraphQL ----------

function leafSelection(type: ReturnType<typeof getNamedType>, depth = 0): string {
  if (!isObjectType(type)) return '';
  const fields = Object.values(type.getFields());
  const parts = fields.map((f) => {
    const named = getNamedType(f.type);
    if (isObjectType(named)) return depth < 1 && !f.args.some((a) => isNonNullType(a.type)) ? `${f.name}${leafSelection(named, depth + 1)}` : '';
    return f.args.some((a) => isNonNullType(a.type)) ? '' : f.name;
  });
  return ` { ${parts.filter(Boolean).join(' ')} }`;
}

/** A value of the right GraphQL type (so coercion passes and the service's validation runs), often hostile. */
function typedValue(type: GraphQLInputType, name: string, rng: Rng, depth = 0): unknown {
  if (isNonNullType(type)) return typedValue(type.ofType, name, rng, depth);
  if (isListType(type)) return Array.from({ length: rng.pick([0, 1, 2, 501]) }, () => typedValue(type.ofType, name, rng, depth + 1));
  if (isEnumType(type)) return rng.pick(type.getValues()).name;
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) {
      if (isNonNullType(f.type) || rng.chance(0.5)) out[f.name] = typedValue(f.type, f.name, rng, depth + 1);
    }
    return out;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int': return rng.pick([0, -1, 1, 12, 2147483647, -2147483648, 501, 100000]);
      case 'Float': return rng.pick([0, -1, 1.5, 1e308, -1e308]);
      case 'Boolean': return rng.chance(0.5);
      case 'ID': return decodeURIComponentSafe(rng.chance(0.5) ? rng.pick(hostileIds) : rng.pick(realIds));
      case 'DateTimeISO': return rng.pick(['2026-01-01T00:00:00.000Z', '0000-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z']);
      default: {
        const v = rng.chance(0.4) ? plausible(name, rng) : rng.pick(hostileStrings);
        return typeof v === 'string' ? v : String(v);
      }
    }
  }
  return null;
}

function decodeURIComponentSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function gqlProbes(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, caller: Caller, rng: Rng): Probe[] {
  const out: Probe[] = [];
  const selection = leafSelection(getNamedType(field.type));
  for (let i = 0; i < 5; i++) {
    const args = field.args.filter((a) => isNonNullType(a.type) || rng.chance(0.6));
    const decl = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
    const call = args.map((a) => `${a.name}: $${a.name}`).join(', ');
    const query = `${kind} Fuzz${decl ? `(${decl})` : ''} { ${field.name}${call ? `(${call})` : ''}${selection} }`;
    const mode = rng.pick(['typed', 'typed', 'typed', 'wrongType', 'missing', 'extra'] as const);
    const variables: Record<string, unknown> = {};
    for (const a of args) {
      if (mode === 'missing' && rng.chance(0.5)) continue;
      variables[a.name] = mode === 'wrongType' && rng.chance(0.6) ? hostile(rng) : typedValue(a.type, a.name, rng);
    }
    if (mode === 'extra') variables.__proto__injected = { polluted: true };
    const token = tokenFor(caller, rng);
    const ip = `10.${rng.int(250)}.${rng.int(250)}.${1 + rng.int(250)}`;
    out.push({
      transport: 'graphql',
      label: `GQL ${caller} ${kind} ${field.name} [${mode}] ${JSON.stringify(variables).slice(0, 400)}`,
      run: async () => {
        let req = ctx.http.post('/graphql').set('content-type', 'application/json').set('x-forwarded-for', ip);
        if (token !== undefined) req = req.set('authorization', `Bearer ${token}`);
        const res = await req.send({ query, variables });
        return { status: res.status, type: res.headers['content-type'], text: res.text ?? '', body: res.body };
      },
    });
  }
  return out;
}

/** Documents and envelopes that are wrong as a whole. */
function envelopeProbes(rng: Rng): Probe[] {
  const raw = (label: string, send: (req: any) => any, method: 'post' | 'get' | 'put' = 'post', path = '/graphql'): Probe => ({
    label: `${path.slice(0, 60)} ${label}`,
    transport: path === '/graphql' ? 'graphql' : 'rest',
    run: async () => {
      const res = await send(ctx.http[method](path).set('x-forwarded-for', `10.250.${rng.int(250)}.1`));
      return { status: res.status, type: res.headers['content-type'], text: res.text ?? '', body: res.body };
    },
  });
  const json = (label: string, body: unknown) => raw(label, (r) => r.set('content-type', 'application/json').send(typeof body === 'string' ? body : JSON.stringify(body)));
  return [
    json('empty object', {}),
    json('query null', { query: null }),
    json('query number', { query: 42 }),
    json('query object', { query: { a: 1 } }),
    json('query array', { query: ['{ visitorCount }'] }),
    json('unparseable query', { query: '{' }),
    json('unknown field', { query: '{ nope }' }),
    json('variables string', { query: '{ visitorCount }', variables: 'x' }),
    json('variables array', { query: '{ visitorCount }', variables: [1] }),
    json('operationName mismatch', { query: 'query A { visitorCount }', operationName: 'B' }),
    json('two operations without a name', { query: 'query A { visitorCount } query B { visitorCount }' }),
    json('extensions garbage', { query: '{ visitorCount }', extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } }),
    json('batched', [{ query: '{ visitorCount }' }, { query: '{ visitorCount }' }]),
    json('bad json', '{"query": '),
    json('null root', 'null'),
    json('huge document', { query: `{ ${'visitorCount '.repeat(90_000)} }` }),
    json('huge string literal', { query: `{ event(id: "${huge(90_000)}") { id } }` }),
    json('null byte in literal', { query: '{ event(id: "a\\u0000b") { id } }' }),
    raw('text/plain', (r) => r.set('content-type', 'text/plain').send('{ visitorCount }')),
    raw('multipart', (r) => r.field('operations', '{"query":"{ visitorCount }"}').field('map', '{}')),
    raw('form-urlencoded', (r) => r.type('form').send({ query: '{ visitorCount }' })),
    raw('GET with mutation', (r) => r.query({ query: 'mutation { recordVisit { visitorCount } }' }).set('apollo-require-preflight', 'true'), 'get'),
    raw('GET without preflight header', (r) => r.query({ query: '{ visitorCount }' }), 'get'),
    raw('GET with bad variables', (r) => r.query({ query: 'query($id: ID!) { event(id: $id) { id } }', variables: '{' }).set('apollo-require-preflight', 'true'), 'get'),
    raw('PUT', (r) => r.set('content-type', 'application/json').send({ query: '{ visitorCount }' }), 'put'),
    raw('1 MB body', (r) => r.set('content-type', 'application/json').send({ query: '{ visitorCount }', variables: { x: huge(1_048_576) } })),
    raw('gzip that is not', (r) => r.set('content-type', 'application/json').set('content-encoding', 'gzip').send('{"query":"{ visitorCount }"}')),
    raw('unknown encoding', (r) => r.set('content-type', 'application/json').set('content-encoding', 'br2').send('{"query":"{ visitorCount }"}')),
    raw('latin1 charset', (r) => r.set('content-type', 'application/json; charset=klingon').send('{"query":"{ visitorCount }"}')),
    raw('REST unknown route', (r) => r, 'get', '/api/nope/../../etc/passwd'),
    raw('REST bad percent-encoding', (r) => r, 'get', '/api/events/%E0%A4%A'),
    raw('REST bad percent-encoding (user)', (r) => r.set('authorization', `Bearer ${adminToken}`), 'get', '/api/auth/users/%'),
    raw('uploads traversal', (r) => r, 'get', '/uploads/..%2F..%2Fpackage.json'),
    raw('uploads null byte', (r) => r, 'get', '/uploads/a%00.webp'),
    raw('uploads long name', (r) => r, 'get', `/uploads/${'x'.repeat(5000)}.webp`),
    raw('huge header token', (r) => r.set('authorization', `Bearer ${huge(12_000)}`), 'get', '/api/admin/me'),
  ];
}

describe(`malformed requests (seed ${SEED})`, () => {
  it('over 1,000 generated requests: no 5xx, no leaks, documented error shapes', async () => {
    const rng = prng(SEED);
    const probes: Probe[] = [];
    for (const caller of ['anonymous', 'admin', 'member', 'forged'] as Caller[]) {
      // Anonymous and admin callers walk everything; a signed-in member and forged tokens only need a sample.
      const sampled = caller === 'member' || caller === 'forged';
      for (const def of restRoutes) if (!sampled || rng.chance(0.25)) probes.push(...restProbes(def, caller, rng));
      for (const [kind, root] of [['query', schema.getQueryType()], ['mutation', schema.getMutationType()]] as const) {
        for (const field of Object.values(root!.getFields())) {
          if (!sampled || rng.chance(0.25)) probes.push(...gqlProbes(kind, field, caller, rng));
        }
      }
    }
    probes.push(...envelopeProbes(rng));

    for (const probe of probes) {
      sent[probe.transport]++;
      let res;
      const t0 = Date.now();
      try {
        res = await probe.run();
        slow.push([Date.now() - t0, probe.label.slice(0, 150)]);
      } catch (err) {
        problems.push(`${probe.label}: request failed (${(err as Error).message})`);
        continue;
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const found: string[] = [];
      if (res.status >= 500) found.push(`HTTP ${res.status} ${res.text.slice(0, 300)}`);
      const leaks = leaksIn(res.text);
      if (leaks.length) found.push(`leaks ${leaks.join(', ')}: ${res.text.slice(0, 300)}`);
      found.push(...(probe.transport === 'graphql' ? graphqlShapeProblems(res.status, res.body) : restShapeProblems(res.status, res.type, res.body)));
      if (found.length) problems.push(`${probe.label}: ${found.join('; ')}`);
    }

    if (process.env.RESILIENCE_VERBOSE) console.log({ slow: slow.sort((a, b) => b[0] - a[0]).slice(0, 15), sent, statuses: Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])) });
    expect(sent.rest + sent.graphql).toBeGreaterThanOrEqual(1000);
    // The generator reaches every layer: parsers, access checks, validation, lookups and success paths.
    for (const status of [200, 400, 401, 403, 404, 413]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  }, 240_000);

  it('the service still answers normally afterwards', async () => {
    expect((await ctx.http.get('/api/events')).status).toBe(200);
    const me = await ctx.gql('{ adminMe { id } }', undefined, adminToken);
    expect(me.errors).toBeUndefined();
  });
});
