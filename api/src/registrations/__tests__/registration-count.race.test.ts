/**
 * Registration counts under a storm of concurrent writes: 500 random operations started at once, through
 * the services, over a handful of events (some small enough to fill up) and users (some pre-registered,
 * some students of a teacher who may be deleted meanwhile): registering, unregistering, an admin taking
 * someone off an event, an admin deleting a user. Afterwards every event's registered_count equals its
 * rows and stays within capacity, and every operation either succeeded or failed with a domain error
 * its kind can expect — never a raw database error (a deadlock, a foreign key violation).
 *
 * The sequence of operations comes from a seeded generator: RACE_SEED=<n> replays the printed seed.
 */
import type { Viewer } from '../../common/access';
import type { EventEntity } from '../../events/event.entity';
import { prng } from '../../__tests__/resilience/fuzz';
import { createTestContext, usingPostgres, type TestContext } from '../../test/harness';
import { makeEvent, makeUser } from '../../test/scenarios';
import type { UserEntity } from '../../users/user.entity';

const SEED = Number(process.env.RACE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const OPERATIONS = 500;
const USERS = 60;
/** Events a week or so ahead of the test clock: small ones fill up (EVENT_FULL), null is unlimited. */
const CAPACITIES = [3, 4, 5, 3, null, null, 12, null];
/** Operations start within this many milliseconds of each other (the whole storm takes seconds). */
const JITTER_MS = 250;

type Kind = 'register' | 'unregister' | 'removeByAdmin' | 'deleteUser';
/** The domain errors each kind may meet when others change the same rows meanwhile. */
const EXPECTED: Record<Kind, readonly string[]> = {
  register: ['EVENT_FULL', 'UNAUTHENTICATED'], // full, or the user was deleted meanwhile
  unregister: [], // not registered (any more) is a success that changes nothing
  removeByAdmin: ['NOT_FOUND'], // not registered, or the user was deleted meanwhile
  deleteUser: ['NOT_FOUND'], // deleted already
};

const viewerOf = (u: UserEntity, tokenKind: Viewer['tokenKind'] = 'user'): Viewer => ({ id: u.id, email: u.email, name: u.name, category: u.category, status: u.status, tokenKind });

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
});

