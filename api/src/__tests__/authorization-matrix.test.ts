/**
 * Every GraphQL query/mutation and every /api route, called as each kind of caller:
 * the access each declares is the access the server enforces. Generated from the tables, not hand-listed.
 */
import type { GraphQLSchema } from 'graphql';
import { API_SCOPES, type AccessLevel, type ApiScope } from '../common/access';
import { graphqlScopes } from '../graphql/access';
import { createSchema } from '../graphql/schema';
import { restRoutes } from '../rest/routes';
import { createTestContext, type TestContext } from '../test/harness';
import { concretePath, graphqlOperations, probeDocument as document } from '../test/operations';
import { standardScenario } from '../test/scenarios';

type Caller = 'anonymous' | 'user' | 'teacher' | 'adminAsUser' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'user', 'teacher', 'adminAsUser', 'admin'];
const LEVELS: AccessLevel[] = ['public', 'user', 'teacher', 'admin'];

/** Which callers an access level lets through. adminAsUser is an admin account holding a user-kind token. */
const ALLOWED: Record<AccessLevel, Caller[]> = {
  public: CALLERS,
  user: ['user', 'teacher', 'adminAsUser', 'admin'],
  teacher: ['teacher', 'admin'],
  admin: ['admin'],
};

/** The messages the access check itself produces (common/access.ts and the viewer service). */
const ACCESS_MESSAGES = new Set([
  'Please sign in to continue',
  'Invalid or expired session. Please sign in again.',
  'Admin access required',
  'Only teachers can do this',
  'Your teacher account is awaiting approval',
  'API keys cannot call this operation',
  ...API_SCOPES.map((scope) => `This API key lacks the ${scope} scope`),
]);

/** An API key passes the operations that declare one of its scopes, and public ones that declare none. */
const keyAllowed = (keyScope: ApiScope, access: AccessLevel, opScope: ApiScope | undefined) => (opScope ? opScope === keyScope : access === 'public');

let ctx: TestContext;
let schema: GraphQLSchema;
let tokens: Record<Caller, string | undefined>;
/** "API key with scope X": one key per scope. */
let keys: Record<ApiScope, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  schema = await createSchema();
  const s = await standardScenario(ctx);
  tokens = { anonymous: undefined, user: s.tokens.member, teacher: s.tokens.teacher, adminAsUser: s.tokens.adminAsUser, admin: s.tokens.admin };
  const adminViewer = { id: s.admin.id, email: s.admin.email, name: s.admin.name, category: s.admin.category, status: s.admin.status, tokenKind: 'admin' as const };
  keys = Object.fromEntries(await Promise.all(API_SCOPES.map(async (scope) => [scope, (await ctx.services.apiKeys.create(adminViewer, { name: `matrix ${scope}`, scopes: [scope] })).key]))) as Record<ApiScope, string>;
});
afterAll(() => ctx.close());

// ---------- GraphQL ----------

const operations = () => graphqlOperations(schema);

