import PgBoss from 'pg-boss';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '../common/logger';
import { queryRows } from '../common/sql';

/** A kind of background work: its queue settings and what runs it. */
export interface JobDefinition<T extends object = object> {
  name: string;
  /** Retries with exponential backoff from `retryDelaySeconds`; a job that fails them all stays 'failed' for admins to see. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * Jobs of this kind one process works at once (default 1): each is a pg-boss worker of its own. A worker
   * that finished a job fetches the next one at once; one that found none, or whose job failed, waits for
   * the polling interval, so a failing dependency (SMTP down) is not hammered.
   */
  concurrency?: number;
  /**
   * Jobs a worker fetches at once and runs side by side (default 1). For many quick, independent jobs
   * (webhook deliveries): a worker polls at most twice a second, so one job a fetch caps a queue at ~2/s.
   * A batch whose handler throws is retried whole, so such handlers must be safe to run twice.
   */
  batchSize?: number;
  handle(data: T): Promise<void>;
}

export interface JobSummary {
  id: string;
  name: string;
  state: string;
  key: string | null;
  data: unknown;
  error: string | null;
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startAfter: Date;
  startedOn: Date | null;
  completedOn: Date | null;
}

/** One queue's jobs by state, and the age of its oldest job waiting to run. */
export interface QueueGauges {
  queue: string;
  waiting: number;
  scheduled: number;
  active: number;
  failed: number;
  oldestWaitingSeconds: number;
}

const SCHEMA = 'pgboss';
/** States in which a job has not run yet: a keyed replacement removes these. */
const PENDING = ['created', 'retry'];

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
const executorFor = (db: DataSource | EntityManager): Executor => ({
  executeSql: async (text, values) => ({ rows: await queryRows(db, text, values ?? []) }),
});

