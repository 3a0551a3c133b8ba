import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createTestContext, type TestContext } from '../../test/harness';
import { pixelBomb, realPng, svgImage, textPretendingToBePng } from '../../test/images';
import { standardScenario } from '../../test/scenarios';

let ctx: TestContext;
let auth: string;
let uploadsDir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const s = await standardScenario(ctx);
  auth = `Bearer ${s.tokens.admin}`;
  uploadsDir = path.join(ctx.config.dataDir, 'uploads');
});
afterAll(() => ctx.close());

const stored = () => {
  try {
    return readdirSync(uploadsDir).sort();
  } catch {
    return [];
  }
};
const eventCount = async () => Number((await ctx.db.dataSource.query('SELECT count(*)::int AS n FROM events'))[0].n);
const eventFields = { title: 'Upload test', category: 'general', description: 'd', date: '2026-07-01', time: '10:00', location: 'Hall' };

describe('POST /api/uploads (images for GraphQL clients)', () => {
  it('re-encodes a valid image to WebP at 320/640/1280 under a random key; the original bytes are not kept', async () => {
    const png = await realPng(1600, 900);
    const res = await ctx.http.post('/api/uploads').set('authorization', auth).attach('image', png, { filename: 'photo.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    const { imageKey, imageUrl, imageSrcSet } = res.body.data;
    expect(imageKey).toMatch(/^[a-f0-9]{24}$/);
    expect(imageUrl).toBe(`/uploads/${imageKey}-1280.webp`);
    expect(imageSrcSet).toContain(`/uploads/${imageKey}-320.webp 320w`);
    const files = stored().filter((f) => f.startsWith(imageKey));
    expect(files).toEqual([`${imageKey}-1280.webp`, `${imageKey}-320.webp`, `${imageKey}-640.webp`]);
    for (const width of [320, 640, 1280]) {
      const meta = await sharp(path.join(uploadsDir, `${imageKey}-${width}.webp`)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
    }
    expect(stored().some((f) => f.includes('photo') || f.endsWith('.png'))).toBe(false);
  });

  it('serves renditions under /uploads with a long cache lifetime, the right type and nosniff', async () => {
    const res = await ctx.http.post('/api/uploads').set('authorization', auth).attach('image', await realPng(400, 300), 'a.png');
    const file = await ctx.http.get(`/uploads/${res.body.data.imageKey}-320.webp`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(file.headers['cache-control']).toMatch(/immutable/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await ctx.http.get('/uploads/../package.json')).status).toBe(404);
  });

  it('requires a file and an admin token', async () => {
    expect((await ctx.http.post('/api/uploads').set('authorization', auth).send({})).status).toBe(400);
    expect((await ctx.http.post('/api/uploads').attach('image', await realPng(10, 10), 'a.png')).status).toBe(401);
  });
});

describe('hostile uploads are refused and nothing is stored (no row, no file)', () => {
  const cases: [string, () => Promise<Buffer> | Buffer, string, number][] = [
    ['text bytes named .png', () => textPretendingToBePng, 'fake.png', 400],
    ['an SVG', () => svgImage, 'logo.svg', 400],
    ['a pixel bomb', () => pixelBomb(), 'bomb.png', 400],
    ['a 6 MB file', () => Buffer.alloc(6 * 1024 * 1024, 0xff), 'big.jpg', 413],
  ];
  for (const [label, make, filename, status] of cases) {
    it(`${label} → ${status}`, async () => {
      const before = stored();
      const rows = await eventCount();
      const bytes = await make();
      const upload = await ctx.http.post('/api/uploads').set('authorization', auth).attach('image', bytes, filename);
      expect(upload.status).toBe(status);
      expect(upload.body.success).toBe(false);
      let req = ctx.http.post('/api/events').set('authorization', auth);
      for (const [k, v] of Object.entries(eventFields)) req = req.field(k, v);
      const create = await req.attach('image', bytes, filename);
      expect(create.status).toBe(status);
      expect(await eventCount()).toBe(rows);
      expect(stored()).toEqual(before);
    });
  }

  it('an imageKey must be well-formed and refer to stored renditions', async () => {
    const bad = await ctx.gql(`mutation($input: EventInput!) { createEvent(input: $input) { id } }`, { input: { ...eventFields, category: 'GENERAL', imageKey: '../../etc/passwd' } }, auth.slice(7));
    expect(bad.errors?.[0]).toMatchObject({ extensions: { code: 'VALIDATION' }, message: 'Image key is invalid' });
    const missing = await ctx.gql(`mutation($input: EventInput!) { createEvent(input: $input) { id } }`, { input: { ...eventFields, category: 'GENERAL', imageKey: 'a'.repeat(24) } }, auth.slice(7));
    expect(missing.errors?.[0].extensions.code).toBe('VALIDATION');
  });
});
