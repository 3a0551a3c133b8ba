import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import type { Logger } from '../common/logger';

/**
 * What a write can change that the public reads show. Readers tag what they read with the same names;
 * a committed write that names a topic drops every answer tagged with it, in every API process.
 */
export type Topic = 'events' | 'team' | `event:${string}`;
export const topics = {
  /** Any event list, calendar count or GraphQL event read. */
  events: 'events' as const,
  /** The REST detail of one event. */
  event: (id: string): Topic => `event:${id.toLowerCase()}`,
  team: 'team' as const,
};

/** Called with the topics a committed write touched, or 'all' when what changed is unknown (a reconnect). */
export type ChangeListener = (changed: Topic[] | 'all') => void;

/** The Postgres channel every API process listens on; the payload is `<origin process> <topic> <topic>...`. */
export const CHANNEL = 'gj_public_changes';
/** NOTIFY payloads must stay under 8000 bytes; a write touching more than this says 'all' instead. */
const MAX_PAYLOAD = 7_000;
const PENDING = Symbol('pendingTopics');

type RunnerData = { [PENDING]?: Set<Topic> };

/**
 * Invalidation that follows committed writes, not memory. A service names what it changed with
 * `touched(manager, ...topics)` inside its transaction; when that transaction commits (never before,
 * never on rollback) the topics reach this process's listeners at once and, on Postgres, every other
 * API process through NOTIFY, which Postgres itself delivers only on commit. A write outside a
 * transaction (already committed when touched() is called) is published immediately.
 *
 * Each process keeps one LISTEN connection. When it drops, listeners are told 'all' (clear everything)
 * and `coherent` is false until it is subscribed again, so nothing is cached on a stale view meanwhile.
 */
export class ChangeFeed implements EntitySubscriberInterface {
  /** This process, so that it skips its own notifications (it has applied them already, at commit). */
  readonly origin = randomUUID().slice(0, 8);
  private readonly listeners = new Set<ChangeListener>();
  private readonly coherenceListeners = new Set<(coherent: boolean) => void>();
  private client: Client | null = null;
  private stopped = false;
  private retryMs = 100;
  private retryTimer: NodeJS.Timeout | undefined;
  private listening = false;

  constructor(
    private readonly dataSource: DataSource,
    /** Postgres URL for the LISTEN connection; absent for the embedded database (one process, nothing to hear). */
    private readonly listenUrl: string | undefined,
    private readonly logger?: Logger,
  ) {
    feeds.set(dataSource, this);
    (dataSource.subscribers as EntitySubscriberInterface[]).push(this);
  }

  /** Whether every write committed by any process is being heard (always true on the embedded database). */
  get coherent(): boolean {
    return !this.listenUrl || this.listening;
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onCoherenceChange(listener: (coherent: boolean) => void): () => void {
    this.coherenceListeners.add(listener);
    return () => this.coherenceListeners.delete(listener);
  }

  /** Records topics on the manager's transaction, or publishes them now when there is none. */
  note(manager: EntityManager, changed: Topic[]): void {
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) {
      const data = runner.data as RunnerData;
      const pending = (data[PENDING] ??= new Set());
      for (const t of changed) pending.add(t);
      return;
    }
    this.apply(changed);
    if (this.listenUrl) void this.dataSource.query('SELECT pg_notify($1, $2)', [CHANNEL, this.payload(changed)]).catch((err) => this.warn('could not publish a change', err));
  }

  // ---- TypeORM transaction events ----

  /** Inside the transaction, so Postgres sends the notification exactly when (and if) it commits. */
  async beforeTransactionCommit(event: { queryRunner: QueryRunner }): Promise<void> {
    const pending = this.pendingOf(event.queryRunner);
    if (!pending?.size || !this.listenUrl || !isOutermost(event.queryRunner)) return;
    await event.queryRunner.query('SELECT pg_notify($1, $2)', [CHANNEL, this.payload([...pending])]);
  }

