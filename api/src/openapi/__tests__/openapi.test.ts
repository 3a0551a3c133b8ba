/**
 * The REST reference (GET /api/openapi.json, GET /api/docs) against the route table and the server:
 * one documented operation per route and no other, each with a summary and the security of its access;
 * request bodies that reference the class the handler really validates with (seen by watching
 * validateInput during a call); a structurally valid OpenAPI 3.0 document; and real answers of every
 * route held against the documented schemas and statuses, so the reference cannot drift silently.
 */
import type { AccessLevel } from '../../common/access';
import { restRoutes } from '../../rest/routes';
import { route, type InputClass, type RouteDef } from '../../rest/route';
import { createTestContext, type TestContext } from '../../test/harness';
import { realPng } from '../../test/images';
import { schemaProblems } from '../../test/json-schema';
import { concretePath, DUMMY_ID } from '../../test/operations';
import { makeEvent, standardScenario } from '../../test/scenarios';
import { buildOpenApiDocument, openApiPath, type OpenApiDocument, type Operation } from '../document';
import { InputSchemas } from '../inputs';
import { DOCS_CSP, openApiDocument } from '../openapi.rest';
import type { JsonSchema } from '../schema';

/** The classes validateInput is called with during a request (services call it through the module). */
const mockValidated: InputClass[] = [];
jest.mock('../../common/validate', () => {
  const actual = jest.requireActual('../../common/validate');
  return {
    ...actual,
    validateInput: (cls: InputClass, ...rest: unknown[]) => {
      mockValidated.push(cls);
      return actual.validateInput(cls, ...rest);
    },
  };
});

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
const doc: OpenApiDocument = openApiDocument(restRoutes).document;
const components = doc.components.schemas;
const operation = (def: Pick<RouteDef, 'method' | 'path'>): Operation | undefined => doc.paths[openApiPath(def.path)]?.[def.method];
const label = (def: Pick<RouteDef, 'method' | 'path'>) => `${def.method.toUpperCase()} /api${def.path}`;

describe('the document lists exactly the routes the adapter serves', () => {
  it('has an operation for every route in restRoutes, and none without a route', () => {
    const fromRoutes = restRoutes.map((r) => `${r.method} ${openApiPath(r.path)}`).sort();
    const fromDocument = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)).sort();
    expect(fromDocument).toEqual(fromRoutes);
    expect(new Set(fromRoutes).size).toBe(restRoutes.length);
    expect(restRoutes.length).toBeGreaterThan(70);
  });

  it('turns Express parameters into OpenAPI templates under /api', () => {
    expect(openApiPath('/events/:id/check-in/:userId')).toBe('/api/events/{id}/check-in/{userId}');
    expect(operation({ method: 'delete', path: '/events/:id/check-in/:userId' })).toBeDefined();
    expect(doc.paths['/api/events/{id}/check-in/{userId}'].delete.parameters?.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(['id', 'userId']);
  });

  it('documents the reference itself', () => {
    expect(operation({ method: 'get', path: '/openapi.json' })?.tags).toEqual(['Reference']);
    expect(operation({ method: 'get', path: '/docs' })?.tags).toEqual(['Reference']);
  });

  it('refuses to build from a route whose entry is incomplete', () => {
    const handler = async () => ({});
    const base = { summary: 'A call', tag: 'Events' as const, response: { description: 'ok', schema: { type: 'object' as const } } };
    expect(() => buildOpenApiDocument([route('get', '/things/:id', 'public', base, handler)])).toThrow(/path parameters id but documented \(none\)/);
    expect(() => buildOpenApiDocument([route('get', '/things', 'public', { ...base, params: { id: 'stray' } }, handler)])).toThrow(/documented id/);
    expect(() => buildOpenApiDocument([route('get', '/things', 'public', { ...base, summary: ' ' }, handler)])).toThrow(/no summary/);
    expect(() => buildOpenApiDocument([route('get', '/a', 'public', base, handler), route('get', '/a/', 'public', base, handler), route('get', '/a', 'public', base, handler)])).toThrow(/declared twice/);
  });
});

