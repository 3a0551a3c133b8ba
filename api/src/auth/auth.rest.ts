import { route, type RestContext } from '../rest/route';
import { restProfile } from '../users/user.service';

/** The register call serves two clients: the dialog (name, email, phone, category) and the page (whole form with otp/password). */
const isPageVariant = (body: Record<string, unknown>) => 'otp' in body || 'password' in body || 'confirmPassword' in body || 'userType' in body;

export const authRoutes = [
  route('post', '/auth/register', 'public', async (ctx: RestContext) => {
    if (isPageVariant(ctx.body)) {
      const r = await ctx.services.auth.signUp(ctx.body, ctx.lang);
      return { success: true, token: r.token, userId: r.user.id, message: r.message, user: restProfile(r.user) };
    }
    const { userId, message } = await ctx.services.auth.register(ctx.body, ctx.ip, ctx.lang);
    return { success: true, userId, message };
  }),
  route('post', '/auth/verify-otp', 'public', async (ctx) => {
    const r = await ctx.services.auth.verifyRegistration(ctx.body);
    return { success: true, token: r.token, message: r.message, user: restProfile(r.user) };
  }),
  route('post', '/auth/send-otp', 'public', async (ctx) => {
    const { message } = await ctx.services.auth.sendSignupCode(ctx.body, ctx.ip, ctx.lang);
    return { success: true, message };
  }),
  route('post', '/auth/login', 'public', async (ctx) => {
    const { userId, message } = await ctx.services.auth.requestLoginCode(ctx.body, ctx.ip, ctx.lang);
    return { success: true, userId, message };
  }),
  route('post', '/auth/verify-login-otp', 'public', async (ctx) => {
    const r = await ctx.services.auth.verifyLoginCode(ctx.body);
    return { success: true, token: r.token, message: r.message, user: restProfile(r.user) };
  }),
  route('post', '/auth/loginWithPassword', 'public', async (ctx) => {
    const r = await ctx.services.auth.loginWithPassword(ctx.body, ctx.ip);
    return { success: true, token: r.token, message: r.message, user: restProfile(r.user) };
  }),
  route('post', '/auth/registerWithoutOtp', 'public', async (ctx) => {
    const { userId, message } = await ctx.services.auth.registerTeacher(ctx.body, ctx.ip);
    return { success: true, userId, message };
  }),
];