/**
 * Background jobs in Postgres (pg-boss 10): on Postgres with its own small pool; on the embedded
 * database through the application's one connection, so a job never runs inside someone's transaction.
 * Jobs survive restarts; a job is fetched by one worker only (SKIP LOCKED), so several API processes
 * (or `npm run worker`) can work the same queues. Jobs are sent inside the caller's transaction, so they
 * exist exactly when the write that asked for them commits.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private started: Promise<void> | null = null;
  private working = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
  ) {
    const url = (dataSource.options as { url?: string }).url;
    this.boss = url
      ? new PgBoss({ connectionString: url, schema: SCHEMA, max: 4, application_name: 'gj-jobs' })
      : new PgBoss({ db: executorFor(dataSource), schema: SCHEMA });
    this.boss.on('error', (err) => this.logger.warn('job queue', { reason: err.message }));
  }

  /** Declares a kind of job; one declared after start() gets its queue (and a worker, when working) at once. */
  define<T extends object>(definition: JobDefinition<T>): void {
    this.definitions.set(definition.name, definition as JobDefinition);
    if (this.started) {
      this.started = this.started.then(async () => {
        await this.createQueue(definition as JobDefinition);
        if (this.working) await this.work(definition as JobDefinition);
      });
    }
  }

  private createQueue(def: JobDefinition): Promise<void> {
    return this.boss.createQueue(def.name, { name: def.name, retryLimit: def.retryLimit ?? 5, retryDelay: def.retryDelaySeconds ?? 30, retryBackoff: true });
  }

  private async work(def: JobDefinition): Promise<void> {
    for (let i = 0; i < Math.max(1, def.concurrency ?? 1); i++) {
      const id: string = await this.boss.work(def.name, { pollingIntervalSeconds: 0.5, batchSize: def.batchSize ?? 1 }, async (jobs) => {
        await Promise.all(jobs.map((job) => def.handle(job.data as object)));
        // Done: the next job now, not after the rest of the polling interval (pg-boss waits it out even
        // after a job, which held a worker to about two jobs a second).
        this.boss.notifyWorker(id);
      });
    }
  }

  /** Creates the queue tables (once per database) and, with `work`, starts working every defined queue. */
  async start(options: { work: boolean }): Promise<void> {
    await this.ready();
    if (!options.work || this.working) return;
    this.working = true;
    for (const def of this.definitions.values()) await this.work(def);
  }

  /** Waits for the jobs running now to finish, then stops. */
  async stop(): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => undefined);
    this.started = null;
    this.working = false;
  }

  private ready(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start();
      for (const def of this.definitions.values()) await this.createQueue(def);
    })();
    return this.started;
  }

  /** Queues a job; with a transaction's manager it commits (or vanishes) with that transaction. */
  async send(manager: EntityManager | null, name: string, data: object, options: { key?: string; startAfter?: Date } = {}): Promise<string | null> {
    this.assertDefined(name);
    await this.readyFor(manager);
    return this.boss.send(name, data, {
      singletonKey: options.key,
      startAfter: options.startAfter,
      ...(manager ? { db: executorFor(manager) } : {}),
    } as PgBoss.SendOptions);
  }

  /** Many jobs at once (one statement), e.g. a mail per recipient. */
  async sendMany(manager: EntityManager | null, name: string, items: { data: object; key?: string }[]): Promise<void> {
    this.assertDefined(name);
    if (!items.length) return;
    await this.readyFor(manager);
    const def = this.definitions.get(name)!;
    const jobs = items.map((item) => ({ name, data: item.data, singletonKey: item.key, retryLimit: def.retryLimit ?? 5, retryDelay: def.retryDelaySeconds ?? 30, retryBackoff: true }));
    if (manager) await this.boss.insert(jobs, { db: executorFor(manager) } as PgBoss.InsertOptions);
    else await this.boss.insert(jobs);
  }

  /**
   * The keyed job of `name` is this one: a pending job with the same key (not yet started) is removed
   * first, so moving an event moves its reminder instead of adding a second. Run it in the transaction
   * that made the change (which also serializes two changes of the same thing).
   */
  async replace(manager: EntityManager, name: string, key: string, data: object, startAfter: Date): Promise<void> {
    await this.cancelPending(manager, name, key);
    await this.send(manager, name, data, { key, startAfter });
  }

  /** Removes the pending keyed job, if any (e.g. the event was cancelled). */
  async cancelPending(manager: EntityManager, name: string, key: string): Promise<void> {
    await this.readyFor(manager);
    await manager.query(`DELETE FROM ${SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state = ANY($3::${SCHEMA}.job_state[])`, [name, key, PENDING]);
  }

  /**
   * Runs, in this process and now, every job that is due (all queues, or one): what the workers would do
   * next. Tests drive the queue with it instead of waiting for polling workers; a failure is recorded for
   * a retry as a worker's would be.
   */
  async runDue(name?: string): Promise<{ completed: number; failed: number }> {
    await this.ready();
    let completed = 0;
    let failed = 0;
    for (const def of this.definitions.values()) {
      if (name && def.name !== name) continue;
      for (;;) {
        const jobs = await this.boss.fetch(def.name, { batchSize: 50 });
        if (!jobs?.length) break;
        for (const job of jobs) {
          try {
            await def.handle(job.data as object);
            await this.boss.complete(def.name, job.id);
            completed++;
          } catch (err) {
            await this.boss.fail(def.name, job.id, { message: (err as Error).message });
            failed++;
          }
        }
      }
    }
    return { completed, failed };
  }

  /** Jobs for the admin page, newest first: waiting, failed, or recently finished. */
  async list(options: { states?: string[]; limit?: number } = {}): Promise<JobSummary[]> {
    await this.ready();
    const rows = await queryRows<Record<string, unknown>>(
      this.dataSource,
      `SELECT id, name, state, singleton_key, data, output, retry_count, retry_limit, created_on, start_after, started_on, completed_on
         FROM ${SCHEMA}.job
        WHERE ($1::text[] IS NULL OR state::text = ANY($1::text[]))
        ORDER BY created_on DESC, id
        LIMIT $2`,
      [options.states?.length ? options.states : null, Math.min(options.limit ?? 100, 500)],
    );
    return rows.map((r) => ({
      id: String(r.id),
      name: String(r.name),
      state: String(r.state),
      key: (r.singleton_key as string | null) ?? null,
      data: r.data,
      error: errorText(r.output),
      retryCount: Number(r.retry_count),
      retryLimit: Number(r.retry_limit),
      createdOn: new Date(r.created_on as string),
      startAfter: new Date(r.start_after as string),
      startedOn: r.started_on ? new Date(r.started_on as string) : null,
      completedOn: r.completed_on ? new Date(r.completed_on as string) : null,
    }));
  }

  /** How many jobs wait, run and failed, per queue (for the admin page and metrics). */
  async depth(): Promise<{ name: string; state: string; count: number }[]> {
    await this.ready();
    const rows = await queryRows<{ name: string; state: string; count: number }>(
      this.dataSource,
      `SELECT name, state::text AS state, count(*)::int AS count FROM ${SCHEMA}.job GROUP BY name, state ORDER BY name, state`,
    );
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  }

  /**
   * Per defined queue, for GET /metrics: jobs due and not yet started (waiting), not due yet (scheduled,
   * e.g. reminders days ahead), running (active) and failed, and how long the oldest waiting job has been
   * due. One grouped count; empty while the queue has not been started (a scrape never starts it).
   */
  async gauges(): Promise<QueueGauges[]> {
    if (!this.started) return [];
    await this.started;
    const rows = await queryRows<{ name: string; waiting: number; scheduled: number; active: number; failed: number; oldest: number }>(
      this.dataSource,
      `SELECT name,
              count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS waiting,
              count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after > now())::int AS scheduled,
              count(*) FILTER (WHERE state = 'active')::int AS active,
              count(*) FILTER (WHERE state = 'failed')::int AS failed,
              coalesce(extract(epoch FROM now() - min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())), 0)::float8 AS oldest
         FROM ${SCHEMA}.job
        WHERE state IN ('created', 'retry', 'active', 'failed')
        GROUP BY name`,
    );
    const byName = new Map(rows.map((r) => [r.name, r]));
    const names = new Set([...this.definitions.keys(), ...byName.keys()]);
    return [...names].sort().map((name) => {
      const r = byName.get(name);
      return { queue: name, waiting: Number(r?.waiting ?? 0), scheduled: Number(r?.scheduled ?? 0), active: Number(r?.active ?? 0), failed: Number(r?.failed ?? 0), oldestWaitingSeconds: Number(r?.oldest ?? 0) };
    });
  }

  /** Sends a failed job round again. */
  async retry(name: string, id: string): Promise<void> {
    this.assertDefined(name);
    await this.ready();
    await this.boss.retry(name, id);
  }

  /**
   * Inside a transaction the queue must already be started: starting it needs a connection, and on the
   * embedded database the transaction holds the only one (main.ts and the test harness start it first).
   */
  private async readyFor(manager: EntityManager | null): Promise<void> {
    if (manager && !this.started) throw new Error('The job queue is not started (call jobs.start() before sending jobs inside a transaction)');
    await this.ready();
  }

  private assertDefined(name: string): void {
    if (!this.definitions.has(name)) throw new Error(`No job named ${name} is defined`);
  }
}

/** The error text pg-boss stored for a failed job ({ message, stack } or a value). */
function errorText(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const message = (output as { message?: unknown }).message;
  return typeof message === 'string' ? message : JSON.stringify(output);
}
