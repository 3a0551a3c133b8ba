import { AdminLoginInput, AdminRegistrationInput } from './admin.types';
import { MESSAGE, ok, string } from '../openapi/schema';
import { created, route, type RouteDoc } from '../rest/route';
import { restUserSchema, toRestUser } from '../users/user.admin.view';

const ADMIN_SIGNED_IN = ok({ message: MESSAGE, token: string('An admin token (8 hours)'), user: restUserSchema, data: restUserSchema });
const ADMIN_ME = ok({ user: restUserSchema, data: restUserSchema });
const signIn = (older: boolean): RouteDoc => ({
  summary: older ? 'Admin sign-in (the older path)' : 'Admin sign-in',
  description: `E-mail and password of an admin or superadmin account; wrong credentials answer 401 'Invalid admin credentials' whether or not the account exists.${older ? ' The same call as POST /api/admin/login.' : ''}`,
  tag: 'Admin: sign-in',
  body: AdminLoginInput,
  response: { description: 'Signed in', schema: ADMIN_SIGNED_IN },
  errors: ['UNAUTHENTICATED', 'RATE_LIMITED'],
});
const me = (older: boolean): RouteDoc => ({
  summary: older ? 'The signed-in admin (the older path)' : 'The signed-in admin',
  tag: 'Admin: sign-in',
  response: { description: "The admin's account", schema: ADMIN_ME },
});

/** The admin sign-in answers under two paths older portals used: /api/admin/... and /api/auth/... */
export const adminRoutes = [
  route('post', '/admin/login', 'public', signIn(false), async (ctx) => {
    const { token, user } = await ctx.services.adminAuth.login(ctx.body, ctx.ip);
    const data = toRestUser(user);
    return { success: true, message: 'Signed in', token, user: data, data };
  }),
  route('post', '/admin/register', 'admin', {
    summary: 'Create another admin account',
    description: 'Only a superadmin creates a superadmin. Answers a token for the new account.',
    tag: 'Admin: sign-in',
    body: AdminRegistrationInput,
    response: { status: 201, description: 'Created', schema: ADMIN_SIGNED_IN },
    errors: ['CONFLICT'],
  }, async (ctx) => {
    const { token, user } = await ctx.services.adminAuth.register(ctx.viewer!, ctx.body);
    const data = toRestUser(user);
    return created({ success: true, message: 'Admin registered successfully', token, user: data, data });
  }),
  route('get', '/admin/me', 'admin', me(false), async (ctx) => {
    const data = toRestUser(await ctx.services.adminAuth.me(ctx.viewer!.id));
    return { success: true, user: data, data };
  }),
  route('post', '/auth/adminlogin', 'public', signIn(true), async (ctx) => {
    const { token, user } = await ctx.services.adminAuth.login(ctx.body, ctx.ip);
    const data = toRestUser(user);
    return { success: true, message: 'Signed in', token, user: data, data };
  }),
  route('get', '/auth/me', 'admin', me(true), async (ctx) => {
    const data = toRestUser(await ctx.services.adminAuth.me(ctx.viewer!.id));
    return { success: true, user: data, data };
  }),
];
