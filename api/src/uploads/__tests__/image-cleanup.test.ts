import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { EventEntity } from '../../events/event.entity';
import { TeamMemberEntity } from '../../team/team-member.entity';
import { createTestContext, type TestContext } from '../../test/harness';
import { realPng } from '../../test/images';
import { IMAGE_WIDTHS, renditionName } from '../image-urls';

/**
 * Storage hygiene: replacing or deleting an event's or team member's image removes its files once no
 * record uses the key, and only after the transaction has committed.
 */
let ctx: TestContext;
let uploadsDir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  uploadsDir = path.join(ctx.config.dataDir, 'uploads');
});
afterAll(() => ctx.close());

const filesOf = (key: string) => IMAGE_WIDTHS.map((w) => renditionName(key, w)).filter((n) => existsSync(path.join(uploadsDir, n)));
const stored = (key: string) => filesOf(key).length === IMAGE_WIDTHS.length;
const gone = (key: string) => filesOf(key).length === 0;
const eventInput = { title: 'Hygiene', description: 'd', category: 'general', date: '2026-07-01', time: '10:00', location: 'Hall' };
const teamInput = { name: 'Member', designation: 'Role', description: 'About' };
const upload = async () => ctx.services.images.save(await realPng(400, 300));
const eventKey = async (id: string) => (await ctx.db.dataSource.getRepository(EventEntity).findOneByOrFail({ id })).imageKey;
const memberKey = async (id: string) => (await ctx.db.dataSource.getRepository(TeamMemberEntity).findOneByOrFail({ id })).imageKey;

/** Records, for each removal, whether the record's committed row already named its new image. */
function watchRemovals(committedKey: () => Promise<string | null>) {
  const seen: { prefix: string; committed: string | null | 'unreadable' }[] = [];
  const storage = ctx.services.storage;
  const original = storage.removeByPrefix.bind(storage);
  const spy = jest.spyOn(storage, 'removeByPrefix').mockImplementation(async (prefix: string) => {
    // Read on the pool: inside the transaction (one connection on PGlite) this could not answer in time.
    let timer: NodeJS.Timeout | undefined;
    const committed = await Promise.race([committedKey(), new Promise<'unreadable'>((r) => (timer = setTimeout(() => r('unreadable'), 2000)))]);
    clearTimeout(timer);
    seen.push({ prefix, committed });
    return original(prefix);
  });
  return { seen, restore: () => spy.mockRestore() };
}