describe('every operation is described for an integrator', () => {
  /** Written out here, independently of the builder's own table (common/access.ts says who passes). */
  const EXPECTED_SECURITY: Record<AccessLevel, Array<Record<string, string[]>>> = {
    public: [],
    user: [{ userToken: [] }, { adminToken: [] }],
    teacher: [{ teacherToken: [] }, { adminToken: [] }],
    admin: [{ adminToken: [] }],
  };

  it('has a summary, a tag, a unique operationId and the security requirement of its access', () => {
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const def of restRoutes) {
      const op = operation(def)!;
      if (!op.summary?.trim()) problems.push(`${label(def)}: no summary`);
      if (op.tags.length !== 1 || !doc.tags.some((t) => t.name === op.tags[0])) problems.push(`${label(def)}: undeclared tag ${op.tags}`);
      if (ids.has(op.operationId)) problems.push(`${label(def)}: duplicate operationId ${op.operationId}`);
      ids.add(op.operationId);
      // A route an API key scope opens also takes the apiKey scheme (a public one still takes nothing: {}).
      const expected = def.doc.scope ? [...(def.access === 'public' ? [{}] : EXPECTED_SECURITY[def.access]), { apiKey: [] }] : EXPECTED_SECURITY[def.access];
      if (def.doc.scope && (op['x-api-key-scope'] !== def.doc.scope || !op.responses['403'] || !op.responses['401'])) problems.push(`${label(def)}: scope ${def.doc.scope} not documented`);
      if (JSON.stringify(op.security) !== JSON.stringify(expected)) problems.push(`${label(def)}: security ${JSON.stringify(op.security)} for access ${def.access}`);
      if (op['x-access'] !== def.access) problems.push(`${label(def)}: x-access ${op['x-access']}`);
      if (def.access !== 'public' && !op.responses['401']) problems.push(`${label(def)}: no 401 answer documented`);
      if ((def.access === 'admin' || def.access === 'teacher') && !op.responses['403']) problems.push(`${label(def)}: no 403 answer documented`);
    }
    expect(problems).toEqual([]);
    for (const [name, scheme] of Object.entries(doc.components.securitySchemes)) expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: name === 'apiKey' ? 'gjk_ API key' : 'JWT' });
  });

  it('documents multipart routes as multipart/form-data with their file fields', () => {
    const multipart = restRoutes.filter((r) => r.upload);
    expect(multipart.map(label).sort()).toEqual(['POST /api/events', 'POST /api/team', 'POST /api/uploads', 'PUT /api/events/:id', 'PUT /api/team/:id']);
    for (const def of multipart) {
      const schema = operation(def)!.requestBody!.content['multipart/form-data'].schema;
      const files = schema.allOf ? schema.allOf[schema.allOf.length - 1] : schema;
      expect(Object.keys(files.properties!)).toEqual(def.upload!.fields);
      for (const f of def.upload!.fields) expect(files.properties![f]).toMatchObject({ type: 'string', format: 'binary' });
    }
    expect(operation({ method: 'post', path: '/uploads' })!.requestBody!.content['multipart/form-data'].schema.required).toEqual(['image']);
  });

  it('generates body schemas from the class-validator rules (the same classes GraphQL inputs use)', () => {
    const fresh = new InputSchemas();
    const bodies = restRoutes.flatMap((r) => (typeof r.doc.body === 'function' ? [r.doc.body] : r.doc.body && 'oneOf' in r.doc.body ? r.doc.body.oneOf : []));
    for (const cls of bodies) expect(components[cls.name]).toEqual(fresh.schemaOf(cls));
    // A few rules, read straight from the decorators:
    expect(components.ContactInput.required).toEqual(['name', 'email', 'phone', 'subject', 'message']);
    expect(components.ContactInput.properties!.phone.pattern).toBe('^\\d{10}$');
    expect(components.EventInput.properties!.maxParticipants).toMatchObject({ type: 'integer', minimum: 1 });
    expect(components.EventInput.properties!.titleHi).toMatchObject({ type: 'string', maxLength: 200 });
    expect(components.EventInput.properties!.date.description).toMatch(/YYYY-MM-DD/); // type-graphql's field description
    expect(components.TeamMemberInput.properties!.socialLinks).toEqual({ $ref: '#/components/schemas/SocialLinksInput' });
    expect(components.SocialLinksInput.properties!.github).toMatchObject({ type: 'string', format: 'url' });
    // Query-only classes are read for their parameters, not published as bodies.
    expect(components.EventFilter).toBeUndefined();
    expect(operation({ method: 'get', path: '/events' })!.parameters!.map((p) => p.name ?? p.$ref)).toEqual(
      expect.arrayContaining(['when', 'month', 'year', 'category', 'search', 'missingLanguage', 'offset', 'limit', 'type', 'filter']),
    );
  });
});

