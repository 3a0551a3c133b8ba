// The login and sign-up forms sent before (or without) the page's script: the browser POSTs them to the
// page server, which calls handleForm (entry-server.tsx), which runs one of these. Each does what the
// page does on Send OTP (the same checks, the same mutation, signed out) and answers the page's next
// state as served page data (lib/served-page.tsx ServedForm): the code step, or the errors with what
// was typed. Never a password or a code in it.
import { RequestLoginCodeDocument, SendSignupCodeDocument } from '@/gql/graphql';
import { isValidEmail } from '@/lib/validation';
import { ApiRefusal, mutate, text, type FormAction } from '@/rendering/server-form';
import { SEND_CODE_INTENT } from '@/lib/form-action';
import { signupFieldProblem, type SignupField } from '../lib/signup-fields';
import { userTypes } from '../lib/user-types';

/** /login, Send OTP: the e-mail's checks (login-page.tsx checkEmail), then requestLoginCode. */
export const loginForm: FormAction = async (fields, context) => {
  // Only Send OTP is acted on (the code step's Verify needs the script: the sign-in is kept in the browser).
  if (fields.intent !== SEND_CODE_INTENT) return { redirect: context.url };
  const email = text(fields, 'email').trim();
  const values = { email };
  const problem = !email ? 'validation.emailRequired' : !isValidEmail(email) ? 'validation.emailInvalidShort' : undefined;
  if (problem) return { form: { form: 'login', outcome: 'invalid', values, fieldErrors: { email: problem } } };
  try {
    const data = await mutate<{ requestLoginCode: { userId: string } }>(RequestLoginCodeDocument, { email }, context);
    const now = (context.now ?? Date.now)();
    return { form: { form: 'login', outcome: 'sent', values, userId: data.requestLoginCode.userId, sentAt: now } };
  } catch (error) {
    if (!(error instanceof ApiRefusal)) throw error;
    return { form: { form: 'login', outcome: 'failed', values, error: error.error } };
  }
};

/**
 * /register, Send OTP: register-page.tsx's checks (catalogue keys of the same messages), then
 * sendSignupCode. The passwords are checked, never kept: the code step asks for them again (the
 * sign-up sends them with the code).
 */
export const signupForm: FormAction = async (fields, context) => {
  if (fields.intent !== SEND_CODE_INTENT) return { redirect: context.url };
  const name = text(fields, 'name').trim();
  const email = text(fields, 'email').trim();
  const phone = text(fields, 'phone').trim();
  const password = text(fields, 'password');
  const confirmPassword = text(fields, 'confirmPassword');
  const userType = (userTypes as readonly string[]).includes(text(fields, 'userType')) ? text(fields, 'userType') : '';
  const values = { name, email, phone, userType };
  const fieldErrors: Record<string, string> = {};
  const typed: Record<SignupField, string> = { name, email, phone, password, confirmPassword, userType: text(fields, 'userType') };
  for (const field of Object.keys(typed) as SignupField[]) {
    const problem = signupFieldProblem(field, typed[field], password);
    if (problem) fieldErrors[field] = problem;
  }
  if (Object.keys(fieldErrors).length > 0) return { form: { form: 'signup', outcome: 'invalid', values, fieldErrors } };
  try {
    await mutate<{ sendSignupCode: { message: string } }>(SendSignupCodeDocument, { input: { email, phone } }, context);
    return { form: { form: 'signup', outcome: 'sent', values, sentAt: (context.now ?? Date.now)() } };
  } catch (error) {
    if (!(error instanceof ApiRefusal)) throw error;
    return { form: { form: 'signup', outcome: 'failed', values, error: error.error } };
  }
};