describe('an event image', () => {
  it('replaced: the old files are removed, after the commit', async () => {
    const event = await ctx.services.events.create(null, eventInput, await realPng(400, 300));
    const oldKey = event.imageKey!;
    expect(stored(oldKey)).toBe(true);
    const watch = watchRemovals(() => eventKey(event.id));
    try {
      const { after } = await ctx.services.events.update(null, event.id, {}, await realPng(500, 300));
      expect(after.imageKey).not.toBe(oldKey);
      expect(stored(after.imageKey!)).toBe(true);
      expect(gone(oldKey)).toBe(true);
      expect(watch.seen).toEqual([{ prefix: oldKey, committed: after.imageKey }]);
    } finally {
      watch.restore();
    }
  });

  it('replaced by a key uploaded earlier, or cleared: the old files are removed', async () => {
    const event = await ctx.services.events.create(null, { ...eventInput, imageKey: await upload() });
    const first = event.imageKey!;
    const second = await upload();
    await ctx.services.events.update(null, event.id, { imageKey: second });
    expect(gone(first)).toBe(true);
    expect(stored(second)).toBe(true);
    await ctx.services.events.update(null, event.id, { imageKey: '' });
    expect(await eventKey(event.id)).toBeNull();
    expect(gone(second)).toBe(true);
  });

  it('deleted: its files are removed', async () => {
    const event = await ctx.services.events.create(null, eventInput, await realPng(400, 300));
    await ctx.services.events.delete(null, event.id);
    expect(gone(event.imageKey!)).toBe(true);
  });

  it('a key another record still uses is kept (two events, and a team member sharing one image)', async () => {
    const shared = await upload();
    const a = await ctx.services.events.create(null, { ...eventInput, imageKey: shared });
    const b = await ctx.services.events.create(null, { ...eventInput, imageKey: shared });
    const member = await ctx.services.team.create(null, { ...teamInput, imageKey: shared });

    await ctx.services.events.delete(null, a.id);
    expect(stored(shared)).toBe(true);
    await ctx.services.events.update(null, b.id, {}, await realPng(300, 300));
    expect(stored(shared)).toBe(true);
    await ctx.services.team.delete(null, member.id);
    expect(gone(shared)).toBe(true);
  });

  it('a rolled-back update keeps the old files (and drops the new upload)', async () => {
    const event = await ctx.services.events.create(null, eventInput, await realPng(400, 300));
    const oldKey = event.imageKey!;
    const before = new Set(readdirSync(uploadsDir));
    // The row is saved with the new key, then the transaction fails.
    const audit = jest.spyOn(ctx.services.audit, 'record').mockRejectedValueOnce(new Error('disk full'));
    try {
      await expect(ctx.services.events.update(null, event.id, { title: 'Renamed' }, await realPng(500, 300))).rejects.toThrow('disk full');
    } finally {
      audit.mockRestore();
    }
    expect(await eventKey(event.id)).toBe(oldKey);
    expect(stored(oldKey)).toBe(true);
    expect(new Set(readdirSync(uploadsDir))).toEqual(before);

    // A validation failure inside the transaction, with a key uploaded earlier: nothing is removed.
    const registered = await ctx.services.events.create(null, { ...eventInput, maxParticipants: 5 }, await realPng(400, 300));
    await ctx.db.dataSource.query(`UPDATE events SET registered_count = 3 WHERE id = $1`, [registered.id]);
    const other = await upload();
    await expect(ctx.services.events.update(null, registered.id, { maxParticipants: 1, imageKey: other })).rejects.toThrow(/Max participants/);
    expect(stored(registered.imageKey!)).toBe(true);
    expect(stored(other)).toBe(true);
  });

  it('a failure removing files after the commit does not undo the write or remove the new image', async () => {
    const event = await ctx.services.events.create(null, eventInput, await realPng(400, 300));
    const remove = jest.spyOn(ctx.services.storage, 'removeByPrefix').mockRejectedValueOnce(new Error('EACCES'));
    let newKey: string | null = null;
    try {
      newKey = (await ctx.services.events.update(null, event.id, {}, await realPng(500, 300))).after.imageKey;
    } finally {
      remove.mockRestore();
    }
    expect(await eventKey(event.id)).toBe(newKey);
    expect(stored(newKey!)).toBe(true);
    expect(stored(event.imageKey!)).toBe(true); // left behind: storage:check finds it
  });
});

describe('a team member image', () => {
  it('replaced: the old files are removed, after the commit', async () => {
    const member = await ctx.services.team.create(null, teamInput, await realPng(400, 300));
    const oldKey = member.imageKey!;
    const watch = watchRemovals(() => memberKey(member.id));
    try {
      const after = await ctx.services.team.update(null, member.id, {}, await realPng(500, 300));
      expect(gone(oldKey)).toBe(true);
      expect(stored(after.imageKey!)).toBe(true);
      expect(watch.seen).toEqual([{ prefix: oldKey, committed: after.imageKey }]);
    } finally {
      watch.restore();
    }
  });

  it('deleted: its files are removed', async () => {
    const member = await ctx.services.team.create(null, teamInput, await realPng(400, 300));
    await ctx.services.team.delete(null, member.id);
    expect(gone(member.imageKey!)).toBe(true);
  });

  it('a rolled-back update keeps the old files', async () => {
    const member = await ctx.services.team.create(null, teamInput, await realPng(400, 300));
    const replacement = await upload();
    const audit = jest.spyOn(ctx.services.audit, 'record').mockRejectedValueOnce(new Error('disk full'));
    try {
      await expect(ctx.services.team.update(null, member.id, { imageKey: replacement })).rejects.toThrow('disk full');
    } finally {
      audit.mockRestore();
    }
    expect(await memberKey(member.id)).toBe(member.imageKey);
    expect(stored(member.imageKey!)).toBe(true);
    // An upload attached by key is not the failed request's to remove (storage:check will, once it is old).
    expect(stored(replacement)).toBe(true);
  });
});
