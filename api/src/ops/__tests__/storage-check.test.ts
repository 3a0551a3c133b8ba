import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestContext, type TestContext } from '../../test/harness';
import { realPng } from '../../test/images';
import { IMAGE_WIDTHS, renditionName } from '../../uploads/image-urls';
import { checkStorage } from '../storage-check';

/** npm run storage:check: orphans are unreferenced AND older than the grace period; --remove removes only them. */
let ctx: TestContext;
let uploadsDir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  uploadsDir = path.join(ctx.config.dataDir, 'uploads');
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const age = (key: string, hours: number) => {
  const t = new Date(Date.now() - hours * HOUR);
  for (const w of IMAGE_WIDTHS) utimesSync(path.join(uploadsDir, renditionName(key, w)), t, t);
};
const present = (key: string) => IMAGE_WIDTHS.every((w) => existsSync(path.join(uploadsDir, renditionName(key, w))));
const upload = async () => ctx.services.images.save(await realPng(200, 150));
const eventInput = { title: 'Storage', description: 'd', category: 'general', date: '2026-07-01', time: '10:00', location: 'Hall' };

it('finds an old unreferenced upload, leaves young and referenced ones, and removes only the orphan', async () => {
  const orphan = await upload();
  age(orphan, 72);
  const young = await upload();
  age(young, 2);
  const eventImage = await upload();
  age(eventImage, 500);
  await ctx.services.events.create(null, { ...eventInput, imageKey: eventImage });
  const memberImage = await upload();
  age(memberImage, 500);
  await ctx.services.team.create(null, { name: 'M', designation: 'D', description: 'x', imageKey: memberImage });
  writeFileSync(path.join(uploadsDir, 'notes.txt'), 'not an image');
  // A referenced key whose files were lost.
  await ctx.db.dataSource.query(`UPDATE events SET image_key = $1 WHERE id = (SELECT id FROM events LIMIT 1)`, ['f'.repeat(24)]);
  await ctx.services.events.create(null, { ...eventInput, imageKey: eventImage });

  const listed = await checkStorage({ db: ctx.db.dataSource, storage: ctx.services.storage });
  expect(listed.orphans.map((o) => o.key)).toEqual([orphan]);
  expect(listed.orphans[0].files).toHaveLength(3);
  expect(listed.young.map((o) => o.key)).toEqual([young]);
  expect(listed.missing).toEqual([{ key: 'f'.repeat(24), names: IMAGE_WIDTHS.map((w) => renditionName('f'.repeat(24), w)) }]);
  expect(listed.unrecognised.map((f) => f.name)).toEqual(['notes.txt']);
  expect(listed.removed).toEqual([]);
  expect(present(orphan)).toBe(true);

  // A shorter grace period makes the young upload an orphan too (listing only).
  const shortGrace = await checkStorage({ db: ctx.db.dataSource, storage: ctx.services.storage, graceHours: 1 });
  expect(shortGrace.orphans.map((o) => o.key).sort()).toEqual([orphan, young].sort());

  const removed = await checkStorage({ db: ctx.db.dataSource, storage: ctx.services.storage, remove: true });
  expect(removed.removed).toEqual([orphan]);
  expect(present(orphan)).toBe(false);
  for (const kept of [young, eventImage, memberImage]) expect(present(kept)).toBe(true);
  expect(readdirSync(uploadsDir)).toContain('notes.txt');

  const again = await checkStorage({ db: ctx.db.dataSource, storage: ctx.services.storage });
  expect(again.orphans).toEqual([]);
});

it('does not remove an orphan that a record references by the time it is removed', async () => {
  const key = await upload();
  age(key, 48);
  // The reference appears between the listing and the removal.
  let queries = 0;
  const db = {
    query: async (sql: string, params?: unknown[]) => {
      const rows = await ctx.db.dataSource.query(sql, params);
      if (++queries === 1) await ctx.services.team.create(null, { name: 'Late', designation: 'D', description: 'x', imageKey: key });
      return rows;
    },
  };
  const r = await checkStorage({ db, storage: ctx.services.storage, remove: true });
  expect(r.orphans.map((o) => o.key)).toEqual([key]);
  expect(r.removed).toEqual([]);
  expect(present(key)).toBe(true);
});