// ---------- OpenAPI 3.0 structure ----------

const SCHEMA_KEYWORDS = new Set([
  'type', 'description', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'nullable', 'format', 'pattern', 'minimum', 'maximum',
  'minLength', 'maxLength', 'minItems', 'maxItems', 'oneOf', 'anyOf', 'allOf', 'not', '$ref', 'example', 'default', 'title', 'readOnly', 'writeOnly', 'minProperties',
]);
const SCHEMA_TYPES = new Set(['object', 'array', 'string', 'integer', 'number', 'boolean']);

function structuralProblems(d: OpenApiDocument): string[] {
  const problems: string[] = [];
  const check = (ok: unknown, message: string) => ok || problems.push(message);
  check(/^3\.0\.\d+$/.test(d.openapi), `openapi is ${d.openapi}`);
  check(typeof d.info.title === 'string' && typeof d.info.version === 'string', 'info needs title and version');

  const resolve = (ref: string) => {
    const [, section, kind, name] = ref.split('/');
    return section === 'components' ? (d.components as Record<string, Record<string, unknown>>)[kind]?.[name] : undefined;
  };
  const walkSchema = (s: JsonSchema, at: string): void => {
    if (!s || typeof s !== 'object') return void problems.push(`${at}: not a schema`);
    if (s.$ref) {
      check(Object.keys(s).length === 1, `${at}: $ref with siblings (ignored in OpenAPI 3.0)`);
      check(resolve(s.$ref), `${at}: unresolved ${s.$ref}`);
      return;
    }
    for (const k of Object.keys(s)) check(SCHEMA_KEYWORDS.has(k) || k.startsWith('x-'), `${at}: unknown schema keyword ${k}`);
    if (s.type) check(SCHEMA_TYPES.has(s.type), `${at}: type ${s.type}`);
    if (s.type === 'array') check(s.items, `${at}: array without items`);
    if (s.required) for (const r of s.required) check(s.properties?.[r], `${at}: required ${r} is not a property`);
    for (const [k, p] of Object.entries(s.properties ?? {})) walkSchema(p, `${at}.${k}`);
    if (s.items) walkSchema(s.items, `${at}[]`);
    if (typeof s.additionalProperties === 'object') walkSchema(s.additionalProperties, `${at}{}`);
    for (const key of ['oneOf', 'anyOf', 'allOf'] as const) s[key]?.forEach((sub, i) => walkSchema(sub, `${at}.${key}[${i}]`));
  };

  for (const [name, s] of Object.entries(d.components.schemas)) walkSchema(s, `#/components/schemas/${name}`);
  for (const [name, p] of Object.entries(d.components.parameters)) check(p.name && ['query', 'header', 'path', 'cookie'].includes(p.in as string) && p.schema, `parameter ${name} is incomplete`);
  for (const [name, r] of Object.entries(d.components.responses)) {
    check(typeof r.description === 'string', `response ${name} has no description`);
    for (const [type, media] of Object.entries((r.content ?? {}) as Record<string, { schema: JsonSchema }>)) walkSchema(media.schema, `response ${name} ${type}`);
  }
  const tagNames = new Set(d.tags.map((t) => t.name));
  for (const [path, ops] of Object.entries(d.paths)) {
    check(path.startsWith('/'), `${path}: paths start with /`);
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const [method, op] of Object.entries(ops)) {
      const at = `${method.toUpperCase()} ${path}`;
      check((METHODS as readonly string[]).includes(method), `${at}: unknown method`);
      check(typeof op.operationId === 'string' && op.summary, `${at}: operationId and summary`);
      const params = (op.parameters ?? []).map((p) => (p.$ref ? (resolve(p.$ref as string) as Record<string, unknown>) : p));
      for (const p of params) {
        check(p && p.name && ['query', 'header', 'path', 'cookie'].includes(p.in as string), `${at}: bad parameter ${JSON.stringify(p)}`);
        if (p?.schema) walkSchema(p.schema as JsonSchema, `${at} parameter ${p.name}`);
        if (p?.in === 'path') check(p.required === true && templated.includes(p.name as string), `${at}: path parameter ${p.name} must be required and in the path`);
      }
      const names = params.map((p) => `${p?.in}:${p?.name}`);
      check(new Set(names).size === names.length, `${at}: a parameter is listed twice`);
      for (const t of templated) check(names.includes(`path:${t}`), `${at}: {${t}} has no path parameter`);
      if (op.requestBody) {
        check(Object.keys(op.requestBody.content).length > 0, `${at}: requestBody without content`);
        for (const [type, media] of Object.entries(op.requestBody.content)) walkSchema(media.schema, `${at} body ${type}`);
      }
      const statuses = Object.keys(op.responses);
      check(statuses.some((s) => /^2\d\d$/.test(s)), `${at}: no success response`);
      for (const [status, r] of Object.entries(op.responses)) {
        check(/^([1-5]\d\d|[1-5]XX|default)$/.test(status), `${at}: response key ${status}`);
        if (r.$ref) check(resolve(r.$ref as string), `${at}: unresolved ${r.$ref}`);
        else {
          check(typeof r.description === 'string', `${at} ${status}: no description`);
          for (const [type, media] of Object.entries((r.content ?? {}) as Record<string, { schema: JsonSchema }>)) walkSchema(media.schema, `${at} ${status} ${type}`);
        }
      }
      for (const requirement of op.security) for (const scheme of Object.keys(requirement)) check(d.components.securitySchemes[scheme], `${at}: unknown security scheme ${scheme}`);
      for (const tag of op.tags) check(tagNames.has(tag), `${at}: undeclared tag ${tag}`);
    }
  }
  return problems;
}

