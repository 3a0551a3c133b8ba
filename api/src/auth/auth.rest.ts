import { MESSAGE, ok, string, uuid } from '../openapi/schema';
import { route, type RestContext } from '../rest/route';
import { restProfileSchema } from '../users/user.rest';
import { restProfile } from '../users/user.service';
import { EmailInput, PasswordLoginInput, RegisterInput, SignUpInput, SignupCodeInput, TeacherRegistrationInput, VerifyCodeInput } from './auth.types';

const CODE_SENT = ok({ userId: uuid('Send it back with the code'), message: MESSAGE });
const SIGNED_IN = ok({ token: string("A person's token (7 days): Authorization: Bearer <token>"), message: MESSAGE, user: restProfileSchema });

/** The register call serves two clients: the dialog (name, email, phone, category) and the page (whole form with otp/password). */
const isPageVariant = (body: Record<string, unknown>) => 'otp' in body || 'password' in body || 'confirmPassword' in body || 'userType' in body;

export const authRoutes = [
  route('post', '/auth/register', 'public', {
    summary: 'Register (the dialog, or the registration page)',
    description:
      'Two bodies. The dialog sends name, email, phone and category: the account is made and a code is mailed (answer: userId; then POST /api/auth/verify-otp). ' +
      'The registration page sends its whole form with the code from POST /api/auth/send-otp (any of otp, password, confirmPassword or userType makes it this variant): the account is made and signed in. ' +
      'Category or user type admin is refused (403).',
    tag: 'Accounts',
    body: { oneOf: [RegisterInput, SignUpInput] },
    localized: true,
    response: {
      description: 'Dialog: the code was sent. Page: registered and signed in.',
      schema: { oneOf: [CODE_SENT, ok({ token: string(), userId: uuid(), message: MESSAGE, user: restProfileSchema })] },
    },
    errors: ['FORBIDDEN', 'CONFLICT', 'RATE_LIMITED', 'MAIL_UNAVAILABLE'],
  }, async (ctx: RestContext) => {
    if (isPageVariant(ctx.body)) {
      const r = await ctx.services.auth.signUp(ctx.body, ctx.lang);
      return { success: true, token: r.token, userId: r.user.id, message: r.message, user: restProfile(r.user) };
    }
    const { userId, message } = await ctx.services.auth.register(ctx.body, ctx.ip, ctx.lang);
    return { success: true, userId, message };
  }),
  route('post', '/auth/verify-otp', 'public', {
    summary: "Confirm the dialog's registration with the mailed code",
    tag: 'Accounts',
    body: VerifyCodeInput,
    response: { description: 'Registered and signed in', schema: SIGNED_IN },
    errors: ['FORBIDDEN'],
  }, async (ctx) => {
    const r = await ctx.services.auth.verifyRegistration(ctx.body);
    return { success: true, token: r.token, message: r.message, user: restProfile(r.user) };
  }),
  route('post', '/auth/send-otp', 'public', {
    summary: "Mail a code for the registration page",
    tag: 'Accounts',
    body: SignupCodeInput,
    localized: true,
    response: { description: 'The code was sent', schema: ok({ message: MESSAGE }) },
    errors: ['CONFLICT', 'RATE_LIMITED', 'MAIL_UNAVAILABLE'],
  }, async (ctx) => {
    const { message } = await ctx.services.auth.sendSignupCode(ctx.body, ctx.ip, ctx.lang);
    return { success: true, message };
  }),
  route('post', '/auth/login', 'public', {
    summary: 'Sign in by code: mail a code',
    description: "An unknown e-mail answers 404 'No account found with this email'.",
    tag: 'Accounts',
    body: EmailInput,
    localized: true,
    response: { description: 'The code was sent (then POST /api/auth/verify-login-otp)', schema: CODE_SENT },
    errors: ['NOT_FOUND', 'RATE_LIMITED', 'MAIL_UNAVAILABLE'],
  }, async (ctx) => {
    const { userId, message } = await ctx.services.auth.requestLoginCode(ctx.body, ctx.ip, ctx.lang);
    return { success: true, userId, message };
  }),
  route('post', '/auth/verify-login-otp', 'public', {
    summary: 'Sign in by code: check the code',
    tag: 'Accounts',
    body: VerifyCodeInput,
    response: { description: 'Signed in', schema: SIGNED_IN },
    errors: ['FORBIDDEN'],
  }, async (ctx) => {
    const r = await ctx.services.auth.verifyLoginCode(ctx.body);
    return { success: true, token: r.token, message: r.message, user: restProfile(r.user) };
  }),
  route('post', '/auth/loginWithPassword', 'public', {
    summary: 'Sign in with a password (or a login code)',
    description: 'With `otp`, checks a code from POST /api/auth/login instead of the password. Repeated wrong passwords lock the account for a while (429).',
    tag: 'Accounts',
    body: PasswordLoginInput,
    response: { description: 'Signed in', schema: SIGNED_IN },
    errors: ['UNAUTHENTICATED', 'RATE_LIMITED'],
  }, async (ctx) => {
    const r = await ctx.services.auth.loginWithPassword(ctx.body, ctx.ip);
    return { success: true, token: r.token, message: r.message, user: restProfile(r.user) };
  }),
  route('post', '/auth/registerWithoutOtp', 'public', {
    summary: 'Register as a teacher',
    description: 'The account waits for an admin to approve it before it can add students.',
    tag: 'Accounts',
    body: TeacherRegistrationInput,
    response: { description: 'Registered (pending approval)', schema: ok({ userId: uuid(), message: MESSAGE }) },
    errors: ['CONFLICT', 'RATE_LIMITED'],
  }, async (ctx) => {
    const { userId, message } = await ctx.services.auth.registerTeacher(ctx.body, ctx.ip);
    return { success: true, userId, message };
  }),
];
