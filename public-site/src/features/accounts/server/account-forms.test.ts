// A form sent before the page's script: the site server's handleForm (entry-server.tsx) runs the
// route's form action against the API and render() draws the page's next step from its answer.
import { handleForm, render } from '@/entry-server';
import { servedFormOf, type PageData, type ServedForm } from '@/rendering/served-page';

const graphqlUrl = 'http://api.test/graphql';
const headers = { 'x-forwarded-for': '203.0.113.7', 'user-agent': 'test', cookie: 'secret' };

interface Call {
  url: string;
  headers: Record<string, string>;
  body: { query: string; variables: Record<string, unknown> };
}

let calls: Call[] = [];
/** The API answers `answer` (a GraphQL response body) or fails (an Error). */
function apiAnswers(answer: unknown) {
  calls = [];
  global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), headers: init?.headers as Record<string, string>, body: JSON.parse(String(init?.body)) });
    if (answer instanceof Error) throw answer;
    return { ok: true, status: 200, json: async () => answer } as Response; // (jsdom has no Response)
  }) as typeof fetch;
}

const sendCode = { intent: 'send-code' };
const refused = (message: string, code: string, extensions: Record<string, unknown> = {}) => ({
  errors: [{ message, extensions: { code, ...extensions } }],
  data: null,
});

/** The page data, or fails. */
function pageDataOf(result: Awaited<ReturnType<typeof handleForm>>): PageData & { form?: ServedForm } {
  if (!result || !('pageData' in result)) throw new Error(`no page data: ${JSON.stringify(result)}`);
  return { ...result.pageData, form: servedFormOf(result.pageData) };
}

describe('handleForm: /login', () => {
  it('asks the API for the code as the reader (their address, the page language) and answers the code step', async () => {
    apiAnswers({ data: { requestLoginCode: { userId: 'u-1', message: 'OTP sent to your email' } } });
    const data = pageDataOf(await handleForm('/login', 'en', { ...sendCode, email: ' asha@example.org ' }, { graphqlUrl, headers }));
    expect(data.form).toMatchObject({ form: 'login', outcome: 'sent', values: { email: 'asha@example.org' }, userId: 'u-1' });
    expect(data.form?.sentAt).toEqual(expect.any(Number));
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(graphqlUrl);
    expect(calls[0].body.query).toMatch(/mutation RequestLoginCode/);
    expect(calls[0].body.variables).toEqual({ email: 'asha@example.org' });
    expect(calls[0].headers).toMatchObject({ 'x-forwarded-for': '203.0.113.7', 'accept-language': 'en' });
    // Never the reader's cookies (or credentials) to the API.
    expect(calls[0].headers).not.toHaveProperty('cookie');

    const html = await render('/login', 'en', { pageData: data });
    expect(html).toContain('OTP sent to your email');
    expect(html).toContain('Enter the 6-digit code we sent to asha@example.org.');
    expect(html).toContain('Verify OTP');
  });

  it('draws the code step in Hindi, and asks the API in Hindi (the code mail is in it)', async () => {
    apiAnswers({ data: { requestLoginCode: { userId: 'u-1', message: 'OTP sent to your email' } } });
    const data = pageDataOf(await handleForm('/login?lang=hi', 'hi', { ...sendCode, email: 'asha@example.org' }, { graphqlUrl, headers }));
    expect(calls[0].headers).toMatchObject({ 'accept-language': 'hi' });
    const html = await render('/login?lang=hi', 'hi', { pageData: data });
    expect(html).toContain('ओटीपी आपके ई-मेल पर भेज दिया गया है');
    expect(html).toContain('asha@example.org पर भेजा गया 6 अंकों का कोड दर्ज करें।');
  });

  it("shows the API's refusal with the address kept (its message in English, the code's text in Hindi)", async () => {
    apiAnswers(refused('No account found with this email', 'NOT_FOUND'));
    const data = pageDataOf(await handleForm('/login', 'en', { ...sendCode, email: 'nobody@example.org' }, { graphqlUrl, headers }));
    expect(data.form).toMatchObject({ outcome: 'failed', values: { email: 'nobody@example.org' }, error: { code: 'NOT_FOUND' } });
    const html = await render('/login', 'en', { pageData: data });
    expect(html).toMatch(/role="alert">No account found with this email</);
    expect(html).toMatch(/name="email"[^>]*value="nobody@example.org"|value="nobody@example.org"[^>]*name="email"/);
    expect(html).toContain('action="/login" method="post"');

    const hindi = await render('/login?lang=hi', 'hi', { pageData: data });
    expect(hindi).toMatch(/role="alert">नहीं मिला।</);
  });

  it("a rate-limited send says so, with the API's wait", async () => {
    apiAnswers(refused('Too many requests', 'RATE_LIMITED', { retryAfterSeconds: 42.2 }));
    const data = pageDataOf(await handleForm('/login', 'en', { ...sendCode, email: 'asha@example.org' }, { graphqlUrl, headers }));
    expect(data.form?.error).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests', retryAfterSeconds: 43 });
  });

  it('an API that cannot be reached: the page says Login failed, the address kept', async () => {
    apiAnswers(new Error('ECONNREFUSED'));
    const data = pageDataOf(await handleForm('/login', 'en', { ...sendCode, email: 'asha@example.org' }, { graphqlUrl, headers }));
    expect(data.form).toMatchObject({ outcome: 'failed', error: {} });
    expect(await render('/login', 'en', { pageData: data })).toMatch(/role="alert">Login failed</);
  });

  it('an invalid or missing e-mail is a field error, without asking the API', async () => {
    apiAnswers({ data: null });
    const invalid = pageDataOf(await handleForm('/login', 'en', { ...sendCode, email: 'not an address' }, { graphqlUrl, headers }));
    expect(invalid.form).toMatchObject({ outcome: 'invalid', values: { email: 'not an address' }, fieldErrors: { email: 'validation.emailInvalidShort' } });
    const html = await render('/login', 'en', { pageData: invalid });
    expect(html).toContain('Invalid email address');
    expect(html).toContain('aria-invalid="true"');
    expect(await render('/login?lang=hi', 'hi', { pageData: invalid })).toContain('अमान्य ई-मेल पता');

    const missing = pageDataOf(await handleForm('/login', 'en', { ...sendCode }, { graphqlUrl, headers }));
    expect(missing.form).toMatchObject({ outcome: 'invalid', values: { email: '' }, fieldErrors: { email: 'validation.emailRequired' } });
    expect(calls).toHaveLength(0);
  });

  it('a form it does not act on (not Send OTP) goes back to the page', async () => {
    apiAnswers({ data: null });
    expect(await handleForm('/login', 'en', { email: 'asha@example.org' }, { graphqlUrl, headers })).toEqual({ redirect: '/login' });
    expect(calls).toHaveLength(0);
  });

  it('a route without a form: null', async () => {
    expect(await handleForm('/about', 'en', sendCode, { graphqlUrl, headers })).toBeNull();
    expect(await handleForm('/events/ev-1', 'en', sendCode, { graphqlUrl, headers })).toBeNull();
  });
});

