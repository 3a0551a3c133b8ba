import { created, route } from '../rest/route';
import { toRestUser } from '../users/user-admin.view';

/** SPEC 7.4: variant A under /api/admin, variant B under /api/auth. */
export const adminRoutes = [
  route('post', '/admin/login', 'public', async (ctx) => {
    const { token, user } = await ctx.services.adminAuth.login(ctx.body, ctx.ip);
    const data = toRestUser(user);
    return { success: true, message: 'Signed in', token, user: data, data };
  }),
  route('post', '/admin/register', 'admin', async (ctx) => {
    const { token, user } = await ctx.services.adminAuth.register(ctx.viewer!, ctx.body);
    const data = toRestUser(user);
    return created({ success: true, message: 'Admin registered successfully', token, user: data, data });
  }),
  route('get', '/admin/me', 'admin', async (ctx) => {
    const data = toRestUser(await ctx.services.adminAuth.me(ctx.viewer!.id));
    return { success: true, user: data, data };
  }),
  route('post', '/auth/adminlogin', 'public', async (ctx) => {
    const { token, user } = await ctx.services.adminAuth.login(ctx.body, ctx.ip);
    const data = toRestUser(user);
    return { success: true, message: 'Signed in', token, user: data, data };
  }),
  route('get', '/auth/me', 'admin', async (ctx) => {
    const data = toRestUser(await ctx.services.adminAuth.me(ctx.viewer!.id));
    return { success: true, user: data, data };
  }),
];
