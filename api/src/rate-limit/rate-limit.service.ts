import type { DataSource, EntityManager } from 'typeorm';
import type { Clock } from '../common/clock';
import { rateLimited } from '../common/errors';

export interface LimitRule {
  /** Counter name, e.g. `otp:ip:1.2.3.4`. */
  key: string;
  limit: number;
  windowSeconds: number;
  message: string;
}

/**
 * Fixed-window counters kept in the database, so limits hold across API replicas and restarts.
 * One atomic upsert per hit: no read-then-write race.
 */
export class RateLimitService {
  constructor(private readonly dataSource: DataSource, private readonly clock: Clock) {}

  /** Counts a hit; throws RATE_LIMITED (with seconds to wait) once the window's limit is passed. */
  async hit(rule: LimitRule, manager?: EntityManager): Promise<void> {
    const now = this.clock.now();
    const rows: { count: number; window_start: Date }[] = await (manager ?? this.dataSource.manager).query(
      `INSERT INTO rate_limit_counters (key, window_start, count) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limit_counters.window_start <= $2::timestamptz - make_interval(secs => $3) THEN 1 ELSE rate_limit_counters.count + 1 END,
         window_start = CASE WHEN rate_limit_counters.window_start <= $2::timestamptz - make_interval(secs => $3) THEN $2 ELSE rate_limit_counters.window_start END
       RETURNING count, window_start`,
      [rule.key.slice(0, 200), now, rule.windowSeconds],
    );
    const { count, window_start } = rows[0];
    if (Number(count) > rule.limit) {
      const retryAfter = Math.max(1, Math.ceil((new Date(window_start).getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000));
      throw rateLimited(rule.message, retryAfter);
    }
  }

  /** Forgets a counter (e.g. after a successful sign-in). */
  async reset(key: string): Promise<void> {
    await this.dataSource.query('DELETE FROM rate_limit_counters WHERE key = $1', [key.slice(0, 200)]);
  }
}
