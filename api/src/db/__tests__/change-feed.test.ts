import { Client } from 'pg';
import { openDatabase, type Database } from '../data-source';
import { openTestDatabase, usingPostgres } from '../../test/harness';
import { topics, touched, type Topic } from '../change-feed';

type Heard = Topic[] | 'all';

/** Collects what a feed's listeners are told. */
function recorder(db: Database) {
  const heard: Heard[] = [];
  db.changes.subscribe((changed) => heard.push(changed));
  return heard;
}

const until = async (check: () => boolean, ms = 3_000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return Date.now() - start;
};

describe('change feed: topics follow committed writes', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  it('tells listeners after COMMIT, never before', async () => {
    const heard = recorder(db);
    let seenInside: Heard[] = [];
    await db.dataSource.transaction(async (m) => {
      await m.query('SELECT 1');
      touched(m, topics.events, topics.event('ABC'));
      touched(m, topics.events);
      seenInside = [...heard];
    });
    expect(seenInside).toEqual([]);
    expect(heard).toEqual([['events', 'event:abc']]);
  });

  it('tells nobody when the transaction rolls back', async () => {
    const heard = recorder(db);
    await expect(
      db.dataSource.transaction(async (m) => {
        touched(m, topics.team);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A later commit on the same pooled connection does not carry the rolled-back topics along.
    await db.dataSource.transaction(async (m) => touched(m, topics.events));
    expect(heard).toEqual([['events']]);
  });

  it('publishes at once for a write made outside a transaction', () => {
    const heard = recorder(db);
    touched(db.dataSource.manager, topics.team);
    expect(heard).toEqual([['team']]);
  });
});

const onPostgres = usingPostgres ? describe : describe.skip;

// Two processes on one database are two data sources with their own LISTEN connections. (Skipped on
// PGlite: the embedded database belongs to one process, so there is nobody else to tell.)
onPostgres('change feed across API processes (Postgres LISTEN/NOTIFY; skipped on PGlite, which one process owns)', () => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    a = await openTestDatabase();
    b = await openDatabase({ url: a.url!, poolSize: 2 });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('another process hears a commit within a second, and never a rollback', async () => {
    const heardByB = recorder(b);
    await expect(a.dataSource.transaction(async (m) => {
      touched(m, topics.team);
      throw new Error('rolled back');
    })).rejects.toThrow();
    await a.dataSource.transaction(async (m) => touched(m, topics.event('e1'), topics.events));
    const ms = await until(() => heardByB.length > 0, 1_000);
    expect(heardByB).toEqual([['event:e1', 'events']]);
    expect(ms).toBeLessThan(1_000);
    // The writer does not hear its own notification again (it applied the topics at commit).
    const heardByA = recorder(a);
    await b.dataSource.transaction(async (m) => touched(m, topics.team));
    await until(() => heardByA.length > 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(heardByA).toEqual([['team']]);
  });

  it('clears everything and listens again when its connection drops', async () => {
    const heard = recorder(b);
    const coherence: boolean[] = [];
    b.changes.onCoherenceChange((c) => coherence.push(c));
    const pid = b.changes.listenerPid;
    expect(pid).toBeGreaterThan(0);
    const killer = new Client({ connectionString: a.url });
    await killer.connect();
    await killer.query('SELECT pg_terminate_backend($1)', [pid]);
    await killer.end();
    await until(() => coherence.includes(false) && b.changes.coherent);
    expect(heard).toContain('all');
    expect(b.changes.listenerPid).not.toBe(pid);
    // Subscribed again: a commit elsewhere is heard.
    heard.length = 0;
    await a.dataSource.transaction(async (m) => touched(m, topics.events));
    await until(() => heard.some((h) => h !== 'all'), 1_000);
  });
});