describe(`registration counts under concurrency (seed ${SEED})`, () => {
  // PGlite has one connection, so every operation would run one after another there: no race to test.
  (usingPostgres ? it : it.skip)(`${OPERATIONS} concurrent registers, unregisters, admin removals and user deletions keep every count equal to its rows`, async () => {
    const rng = prng(SEED);
    const { registrations, userAdmin } = ctx.services;
    const admin = viewerOf(await makeUser(ctx, { name: 'Race Admin', category: 'admin' }), 'admin');

    const events: EventEntity[] = [];
    for (const [i, maxParticipants] of CAPACITIES.entries()) events.push(await makeEvent(ctx, { title: `Race event ${i}`, maxParticipants, daysFromToday: 1 + i }));
    const users: UserEntity[] = [];
    const teachers: UserEntity[] = [];
    for (let i = 0; i < USERS; i++) {
      const kind = i < 8 ? 'teacher' : i < 28 ? 'student' : 'graduate';
      const user =
        kind === 'teacher'
          ? await makeUser(ctx, { category: 'primary', status: 'approved', schoolName: 'GIC', district: 'Prayagraj', area: 'Civil Lines' })
          : kind === 'student'
            ? await makeUser(ctx, { category: 'student', status: 'approved', primaryUserId: rng.pick(teachers).id, fatherName: 'Father', schoolName: 'GIC', district: 'Prayagraj', area: 'Civil Lines' })
            : await makeUser(ctx, { category: 'graduate' });
      if (kind === 'teacher') teachers.push(user);
      users.push(user);
    }
    // Some places taken beforehand, so that unregistering, removals and deletions have something to remove.
    for (const user of users) {
      for (const event of events) {
        if (!rng.chance(0.25)) continue;
        await registrations.register(viewerOf(user), event.id).catch((err: { code?: string }) => {
          if (err.code !== 'EVENT_FULL') throw err;
        });
      }
    }

    const ops = Array.from({ length: OPERATIONS }, () => {
      const roll = rng.next();
      const kind: Kind = roll < 0.45 ? 'register' : roll < 0.65 ? 'unregister' : roll < 0.95 ? 'removeByAdmin' : 'deleteUser';
      return { kind, user: rng.pick(users), event: rng.pick(events), delayMs: rng.int(JITTER_MS) };
    });

    // All started at once; the pool (30 connections) queues the rest. Each first waits a few (seeded)
    // milliseconds: the pool serves its queue in order, and a deletion's transaction is its second trip
    // to it, so without the jitter every deletion would run after nearly every other operation.
    const started = Date.now();
    const settled = await Promise.allSettled(
      ops.map(async ({ kind, user, event, delayMs }): Promise<string> => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        switch (kind) {
          case 'register':
            return registrations.register(viewerOf(user), event.id).then((r) => (r.changed ? 'added' : 'already'));
          case 'unregister':
            return registrations.unregister(viewerOf(user), event.id).then((r) => (r.changed ? 'removed' : 'not-registered'));
          case 'removeByAdmin':
            return registrations.removeByAdmin(admin, event.id, user.id).then(() => 'removed');
          case 'deleteUser':
            return userAdmin.delete(admin, user.id).then(() => 'deleted');
        }
      }),
    );
    const tookMs = Date.now() - started;
    await ctx.services.mail.idle();

    const outcomes = new Map<string, number>();
    const unexpected: string[] = [];
    const deletedBy = new Map<string, number>();
    settled.forEach((result, i) => {
      const { kind, user, event } = ops[i];
      const err = result.status === 'rejected' ? (result.reason as { name?: string; code?: string; message?: string; detail?: string }) : null;
      const domain = err?.name === 'DomainError';
      const outcome = result.status === 'fulfilled' ? result.value : domain ? err!.code! : `raw ${err?.code ?? err?.name ?? '?'}`;
      outcomes.set(`${kind}:${outcome}`, (outcomes.get(`${kind}:${outcome}`) ?? 0) + 1);
      if (err && (!domain || !EXPECTED[kind].includes(err.code!))) unexpected.push(`#${i} ${kind}(user ${user.id}, event ${event.id}): ${err.name} ${err.code ?? ''} ${err.message}${err.detail ? ` (${err.detail})` : ''}`);
      if (result.status === 'fulfilled' && kind === 'deleteUser') deletedBy.set(user.id, (deletedBy.get(user.id) ?? 0) + 1);
    });
    console.log(
      `seed ${SEED}: ${OPERATIONS} operations in ${tookMs} ms: ` +
        [...outcomes.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}=${n}`).join(', '),
    );

    // Every failure is a domain error its kind may expect: no deadlock (40P01), no foreign key violation (23503).
    expect(unexpected).toEqual([]);
    // A user deleted twice at once: one deletion, and one NOT_FOUND (not two deletions, two audit entries).
    expect([...deletedBy.entries()].filter(([, n]) => n > 1)).toEqual([]);

    const counts = await ctx.db.dataSource.query(
      `SELECT e.id, e.max_participants AS max, e.registered_count AS counted, (SELECT count(*)::int FROM registrations r WHERE r.event_id = e.id) AS rows
         FROM events e ORDER BY e.id`,
    );
    expect(counts).toHaveLength(CAPACITIES.length);
    for (const event of counts as { id: string; max: number | null; counted: number; rows: number }[]) {
      expect({ id: event.id, counted: event.counted }).toEqual({ id: event.id, counted: event.rows });
      if (event.max !== null) expect(event.counted).toBeLessThanOrEqual(event.max);
    }
    // Each successful admin removal and deletion is audited once.
    const [{ removals, deletions }] = await ctx.db.dataSource.query(
      `SELECT count(*) FILTER (WHERE action = 'registration.remove')::int AS removals, count(*) FILTER (WHERE action = 'user.delete')::int AS deletions FROM audit_log`,
    );
    expect({ removals, deletions }).toEqual({ removals: outcomes.get('removeByAdmin:removed') ?? 0, deletions: outcomes.get('deleteUser:deleted') ?? 0 });
  }, 120_000);
});