describe('the document is a valid OpenAPI 3.0 document', () => {
  it('passes the structural checks', () => {
    expect(structuralProblems(doc)).toEqual([]);
  });

  it('the checks catch what they look for', () => {
    const broken = JSON.parse(JSON.stringify(doc)) as OpenApiDocument;
    broken.paths['/api/events'].get.responses['200'] = { description: 'x', content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope', nullabel: true } } } };
    broken.paths['/api/events/{id}'].get.parameters = [];
    expect(structuralProblems(broken)).toEqual([
      'GET /api/events 200 application/json: $ref with siblings (ignored in OpenAPI 3.0)',
      'GET /api/events 200 application/json: unresolved #/components/schemas/Nope',
      'GET /api/events/{id}: {id} has no path parameter',
    ]);
  });
});

// ---------- against the running server ----------

let ctx: TestContext;
let ids: { event: string; contact: string; member: string; teacherEmail: string; adminEmail: string };
let tokens: Awaited<ReturnType<typeof standardScenario>>['tokens'];

beforeAll(async () => {
  ctx = await createTestContext();
  const s = await standardScenario(ctx);
  tokens = s.tokens;
  const event = await makeEvent(ctx, { daysFromToday: 5, maxParticipants: 50 });
  await makeEvent(ctx, { daysFromToday: -3, title: 'A past event' });
  const contact = await ctx.services.contacts.submit({ name: 'Asha', email: 'asha@example.com', phone: '9876543210', subject: 'Hello', message: 'A question' });
  await ctx.services.team.create(null, { name: 'Meera', designation: 'Teacher', description: 'Teaches', socialLinks: { github: 'https://github.com/meera' } }, await realPng(400, 400));
  expect((await ctx.http.post(`/api/events/${event.id}/register`).set('authorization', `Bearer ${tokens.member}`)).status).toBe(200);
  ids = { event: event.id, contact: contact.id, member: s.member.id, teacherEmail: s.teacher.email, adminEmail: s.admin.email };
});
afterAll(() => ctx?.close());

/** A route's path with real records where the scenario has them (else the dummy id: a documented 404). */
function realPath(def: RouteDef): string {
  if (def.path.startsWith('/events/:id') || def.path.startsWith('/admin/export/events/:id')) return concretePath(def.path.replace(':id', ids.event));
  if (def.path === '/contact/:id') return `/api/contact/${ids.contact}`;
  if (def.path === '/auth/users/:id') return `/api/auth/users/${ids.member}`;
  return concretePath(def.path);
}

const mediaType = (header: string | undefined) => (header ?? '').split(';')[0].trim();

/** What is wrong with an answer, measured against the operation's documented responses. */
function answerProblems(def: RouteDef, res: { status: number; headers: Record<string, string>; body: unknown; text?: string }): string[] {
  const op = operation(def)!;
  const status = String(res.status);
  const documented = op.responses[status] ?? op.responses[`${status[0]}XX`];
  if (!documented) return [`${label(def)}: answered ${res.status}, which is not documented (${Object.keys(op.responses).join(', ')}) ${res.text?.slice(0, 200)}`];
  const response = (documented.$ref ? doc.components.responses[(documented.$ref as string).split('/').pop()!] : documented) as { content: Record<string, { schema: JsonSchema }> };
  const type = mediaType(res.headers['content-type']);
  const media = response.content[type];
  if (!media) return [`${label(def)} ${status}: answered ${type}, documented ${Object.keys(response.content).join(', ')}`];
  if (type !== 'application/json') return [];
  return schemaProblems(res.body, media.schema, components).map((p) => `${label(def)} ${status}: ${p}`);
}

/** A body for a probe, made from the documented schema: every property present, of the documented type. */
function sample(schema: JsonSchema | undefined): Record<string, unknown> {
  if (!schema) return {};
  const s = schema.$ref ? components[schema.$ref.split('/').pop()!] : schema.oneOf ? components[schema.oneOf[0].$ref!.split('/').pop()!] : schema;
  return Object.fromEntries(
    Object.entries(s.properties ?? {}).map(([k, p]) => [
      k,
      p.$ref || p.allOf ? {} : p.enum ? p.enum[0] : p.type === 'integer' || p.type === 'number' ? (p.minimum ?? 1) : p.type === 'boolean' ? true : p.type === 'array' ? [DUMMY_ID] : p.format === 'email' ? 'probe@example.com' : 'x',
    ]),
  );
}

const bodyClasses = (def: RouteDef): InputClass[] => {
  const body = def.doc.body;
  if (!body) return [];
  if (typeof body === 'function') return [body];
  if ('oneOf' in body) return body.oneOf;
  if ('from' in body) return [body.from];
  return [];
};
const queryClasses = (def: RouteDef): InputClass[] => (def.doc.query ?? []).filter((q): q is InputClass => typeof q === 'function');

describe('the server answers what the document says', () => {
  it('serves the document at GET /api/openapi.json: public, JSON, cacheable', async () => {
    const res = await ctx.http.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(doc)));
    const again = await ctx.http.get('/api/openapi.json').set('if-none-match', res.headers.etag);
    expect(again.status).toBe(304);
  });

  it('serves the reference page at GET /api/docs, whose CSP allows its own scripts and styles only', async () => {
    const res = await ctx.http.get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = res.headers['content-security-policy'];
    expect(csp).toBe(DOCS_CSP);
    const directive = (name: string) => csp.split(';').map((d: string) => d.trim().split(/\s+/)).find((d: string[]) => d[0] === name)?.slice(1) ?? [];
    expect(directive('script-src')).toEqual(["'self'"]);
    expect(directive('style-src')).toEqual(["'self'"]);
    expect(directive('default-src')).toEqual(["'none'"]);
    // No inline script (the CSP would block it): every script and stylesheet is a file of this origin, and answers.
    expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const assets = [...res.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]).filter((u) => u.startsWith('docs/'));
    expect(assets).toEqual(expect.arrayContaining(['docs/swagger-ui-bundle.js', 'docs/init.js', 'docs/swagger-ui.css']));
    for (const asset of assets) {
      const file = await ctx.http.get(`/api/${asset}`);
      expect([asset, file.status]).toEqual([asset, 200]);
      const expected = asset.endsWith('.js') ? /javascript/ : asset.endsWith('.css') ? /^text\/css/ : /^image\/png/;
      expect(file.headers['content-type']).toMatch(expected);
    }
    const init = await ctx.http.get('/api/docs/init.js');
    expect(init.text).toMatch(/new URL\('openapi\.json', window\.location\.href\)/);
    // The rest of the API keeps its own policy (no fetches allowed); nothing else of swagger-ui-dist is served.
    const apiPolicy = (await ctx.http.get('/api/events')).headers['content-security-policy'];
    expect(apiPolicy).toMatch(/default-src 'none'/);
    expect(apiPolicy).not.toMatch(/connect-src/);
    expect((await ctx.http.get('/api/docs/index.html')).status).toBe(404);
    expect((await ctx.http.get('/api/docs/swagger-initializer.js')).status).toBe(404);
    const slash = await ctx.http.get('/api/docs/');
    expect([slash.status, slash.headers.location]).toEqual([301, '/api/docs']);
  });

  it('links the integrators\' guide from the reference, and serves it at GET /api/docs/integrators.md', async () => {
    const doc = (await ctx.http.get('/api/openapi.json')).body;
    expect(doc.info.description).toContain('(/api/docs/integrators.md)');
    const guide = await ctx.http.get('/api/docs/integrators.md');
    expect(guide.status).toBe(200);
    expect(guide.headers['content-type']).toMatch(/^text\/markdown/);
    // The guide itself: getting a key, and a receiver that verifies with the standardwebhooks library.
    expect(guide.text).toMatch(/^# Integrators: API keys and webhooks/);
    expect(guide.text).toContain("import { Webhook } from 'standardwebhooks';");
  });

  it('GET /api/events: the answer, signed out and signed in, is the documented page of events', async () => {
    const out = await ctx.http.get('/api/events');
    const def = restRoutes.find((r) => r.method === 'get' && r.path === '/events')!;
    expect(out.body.data.length).toBeGreaterThan(1);
    expect(answerProblems(def, out)).toEqual([]);
    const signedIn = await ctx.http.get('/api/events').set('authorization', `Bearer ${tokens.member}`);
    expect(signedIn.body.data.find((e: { _id: string }) => e._id === ids.event)).toMatchObject({ isRegistered: true, waitlistPosition: null });
    expect(answerProblems(def, signedIn)).toEqual([]);
  });

  it('POST /api/contact: a validation error and a success have the documented shapes', async () => {
    const def = restRoutes.find((r) => r.method === 'post' && r.path === '/contact')!;
    const bad = await ctx.http.post('/api/contact').send({ name: 'Asha', email: 'nope', phone: '12', subject: 'Hi', message: 'Hello' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION', fields: { email: 'Invalid email address' } });
    expect(answerProblems(def, bad)).toEqual([]);
    const good = await ctx.http.post('/api/contact').send({ name: 'Asha', email: 'asha@example.com', phone: '9876543210', subject: 'Hi', message: 'Hello' });
    expect(good.status).toBe(201);
    expect(answerProblems(def, good)).toEqual([]);
    // The documented example is what the call really answers (but for the id).
    const example = operation(def)!.responses['201'].content as Record<string, { example: Record<string, unknown> }>;
    expect({ ...good.body, data: null }).toEqual({ ...example['application/json'].example, data: null });
  });

  it('every GET answers a documented status with a body of the documented schema (as the callers it is for)', async () => {
    const problems: string[] = [];
    const callers: Record<AccessLevel, Array<string | undefined>> = {
      public: [undefined, tokens.member],
      user: [tokens.member, tokens.admin],
      teacher: [tokens.teacher],
      admin: [tokens.admin],
    };
    let seen200 = 0;
    for (const def of restRoutes.filter((r) => r.method === 'get')) {
      for (const token of callers[def.access]) {
        let req = ctx.http.get(realPath(def)).set('x-forwarded-for', '10.77.0.1');
        if (token) req = req.set('authorization', `Bearer ${token}`);
        const res = await req;
        if (res.status === 200) seen200++;
        problems.push(...answerProblems(def, res));
      }
    }
    expect(problems).toEqual([]);
    expect(seen200).toBeGreaterThan(35);
  });

  it('every other route answers a documented status and shape, and validates its body with the class the document references', async () => {
    const problems: string[] = [];
    let n = 0;
    for (const def of restRoutes.filter((r) => r.method !== 'get')) {
      const op = operation(def)!;
      const json = op.requestBody?.content['application/json']?.schema;
      mockValidated.length = 0;
      const res = await ctx.http[def.method](concretePath(def.path)).set('authorization', `Bearer ${tokens.admin}`).set('x-forwarded-for', `10.78.${Math.floor(n / 250)}.${n++ % 250}`).send(sample(json));
      problems.push(...answerProblems(def, res));

      const validated = [...new Set(mockValidated)];
      const documented = [...bodyClasses(def), ...queryClasses(def)];
      for (const cls of validated) if (!documented.includes(cls)) problems.push(`${label(def)}: validates with ${cls.name}, which its entry does not name`);
      const expected = bodyClasses(def);
      if (expected.length && !expected.some((cls) => validated.includes(cls))) problems.push(`${label(def)}: documented body ${expected.map((c) => c.name)} but the call validated ${validated.map((c) => c.name).join(', ') || 'nothing'}`);
      const body = def.doc.body;
      if (typeof body === 'function' && json?.$ref !== `#/components/schemas/${body.name}`) problems.push(`${label(def)}: body schema ${JSON.stringify(json)} is not the ${body.name} component`);
      if (body && typeof body === 'object' && 'oneOf' in body && JSON.stringify(json?.oneOf) !== JSON.stringify(body.oneOf.map((c) => ({ $ref: `#/components/schemas/${c.name}` })))) {
        problems.push(`${label(def)}: body schema is not oneOf ${body.oneOf.map((c) => c.name)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the writes that succeed answer the documented shapes too', async () => {
    const problems: string[] = [];
    const statuses: string[] = [];
    /** Calls a route (by its method and declared path) and checks the answer against its entry. */
    const call = async (method: RouteDef['method'], path: string, concrete: string, token: string | undefined, body?: object, file?: string) => {
      const def = restRoutes.find((r) => r.method === method && r.path === path)!;
      let req = ctx.http[method](`/api${concrete}`).set('x-forwarded-for', '10.79.0.1');
      if (token) req = req.set('authorization', `Bearer ${token}`);
      const res = file ? await req.field('name', 'x').attach(file, await realPng(400, 300), 'p.png') : await req.send(body ?? {});
      statuses.push(`${label(def)} ${res.status}`);
      problems.push(...answerProblems(def, res));
      return res;
    };
    const { admin, member, teacher } = tokens;
    const day = (d: number) => new Date(ctx.clock.now().getTime() + d * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);

    const upload = await call('post', '/uploads', '/uploads', admin, undefined, 'image');
    const made = await call('post', '/events', '/events', admin, { title: 'Made over REST', category: 'general', description: 'About it', date: day(3), time: '11:00', location: 'Hall', imageKey: upload.body.data.imageKey, titleHi: 'हिंदी शीर्षक' });
    const id = made.body.data._id;
    await call('put', '/events/:id', `/events/${id}`, admin, { title: 'Renamed', maxParticipants: 1 });
    await call('post', '/events/:id/register', `/events/${id}/register`, teacher);
    await call('post', '/events/:id/waitlist', `/events/${id}/waitlist`, member);
    await call('delete', '/events/:id/waitlist', `/events/${id}/waitlist`, member);
    await call('post', '/events/:id/unregister', `/events/${id}/unregister`, teacher);
    await call('post', '/events/:id/remind', `/events/${ids.event}/remind`, admin);
    await call('post', '/events/:id/cancel', `/events/${id}/cancel`, admin);
    await call('delete', '/events/:id', `/events/${id}`, admin);

    const team = await call('post', '/team', '/team', admin, undefined, 'image');
    expect(team.status).toBe(400); // a name alone: the form's other required fields are named
    const member2 = await ctx.http.post('/api/team').set('authorization', `Bearer ${admin}`).field('name', 'Ravi').field('designation', 'Guide').field('description', 'Guides').field('socialLinks', '{"linkedin":"https://linkedin.com/in/ravi"}').attach('image', await realPng(400, 300), 'r.png');
    expect(member2.status).toBe(201);
    await call('put', '/team/:id', `/team/${member2.body.data._id}`, admin, { designation: 'Mentor' });
    await call('delete', '/team/:id', `/team/${member2.body.data._id}`, admin);

    await call('put', '/contact/:id', `/contact/${ids.contact}`, admin, { status: 'resolved' });
    const user = await call('post', '/auth/users', '/auth/users', admin, { name: 'Nina', email: 'nina@example.com', phone: '9876543210', category: 'graduate', password: 'secret-1' });
    await call('put', '/auth/users/:id', `/auth/users/${user.body.data._id}`, admin, { name: 'Nina K' });
    await call('delete', '/users/:id', `/users/${user.body.data._id}`, admin);
    await call('post', '/admin/register', '/admin/register', admin, { name: 'Second Admin', email: 'second-admin@example.com', password: 'admin-pass-2' });
    await call('post', '/admin/login', '/admin/login', undefined, { email: ids.adminEmail, password: 'Admin-Password-1' });
    await call('put', '/auth/update-profile', '/auth/update-profile', member, { name: 'Graduate Member', phone: '9123456789' });
    await call('post', '/auth/loginWithPassword', '/auth/loginWithPassword', undefined, { email: ids.teacherEmail, password: 'teacher-pass' });
    await call('post', '/auth/register', '/auth/register', undefined, { name: 'Dev', email: 'dev@example.com', phone: '9876500000', category: 'graduate' });
    await call('post', '/auth/registerWithoutOtp', '/auth/registerWithoutOtp', undefined, { name: 'Tara', email: 'tara@example.com', phone: '9876500001', area: 'A', district: 'D', schoolName: 'S', password: 'secret-2' });
    const student = await call('post', '/users/add-student', '/users/add-student', teacher, { name: 'Kid', fatherName: 'Dad', email: 'kid@example.com', phone: '9876500002', district: 'D', area: 'A', schoolName: 'S' });
    await call('post', '/users/update-status', '/users/update-status', teacher, { studentIds: [student.body.data._id], status: 'approved' });
    await call('post', '/reminders/stop', `/reminders/stop?token=${encodeURIComponent(ctx.services.users.stopTokens.sign(ids.member))}`, undefined);

    // The door and the certificate: an event today at noon, checked in, ended, certified, checked, revoked.
    const today = await makeEvent(ctx, { daysFromToday: 0, time: '12:00', endTime: '13:00' });
    const memberId = ids.member;
    await call('post', '/events/:id/register', `/events/${today.id}/register`, member);
    await call('post', '/events/:id/check-in', `/events/${today.id}/check-in`, admin, { userId: memberId });
    await call('delete', '/events/:id/check-in/:userId', `/events/${today.id}/check-in/${memberId}`, admin);
    await call('post', '/events/:id/check-in', `/events/${today.id}/check-in`, admin, { userId: memberId });
    ctx.clock.advance(4 * 3_600_000);
    await call('post', '/events/:id/certificates', `/events/${today.id}/certificates`, admin);
    const list = await call('get', '/events/:id/certificates', `/events/${today.id}/certificates`, admin);
    const code = list.body.data[0].code;
    await call('get', '/events/:id/certificate', `/events/${today.id}/certificate`, member);
    await call('get', '/certificates/:code', `/certificates/${code}`, undefined);
    await call('post', '/certificates/:code/revoke', `/certificates/${code}/revoke`, admin, { reason: 'A test' });
    await call('get', '/certificates/:code', `/certificates/${code}`, undefined);

    expect(problems).toEqual([]);
    expect(statuses.filter((s) => !/ 20[01]$/.test(s) && s !== 'POST /api/team 400')).toEqual([]);
  });
});