describe('GraphQL: every operation declares its access', () => {
  it('finds the operations of the built schema, each with a declared access level', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(20);
    const undeclared = ops.filter((o) => !o.access || !LEVELS.includes(o.access)).map((o) => `${o.kind} ${o.name} (${o.key})`);
    expect(undeclared).toEqual([]);
  });

  it('admin operations include the whole admin portal surface', () => {
    const admin = operations().filter((o) => o.access === 'admin').map((o) => o.name);
    for (const name of ['createEvent', 'updateEvent', 'deleteEvent', 'eventRegistrations', 'users', 'user', 'createUser', 'updateUser', 'deleteUser', 'students', 'teachers',
      'createTeamMember', 'updateTeamMember', 'deleteTeamMember', 'contactSubmissions', 'contactSubmission', 'updateContactStatus', 'dashboardStats', 'auditLog', 'registerAdmin', 'adminMe',
      'checkIn', 'undoCheckIn', 'eventRegistrants', 'eventAttendance']) {
      expect(admin).toContain(name);
    }
    expect(operations().find((o) => o.name === 'adminLogin')?.access).toBe('public');
  });

  it('enforces each declared level for anonymous, user, teacher, admin-with-user-token and admin callers', async () => {
    const problems: string[] = [];
    for (const caller of CALLERS) {
      for (const op of operations()) {
        const { query, variables } = document(op);
        const res = await ctx.gql(query, variables, tokens[caller]);
        if (res.status !== 200) {
          problems.push(`${caller} ${op.name}: HTTP ${res.status} ${JSON.stringify(res.errors)}`);
          continue;
        }
        const err = res.errors?.[0];
        const blockedByAccess = !!err && ['UNAUTHENTICATED', 'FORBIDDEN'].includes(err.extensions?.code) && ACCESS_MESSAGES.has(err.message);
        const allowed = ALLOWED[op.access!].includes(caller);
        if (allowed && blockedByAccess) problems.push(`${caller} ${op.name}: blocked (${err.extensions.code} ${err.message})`);
        if (!allowed) {
          const expected = caller === 'anonymous' ? 'UNAUTHENTICATED' : 'FORBIDDEN';
          if (err?.extensions?.code !== expected) problems.push(`${caller} ${op.name}: expected ${expected}, got ${JSON.stringify(err ?? res.data)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('GraphQL: an API key with scope X calls exactly the operations that declare X (and undeclared public ones)', () => {
  it('every scope opens at least one operation', () => {
    const declared = new Set(graphqlScopes.values());
    expect(API_SCOPES.filter((scope) => !declared.has(scope))).toEqual([]);
  });

  it.each(API_SCOPES)('API key with scope %s', async (scope) => {
    const problems: string[] = [];
    for (const op of operations()) {
      const { query, variables } = document(op);
      const res = await ctx.gql(query, variables, keys[scope]);
      const err = res.errors?.[0];
      const blockedByAccess = !!err && ['UNAUTHENTICATED', 'FORBIDDEN'].includes(err.extensions?.code) && ACCESS_MESSAGES.has(err.message);
      const allowed = keyAllowed(scope, op.access!, graphqlScopes.get(op.key));
      if (res.status >= 500) problems.push(`${op.name}: HTTP ${res.status}`);
      if (allowed && blockedByAccess) problems.push(`${op.name}: blocked (${err.extensions.code} ${err.message})`);
      if (!allowed && err?.extensions?.code !== 'FORBIDDEN') problems.push(`${op.name}: expected FORBIDDEN, got ${JSON.stringify(err ?? res.data)}`);
    }
    expect(problems).toEqual([]);
  });
});

// ---------- REST ----------

describe('REST: every /api route declares its access', () => {
  it('lists every route with a known access level', () => {
    expect(restRoutes.length).toBeGreaterThan(30);
    const undeclared = restRoutes.filter((r) => !LEVELS.includes(r.access)).map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(undeclared).toEqual([]);
  });

  it('the documented admin calls are all admin-only (including those the old portal sent without a token)', () => {
    const access = (method: string, path: string) => restRoutes.find((r) => r.method === method && r.path === path)?.access;
    const adminCalls: [string, string][] = [
      ['post', '/events'], ['put', '/events/:id'], ['delete', '/events/:id'],
      ['get', '/users'], ['delete', '/users/:id'], ['get', '/auth/users/:id'], ['post', '/auth/users'], ['put', '/auth/users/:id'],
      ['get', '/users/get-students'], ['get', '/users/get-teachers'],
      ['post', '/team'], ['put', '/team/:id'], ['delete', '/team/:id'], ['get', '/contact'], ['put', '/contact/:id'],
      ['get', '/users/total'], ['get', '/users/category'], ['get', '/users/events/total'], ['get', '/users/events/category'], ['get', '/users/recent'], ['get', '/users/upcoming'],
      ['post', '/admin/register'], ['get', '/admin/me'], ['get', '/auth/me'], ['post', '/uploads'], ['get', '/admin/audit'],
      ['get', '/admin/export/users.csv'], ['get', '/admin/export/students.csv'], ['get', '/admin/export/events/:id/registrations.csv'],
      ['post', '/events/:id/check-in'], ['delete', '/events/:id/check-in/:userId'], ['get', '/admin/export/events/:id/attendance.csv'],
    ];
    expect(adminCalls.filter(([m, p]) => access(m, p) !== 'admin')).toEqual([]);
    expect(access('post', '/admin/login')).toBe('public');
    expect(access('post', '/auth/adminlogin')).toBe('public');
  });

  it('enforces each declared level for every caller', async () => {
    const problems: string[] = [];
    for (const caller of CALLERS) {
      for (const def of restRoutes) {
        let req = ctx.http[def.method](concretePath(def.path)).set('x-forwarded-for', `10.9.${CALLERS.indexOf(caller)}.1`);
        if (tokens[caller]) req = req.set('authorization', `Bearer ${tokens[caller]}`);
        const res = def.method === 'get' || def.method === 'delete' ? await req : await req.send({});
        const message = res.body?.message;
        const blockedByAccess = [401, 403].includes(res.status) && ACCESS_MESSAGES.has(message);
        const allowed = ALLOWED[def.access].includes(caller);
        const label = `${caller} ${def.method.toUpperCase()} ${def.path}`;
        if (res.status >= 500) problems.push(`${label}: ${res.status}`);
        if (allowed && blockedByAccess) problems.push(`${label}: blocked ${res.status} ${message}`);
        if (!allowed) {
          const expected = caller === 'anonymous' ? 401 : 403;
          if (res.status !== expected) problems.push(`${label}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(API_SCOPES)('API key with scope %s: the routes that declare it and undeclared public ones, 403 elsewhere', async (scope) => {
    const problems: string[] = [];
    for (const def of restRoutes) {
      const req = ctx.http[def.method](concretePath(def.path)).set('x-forwarded-for', `10.8.${API_SCOPES.indexOf(scope)}.1`).set('authorization', `Bearer ${keys[scope]}`);
      const res = def.method === 'get' || def.method === 'delete' ? await req : await req.send({});
      const message = res.body?.message;
      const blockedByAccess = [401, 403].includes(res.status) && ACCESS_MESSAGES.has(message);
      const allowed = keyAllowed(scope, def.access, def.doc.scope);
      const label = `${def.method.toUpperCase()} ${def.path}`;
      if (res.status >= 500) problems.push(`${label}: ${res.status}`);
      if (allowed && blockedByAccess) problems.push(`${label}: blocked ${res.status} ${message}`);
      if (!allowed && res.status !== 403) problems.push(`${label}: expected 403, got ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(problems).toEqual([]);
  });

  it('rejects a forged, expired or garbage bearer token on an admin route with 401', async () => {
    for (const header of ['Bearer abc', 'Bearer null', 'Basic Zm9vOmJhcg==', `Bearer ${tokens.admin}x`]) {
      const res = await ctx.http.get('/api/users').set('authorization', header);
      expect(res.status).toBe(401);
    }
  });
});
