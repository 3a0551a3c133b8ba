import { PAGE_SIZE, PageArgs, restPage } from '../common/page';
import { DELETED, idParam, okData, okMessageData, okPage } from '../openapi/schema';
import { created, route, type RestContext, type RouteDoc } from '../rest/route';
import { UserFilter, UserInput, UserUpdateInput } from './user.admin.types';
import { restUserSchema, toRestUser } from './user.admin.view';

const pick = (q: Record<string, unknown>, k: string) => (typeof q[k] === 'string' && q[k] !== '' ? (q[k] as string) : undefined);

function listArgs(ctx: RestContext, category?: string) {
  const q = ctx.req.query as Record<string, unknown>;
  return {
    filter: { category: category ?? pick(q, 'category'), status: pick(q, 'status'), search: pick(q, 'search') },
    page: restPage(q),
  };
}

async function list(ctx: RestContext, category?: string) {
  const { filter, page } = listArgs(ctx, category);
  const result = await ctx.services.userAdmin.list(filter, page);
  return { success: true, data: result.items.map(toRestUser), total: result.total, offset: result.offset, limit: result.limit };
}

const PAGING = [PageArgs, { name: 'limit', description: `Page size: default ${PAGE_SIZE.restDefault}, at most ${PAGE_SIZE.max}` }];
const listDoc = (summary: string, withCategory: boolean): RouteDoc => ({
  summary,
  description: 'Newest first.',
  tag: 'Admin: users',
  query: [UserFilter, ...(withCategory ? [] : [{ name: 'category', description: 'Fixed by this path (ignored)' }]), ...PAGING],
  response: { description: 'A page of accounts', schema: okPage(restUserSchema) },
});

/** The admin's account management: the lists (all, students, teachers) and one account's reads and writes. */
export const userAdminRoutes = [
  route('get', '/users', 'admin', listDoc('Every account', true), (ctx) => list(ctx)),
  route('get', '/users/get-students', 'admin', listDoc('The students', false), (ctx) => list(ctx, 'student')),
  route('get', '/users/get-teachers', 'admin', listDoc('The teachers (category primary)', false), (ctx) => list(ctx, 'primary')),
  route('delete', '/users/:id', 'admin', {
    summary: 'Delete an account',
    description: 'Not your own, not the last admin; only a superadmin deletes a superadmin.',
    tag: 'Admin: users',
    params: { id: idParam('The account') },
    response: { description: 'Deleted', schema: DELETED },
  }, async (ctx) => {
    const user = await ctx.services.userAdmin.delete(ctx.viewer!, ctx.params.id);
    return { success: true, message: 'User deleted successfully', data: { _id: user.id, id: user.id } };
  }),
  route('get', '/auth/users/:id', 'admin', {
    summary: 'One account',
    tag: 'Admin: users',
    params: { id: idParam('The account') },
    response: { description: 'The account', schema: okData(restUserSchema) },
  }, async (ctx) => ({ success: true, data: toRestUser(await ctx.services.userAdmin.get(ctx.params.id)) })),
  route('post', '/auth/users', 'admin', {
    summary: 'Create an account',
    description: "Per category: a student needs fatherName and an existing teacher's primaryEmail; a teacher (primary) schoolName, district and area; every category but primary a password.",
    tag: 'Admin: users',
    body: UserInput,
    response: { status: 201, description: 'Created', schema: okMessageData(restUserSchema) },
    errors: ['CONFLICT'],
  }, async (ctx) => {
    const user = await ctx.services.userAdmin.create(ctx.viewer!, ctx.body);
    return created({ success: true, message: 'User created successfully', data: toRestUser(user) });
  }),
  route('put', '/auth/users/:id', 'admin', {
    summary: 'Change an account',
    description: 'Only the fields sent change; the result must still satisfy the rules of its category. You cannot demote or disable yourself.',
    tag: 'Admin: users',
    params: { id: idParam('The account') },
    body: UserUpdateInput,
    response: { description: 'The account after the change', schema: okMessageData(restUserSchema) },
    errors: ['CONFLICT'],
  }, async (ctx) => {
    const { after } = await ctx.services.userAdmin.update(ctx.viewer!, ctx.params.id, ctx.body);
    return { success: true, message: 'User updated successfully', data: toRestUser(after) };
  }),
];
