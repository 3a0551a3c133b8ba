// The login and sign-up forms sent before (or without) the page's script: the browser POSTs them to the
// page server, which calls handleForm (entry-server.tsx), which runs one of these. Each does what the
// page does on Send OTP (the same checks, the same mutation, signed out) and answers the page's next
// state as served page data (lib/served-page.tsx ServedForm): the code step, or the errors with what
// was typed. Never a password or a code in it.
import { print } from 'graphql';
import { RequestLoginCodeDocument, SendSignupCodeDocument } from '@/gql/graphql';
import { isValidEmail, PHONE_PATTERN } from '@/lib/validation';
import type { ServedForm } from '@/rendering/served-page';
import type { Language } from '@/i18n';
import { SEND_CODE_INTENT } from '../lib/form-action';
import { userTypes } from '../lib/user-types';

/** What a form action gets besides the fields. */
export interface FormContext {
  /** The page's URL (path and query): where a form it does not act on goes back to. */
  url: string;
  lang: Language;
  /** The API's GraphQL endpoint (absolute). */
  graphqlUrl: string;
  /** The reader's request headers to pass on (x-forwarded-for: the API's rate limits count the reader, not the page server). */
  headers?: Record<string, string | undefined>;
  /** Gives up on the API after this long (the page then says the network failed). */
  timeoutMs?: number;
  /** Epoch ms (tests). */
  now?: () => number;
}

/** A route's form action: the page's next state, or where to go. */
export type FormOutcome = { form: ServedForm } | { redirect: string };
export type FormAction = (fields: Record<string, string>, context: FormContext) => Promise<FormOutcome>;

/** Headers passed on to the API (a fixed list: never the reader's cookies or authorization). */
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'user-agent'];

interface GraphQLError {
  message?: string;
  extensions?: { code?: unknown; retryAfterSeconds?: unknown };
}

/** A refused or failed call: the page shows its message as it does when the script sent it. */
class ApiRefusal extends Error {
  constructor(readonly error: NonNullable<ServedForm['error']>) {
    super(error.message ?? error.code ?? 'API error');
  }
}

/** Runs one mutation as the page would (its Accept-Language: the page's language), signed out. */
async function mutate<T>(document: Parameters<typeof print>[0], variables: Record<string, unknown>, context: FormContext): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': context.lang };
  for (const name of FORWARDED_HEADERS) {
    const value = context.headers?.[name];
    if (value) headers[name] = value;
  }
  let body: { data?: T | null; errors?: GraphQLError[] };
  try {
    const response = await fetch(context.graphqlUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: print(document), variables }),
      signal: AbortSignal.timeout(context.timeoutMs ?? 5000),
    });
    body = (await response.json()) as typeof body;
  } catch {
    throw new ApiRefusal({}); // network: the page's fallback message
  }
  const first = body.errors?.[0];
  if (first || !body.data) {
    const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : undefined;
    const retry = first?.extensions?.retryAfterSeconds;
    throw new ApiRefusal({
      code,
      message: first?.message,
      retryAfterSeconds: code === 'RATE_LIMITED' && typeof retry === 'number' && retry > 0 ? Math.ceil(retry) : undefined,
    });
  }
  return body.data;
}

const text = (fields: Record<string, string>, name: string) => (typeof fields[name] === 'string' ? fields[name] : '');

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
  if (!name) fieldErrors.name = 'validation.requiredShort';
  if (!email) fieldErrors.email = 'validation.requiredShort';
  else if (!isValidEmail(email)) fieldErrors.email = 'validation.emailInvalidShort';
  if (!PHONE_PATTERN.test(phone)) fieldErrors.phone = 'validation.phoneDigits';
  if (password.length < 6) fieldErrors.password = 'validation.passwordMin';
  if (confirmPassword !== password) fieldErrors.confirmPassword = 'validation.passwordsMatch';
  if (!userType) fieldErrors.userType = 'register.userTypeRequired';
  if (Object.keys(fieldErrors).length > 0) return { form: { form: 'signup', outcome: 'invalid', values, fieldErrors } };
  try {
    await mutate<{ sendSignupCode: { message: string } }>(SendSignupCodeDocument, { input: { email, phone } }, context);
    return { form: { form: 'signup', outcome: 'sent', values, sentAt: (context.now ?? Date.now)() } };
  } catch (error) {
    if (!(error instanceof ApiRefusal)) throw error;
    return { form: { form: 'signup', outcome: 'failed', values, error: error.error } };
  }
};
