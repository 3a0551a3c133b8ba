import { ContactSubmissionEntity } from '../contact.entity';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const valid = { name: 'Asha Verma', email: 'Asha@Example.org', phone: '9876543210', subject: 'Volunteering', message: 'I would like to teach on Saturdays.' };
const stored = () => ctx.db.dataSource.getRepository(ContactSubmissionEntity).count();

describe('POST /api/contact', () => {
  it('stores a valid message with status new and answers 201', async () => {
    const before = await stored();
    const res = await ctx.http.post('/api/contact').send(valid);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Thank you! Your message has been sent successfully.' });
    const row = await ctx.db.dataSource.getRepository(ContactSubmissionEntity).findOneByOrFail({ id: res.body.data.id });
    expect(row).toMatchObject({ name: 'Asha Verma', email: 'asha@example.org', phone: '9876543210', status: 'new' });
    expect(await stored()).toBe(before + 1);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['a missing name', { ...valid, name: undefined }, 'Please fill all required fields'],
    ['a blank subject', { ...valid, subject: '   ' }, 'Please fill all required fields'],
    ['a 9-digit phone', { ...valid, phone: '987654321' }, 'Please enter a valid 10-digit phone number'],
    ['letters in the phone', { ...valid, phone: '98765abcde' }, 'Please enter a valid 10-digit phone number'],
    ['a malformed e-mail', { ...valid, email: 'asha@' }, 'Invalid email address'],
    ['an over-long message', { ...valid, message: 'x'.repeat(5001) }, 'Message is too long (5000 characters at most)'],
    ['an over-long name', { ...valid, name: 'x'.repeat(101) }, 'Name is too long (100 characters at most)'],
    ['a number for the name', { ...valid, name: 42 }, 'Please fill all required fields'],
    ['an object for the message', { ...valid, message: { $gt: '' } }, 'Please fill all required fields'],
  ];
  it.each(cases)("refuses %s with 400 and the form's message, storing nothing", async (_label, body, message) => {
    const before = await stored();
    const res = await ctx.http.post('/api/contact').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION', msg: message, message, error: message });
    expect(await stored()).toBe(before);
  });

  it('refuses malformed JSON and a non-JSON body with 400', async () => {
    const bad = await ctx.http.post('/api/contact').set('content-type', 'application/json').send('{"name": "x",');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Malformed JSON body');
    const text = await ctx.http.post('/api/contact').set('content-type', 'text/plain').send('hello');
    expect(text.status).toBe(400);
  });

  it('refuses a body over 100 kB with 413', async () => {
    const res = await ctx.http.post('/api/contact').send({ ...valid, message: 'x'.repeat(200_000) });
    expect(res.status).toBe(413);
  });
});

describe('submitContact mutation', () => {
  const MUTATION = `mutation($input: ContactInput!) { submitContact(input: $input) { id message } }`;
  it('stores a valid message', async () => {
    const { data } = await ctx.gql(MUTATION, { input: valid });
    expect(data.submitContact.message).toBe('Thank you! Your message has been sent successfully.');
  });
  it('answers a VALIDATION error with per-field messages and stores nothing', async () => {
    const before = await stored();
    const { errors } = await ctx.gql(MUTATION, { input: { ...valid, phone: '12345', email: 'nope' } });
    expect(errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION',
      fields: { phone: 'Please enter a valid 10-digit phone number', email: 'Invalid email address' },
    });
    expect(await stored()).toBe(before);
  });
});