describe('handleForm: /register', () => {
  const details = { ...sendCode, name: ' Asha ', email: 'asha@example.org', phone: '9876543210', password: 'secret-1', confirmPassword: 'secret-1', userType: 'graduate' };

  it('checks the details as the page does, sends the sign-up code, and keeps no password', async () => {
    apiAnswers({ data: { sendSignupCode: { message: 'OTP sent to your email' } } });
    const data = pageDataOf(await handleForm('/register', 'en', details, { graphqlUrl, headers }));
    expect(data.form).toMatchObject({ form: 'signup', outcome: 'sent', values: { name: 'Asha', email: 'asha@example.org', phone: '9876543210', userType: 'graduate' } });
    expect(JSON.stringify(data)).not.toContain('secret-1');
    expect(calls[0].body.variables).toEqual({ input: { email: 'asha@example.org', phone: '9876543210' } });

    const html = await render('/register', 'en', { pageData: data });
    expect(html).toContain('OTP sent to your email');
    expect(html).toContain('Enter the 6-digit code we sent to asha@example.org.');
    // The passwords are asked again beside the code.
    expect(html).toContain('Choose your password again');
    expect(html).not.toContain('secret-1');
    const hindi = await render('/register?lang=hi', 'hi', { pageData: data });
    expect(hindi).toContain('अपना पासवर्ड फिर से चुनें');
  });

  it('missing and invalid fields: their errors, the typed values kept (not the passwords), no call', async () => {
    apiAnswers({ data: null });
    const data = pageDataOf(
      await handleForm('/register', 'en', { ...sendCode, email: 'asha@', phone: '12', password: 'abc', confirmPassword: 'abd', userType: 'admin' }, { graphqlUrl, headers }),
    );
    expect(calls).toHaveLength(0);
    expect(data.form?.fieldErrors).toEqual({
      name: 'validation.requiredShort',
      email: 'validation.emailInvalidShort',
      phone: 'validation.phoneDigits',
      password: 'validation.passwordMin',
      confirmPassword: 'validation.passwordsMatch',
      userType: 'register.userTypeRequired',
    });
    const html = await render('/register', 'en', { pageData: data });
    for (const text of ['Required', 'Invalid email address', 'Phone must be 10 digits', 'Must be at least 6 characters', 'Passwords must match']) expect(html).toContain(text);
    expect(html).toContain('value="asha@"');
    expect(html).not.toContain('value="abc"');
    expect(await render('/register?lang=hi', 'hi', { pageData: data })).toContain('अमान्य ई-मेल पता');
  });

  it("the API's refusal (an account exists) is shown, the details kept", async () => {
    apiAnswers(refused('An account with this email already exists', 'CONFLICT'));
    const data = pageDataOf(await handleForm('/register', 'en', details, { graphqlUrl, headers }));
    const html = await render('/register', 'en', { pageData: data });
    expect(html).toMatch(/role="alert">An account with this email already exists</);
    expect(html).toContain('value="9876543210"');
    expect(html).toContain('name="userType" checked="" value="graduate"');
  });
});
