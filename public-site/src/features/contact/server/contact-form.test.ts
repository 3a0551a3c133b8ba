// The contact form sent before the page's script: handleForm runs contactForm against the API, as the
// reader, and render() draws /contact with the outcome.
import { handleForm, render } from '@/entry-server';
import { servedFormOf, type PageData } from '@/rendering/served-page';
import en from '@/i18n/locales/en.json';
import hi from '@/i18n/locales/hi.json';

const graphqlUrl = 'http://api.test/graphql';
const headers = { 'x-forwarded-for': '203.0.113.7', cookie: 'secret' };
const filled = { name: ' Asha Verma ', email: 'asha@example.org', phone: '9876543210', subject: 'Volunteering', message: 'How can I help?' };

let calls: { headers: Record<string, string>; body: { query: string; variables: { input: Record<string, string> } } }[] = [];
function apiAnswers(answer: unknown) {
  calls = [];
  global.fetch = jest.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    calls.push({ headers: init?.headers as Record<string, string>, body: JSON.parse(String(init?.body)) });
    return { ok: true, status: 200, json: async () => answer } as Response; // (jsdom has no Response)
  }) as typeof fetch;
}

async function pageDataOf(fields: Record<string, string>, url = '/contact', lang: 'en' | 'hi' = 'en'): Promise<PageData> {
  const result = await handleForm(url, lang, fields, { graphqlUrl, headers });
  if (!result || !('pageData' in result)) throw new Error(`no page data: ${JSON.stringify(result)}`);
  return result.pageData;
}

describe('handleForm: /contact', () => {
  it('sends the message as the reader and draws the thank-you, the form empty again', async () => {
    apiAnswers({ data: { submitContact: { id: 'c-1', message: 'ok' } } });
    const data = await pageDataOf(filled);
    expect(calls).toHaveLength(1);
    expect(calls[0].body.variables.input).toEqual({ ...filled, name: 'Asha Verma' });
    expect(calls[0].headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(calls[0].headers).not.toHaveProperty('cookie');
    expect(servedFormOf(data)).toMatchObject({ form: 'contact', outcome: 'sent', values: {} });
    const html = await render('/contact', 'en', { pageData: data });
    expect(html).toContain(en.contact.success);
    expect(html).not.toContain('value="Asha Verma"');
    expect(html).toMatch(/action="\/contact" method="post"|method="post" action="\/contact"/);

    const hindi = await render('/contact?lang=hi', 'hi', { pageData: data });
    expect(hindi).toContain(hi.contact.success);
  });

  it('draws the fields that need fixing, with what was typed, and asks the API nothing', async () => {
    apiAnswers({ data: null });
    const data = await pageDataOf({ ...filled, email: 'not-an-address', subject: ' ' });
    expect(calls).toHaveLength(0);
    expect(servedFormOf(data)).toMatchObject({ outcome: 'invalid', fieldErrors: { email: 'validation.emailInvalid', subject: 'validation.subjectRequired' } });
    const html = await render('/contact', 'en', { pageData: data });
    expect(html).toContain(en.validation.emailInvalid);
    expect(html).toContain(en.validation.subjectRequired);
    expect(html).toContain(en.contact.fixFields);
    expect(html).toContain('value="not-an-address"');
    expect(html).toContain('How can I help?');
    expect(html).toMatch(/aria-invalid="true"/);
  });

  it('says the message was not sent when the API refuses, keeping what was typed', async () => {
    apiAnswers({ errors: [{ message: 'Too many requests', extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 30 } }], data: null });
    const data = await pageDataOf(filled);
    const html = await render('/contact', 'en', { pageData: data });
    expect(html).toContain(en.errors.RATE_LIMITED);
    expect(html).toContain('How can I help?');
  });
});
