import { csvCell, toCsv } from '../csv';
import { createTestContext, type TestContext } from '../../test/harness';
import { makeEvent, makeUser, standardScenario } from '../../test/scenarios';

describe('csv (pure)', () => {
  it('quotes commas, quotes and newlines (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });
  it('neutralises spreadsheet formulas', () => {
    for (const evil of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1']) expect(csvCell(evil).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });
  it('starts with a BOM and uses CRLF line ends', () => {
    const out = toCsv([{ a: 1 }], [{ header: 'a', value: (r) => r.a }]);
    expect(out).toBe('\uFEFFa\r\n1\r\n');
  });
});

describe('CSV downloads (admin)', () => {
  let ctx: TestContext;
  let s: Awaited<ReturnType<typeof standardScenario>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    s = await standardScenario(ctx);
    await makeUser(ctx, { name: '=cmd|"/c calc"!A1', category: 'graduate', status: 'active', area: 'Civil Lines, "North"' });
  });
  afterAll(() => ctx.close());
  const auth = () => `Bearer ${s.tokens.admin}`;
  const lines = (text: string) => text.replace(/^\uFEFF/, '').trim().split('\r\n');

  it('users.csv: attachment, text/csv with BOM, filters as the list, formulas neutralised', async () => {
    const res = await ctx.http.get('/api/admin/export/users.csv?category=graduate').set('authorization', auth()).buffer(true).parse((r, cb) => {
      let data = '';
      r.setEncoding('utf8');
      r.on('data', (c: string) => (data += c));
      r.on('end', () => cb(null, data));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    const text = res.body as string;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = lines(text);
    expect(rows[0]).toBe('id,name,email,phone,category,status,fatherName,schoolName,district,area,primaryEmail,createdAt');
    expect(rows).toHaveLength(3);
    const evil = rows.find((r) => r.includes('calc'))!;
    expect(evil).toContain(`"'=cmd|""/c calc""!A1"`);
    expect(evil).toContain('"Civil Lines, ""North"""');
  });

  it('students.csv and an event\'s registrations.csv', async () => {
    const students = await ctx.http.get('/api/admin/export/students.csv').set('authorization', auth()).buffer(true).parse((r, cb) => {
      let d = ''; r.setEncoding('utf8'); r.on('data', (c: string) => (d += c)); r.on('end', () => cb(null, d));
    });
    const rows = lines(students.body as string);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(s.teacher.email);
    const event = await makeEvent(ctx);
    await ctx.db.dataSource.query('INSERT INTO registrations (event_id, user_id) VALUES ($1, $2)', [event.id, s.member.id]);
    const regs = await ctx.http.get(`/api/admin/export/events/${event.id}/registrations.csv`).set('authorization', auth()).buffer(true).parse((r, cb) => {
      let d = ''; r.setEncoding('utf8'); r.on('data', (c: string) => (d += c)); r.on('end', () => cb(null, d));
    });
    expect(regs.headers['content-disposition']).toMatch(/^attachment; filename="event-[0-9a-f-]+-registrations\.csv"$/);
    expect(lines(regs.body as string)).toHaveLength(2);
    expect((await ctx.http.get('/api/admin/export/events/00000000-0000-4000-8000-000000000000/registrations.csv').set('authorization', auth())).status).toBe(404);
    expect((await ctx.http.get('/api/admin/export/users.csv').set('authorization', `Bearer ${s.tokens.member}`)).status).toBe(403);
  });
});
