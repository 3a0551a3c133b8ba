import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { DomainError } from '../common/errors';
import type { Logger } from '../common/logger';
import type { QueueGauges } from '../jobs/job-queue';

/** Where the numbers come from: counts the services keep anyway, read when Prometheus scrapes. */
export interface MetricsSources {
  dataSource: DataSource;
  publicCache: { counts: { hits: number; joined: number; misses: number; invalidations: number } };
  mail: { counts: { sent: number; failed: number }; usesOutbox: boolean };
  jobs: { gauges(): Promise<QueueGauges[]> };
  logger: Logger;
}

/** node-postgres's pool (TypeORM's postgres driver keeps it as `master`; on PGlite it is a pool of one). */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const JOB_STATES = ['waiting', 'scheduled', 'active', 'failed'] as const;
/** A scrape never waits longer than this for the job counts (a busy or absent database): they are left out. */
const JOB_QUERY_TIMEOUT_MS = 2_000;

/**
 * The Prometheus metrics of one app (a registry of its own, so several apps in one process, as in the
 * tests, do not collide). Request metrics are observed as requests finish; everything else is read at
 * scrape time. Built only when METRICS_TOKEN is set.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;
  private jobs: { at: number; rows: Promise<QueueGauges[] | null> } | null = null;

  constructor(private readonly sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    const labelNames = ['method', 'route', 'status'] as const;
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern ("unmatched" when no route matched) and status (499: the client left first); public-cache answers included',
      labelNames,
      registers,
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request reaching the server to its answer being sent, by method, route pattern and status',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });

    const pool = () => (sources.dataSource.driver as unknown as { master?: PgPool }).master;
    const poolGauge = (name: string, help: string, read: (p: PgPool) => number | undefined) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const p = pool();
          const value = p && read(p);
          if (typeof value === 'number') this.set(value);
        },
      });
    poolGauge('db_pool_open_connections', 'Database connections open in the pool (in use or idle)', (p) => p.totalCount);
    poolGauge('db_pool_idle_connections', 'Database connections open and idle in the pool', (p) => p.idleCount);
    poolGauge('db_pool_waiting_requests', 'Queries waiting for a database connection (the pool is exhausted)', (p) => p.waitingCount);
    poolGauge('db_pool_max_connections', 'The pool size limit (1 on the embedded database)', (p) => p.options?.max);

    const counted = (name: string, help: string, read: () => number, labels: Record<string, string> = {}) =>
      new Counter({
        name,
        help,
        labelNames: Object.keys(labels),
        registers,
        collect() {
          this.reset();
          this.inc(labels, read());
        },
      });
    const cache = sources.publicCache.counts;
    counted('public_cache_hits_total', 'Signed-out public reads answered from the public cache', () => cache.hits);
    counted('public_cache_joined_total', 'Signed-out public reads that waited for the same answer being built', () => cache.joined);
    counted('public_cache_misses_total', 'Signed-out public reads that had to be built', () => cache.misses);
    counted('public_cache_invalidations_total', 'Committed writes (or lost change feeds) that dropped cached answers', () => cache.invalidations);
    const transport = { transport: sources.mail.usesOutbox ? 'outbox' : 'smtp' };
    counted('mails_sent_total', 'Mails handed to the SMTP server (or written to the outbox) by this process', () => sources.mail.counts.sent, transport);
    counted('mails_failed_total', 'Mail sends that failed or timed out in this process (queued mails are retried)', () => sources.mail.counts.failed, transport);

    const queueRows = () => this.queueRows();
    new Gauge({
      name: 'job_queue_jobs',
      help: 'Background jobs per queue: waiting (due, not started), scheduled (not due yet), active, failed',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const row of (await queueRows()) ?? []) for (const state of JOB_STATES) this.set({ queue: row.queue, state }, row[state]);
      },
    });
    new Gauge({
      name: 'job_queue_oldest_waiting_seconds',
      help: 'How long the oldest job that is due has been waiting to run, per queue (0: none waiting)',
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        for (const row of (await queueRows()) ?? []) this.set({ queue: row.queue }, row.oldestWaitingSeconds);
      },
    });
  }

  /** A finished request (see http/observe.ts). */
  observe(method: string, route: string, status: number, seconds: number): void {
    const labels = { method: METHODS.has(method) ? method : 'OTHER', route, status: String(status) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }

  /** The job counts, read once per scrape (both job gauges share them); null when they could not be read in time. */
  private queueRows(): Promise<QueueGauges[] | null> {
    const now = Date.now();
    if (this.jobs && now - this.jobs.at < 1_000) return this.jobs.rows;
    let timer: NodeJS.Timeout | undefined;
    const rows = Promise.race([
      this.sources.jobs.gauges(),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${JOB_QUERY_TIMEOUT_MS} ms`)), JOB_QUERY_TIMEOUT_MS))),
    ])
      .catch((err) => {
        this.sources.logger.warn('metrics: could not read the job queues', { reason: (err as Error)?.message });
        return null;
      })
      .finally(() => clearTimeout(timer));
    this.jobs = { at: now, rows };
    return rows;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics: the Prometheus text exposition. Without METRICS_TOKEN it does not exist (404, as any
 * unknown path); with it, only for `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time).
 */
export function metricsEndpoint(metrics: Metrics | null, token: string | undefined): RequestHandler {
  const expected = token ? digest(token) : null;
  return async (req, res, next) => {
    if (!metrics || !expected) return next(new DomainError('NOT_FOUND', `No such route: ${req.method} ${req.path}`));
    const presented = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '')?.[1];
    // Both sides hashed: equal lengths for timingSafeEqual, and nothing learned from the token's length.
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return next(new DomainError('UNAUTHENTICATED', 'A valid metrics token is required'));
    }
    try {
      const body = await metrics.registry.metrics();
      res.setHeader('Content-Type', metrics.registry.contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.send(body);
    } catch (err) {
      next(err);
    }
  };
}