  afterTransactionCommit(event: { queryRunner: QueryRunner }): void {
    if (event.queryRunner.isTransactionActive) return; // a savepoint was released; the transaction goes on
    const pending = this.take(event.queryRunner);
    if (pending?.size) this.apply([...pending]);
  }

  afterTransactionRollback(event: { queryRunner: QueryRunner }): void {
    // A rolled-back savepoint may have noted topics too: dropping them all is conservative only if the
    // outer transaction also rolls back, so keep them while it goes on (publishing extra is harmless).
    if (!event.queryRunner.isTransactionActive) this.take(event.queryRunner);
  }

  // ---- LISTEN ----

  /** Subscribes to the channel (Postgres); resolves once listening, or after the first failure (it retries). */
  async start(): Promise<void> {
    if (!this.listenUrl || this.stopped) return;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    this.setListening(false);
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.listenUrl, keepAlive: true, keepAliveInitialDelayMillis: 5_000, connectionTimeoutMillis: 3_000 });
    this.client = client;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      if (this.listening) this.warn('lost the change feed connection; clearing the public cache and subscribing again', err);
      this.setListening(false);
      this.apply('all');
      this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
      this.retryTimer.unref();
      this.retryMs = Math.min(this.retryMs * 2, 5_000);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      if (msg.channel === CHANNEL) this.receive(msg.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.stopped || lost) return;
      this.retryMs = 100;
      // Writes committed while nobody listened were not heard: start from nothing.
      this.apply('all');
      this.setListening(true);
    } catch (err) {
      onLost(err as Error);
    }
  }

  /** The backend pid of the LISTEN connection (tests cut it to check the reconnect). */
  get listenerPid(): number | undefined {
    return (this.client as unknown as { processID?: number } | null)?.processID;
  }

  private receive(payload: string): void {
    const [origin, ...rest] = payload.split(' ');
    if (origin === this.origin) return;
    this.apply(rest.includes('*') ? 'all' : (rest.filter(Boolean) as Topic[]));
  }

  private payload(changed: Topic[]): string {
    const text = `${this.origin} ${changed.join(' ')}`;
    return Buffer.byteLength(text) <= MAX_PAYLOAD ? text : `${this.origin} *`;
  }

  private apply(changed: Topic[] | 'all'): void {
    for (const listener of this.listeners) {
      try {
        listener(changed);
      } catch (err) {
        this.warn('a change listener failed', err);
      }
    }
  }

  private setListening(listening: boolean): void {
    if (this.listening === listening) return;
    this.listening = listening;
    for (const listener of this.coherenceListeners) listener(this.coherent);
  }

  private pendingOf(runner: QueryRunner): Set<Topic> | undefined {
    return (runner.data as RunnerData)[PENDING];
  }

  private take(runner: QueryRunner): Set<Topic> | undefined {
    const data = runner.data as RunnerData;
    const pending = data[PENDING];
    delete data[PENDING];
    return pending;
  }

  private warn(message: string, err?: unknown): void {
    this.logger?.warn(message, { reason: (err as Error | undefined)?.message });
  }
}

const isOutermost = (runner: QueryRunner) => (runner as unknown as { transactionDepth?: number }).transactionDepth === 1;

const feeds = new WeakMap<DataSource, ChangeFeed>();

/** The feed of a data source (opened by openDatabase). */
export function changeFeedOf(dataSource: DataSource): ChangeFeed {
  const feed = feeds.get(dataSource);
  if (!feed) throw new Error('No change feed is attached to this data source (open it with openDatabase)');
  return feed;
}

/**
 * Names what a write changed, for the public read cache. Call it with the transaction's manager inside
 * the transaction (applied when it commits), or after a write made outside one (applied at once).
 */
export function touched(manager: EntityManager, ...changed: Topic[]): void {
  changeFeedOf(manager.dataSource).note(manager, changed);
}
