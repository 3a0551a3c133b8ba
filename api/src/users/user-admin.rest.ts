import { restPage } from '../common/page';
import { created, route, type RestContext } from '../rest/route';
import { toRestUser } from './user-admin.view';

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

/** SPEC 7.5 (admin lists) and 7.6. */
export const userAdminRoutes = [
  route('get', '/users', 'admin', (ctx) => list(ctx)),
  route('get', '/users/get-students', 'admin', (ctx) => list(ctx, 'student')),
  route('get', '/users/get-teachers', 'admin', (ctx) => list(ctx, 'primary')),
  route('delete', '/users/:id', 'admin', async (ctx) => {
    const user = await ctx.services.userAdmin.delete(ctx.viewer!, ctx.params.id);
    return { success: true, message: 'User deleted successfully', data: { _id: user.id, id: user.id } };
  }),
  route('get', '/auth/users/:id', 'admin', async (ctx) => ({ success: true, data: toRestUser(await ctx.services.userAdmin.get(ctx.params.id)) })),
  route('post', '/auth/users', 'admin', async (ctx) => {
    const user = await ctx.services.userAdmin.create(ctx.viewer!, ctx.body);
    return created({ success: true, message: 'User created successfully', data: toRestUser(user) });
  }),
  route('put', '/auth/users/:id', 'admin', async (ctx) => {
    const { after } = await ctx.services.userAdmin.update(ctx.viewer!, ctx.params.id, ctx.body);
    return { success: true, message: 'User updated successfully', data: toRestUser(after) };
  }),
];
