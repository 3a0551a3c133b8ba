import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { Clock } from '../common/clock';
import type { ApiScope, Viewer } from '../common/access';
import { notFound, validationError } from '../common/errors';
import { isUuid, validateInput } from '../common/validate';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import { ADMIN_CATEGORIES, type UserCategory, type UserStatus } from '../users/user.entity';
import { ApiKeyEntity } from './api-key.entity';
import { ApiKeyInput } from './api-key.types';

/** Every key starts with this, so leak scanners (and people) recognise one. */
export const API_KEY_PREFIX = 'gjk_';
/** 32 random bytes, base64url: 43 characters after the prefix. */
const KEY_PATTERN = /^gjk_[A-Za-z0-9_-]{43}$/;
/** last_used_at is written at most this often per key and process (it is a hint, not a log). */
const LAST_USED_EVERY_MS = 60_000;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

interface KeyRow {
  id: string;
  name: string;
  scopes: ApiScope[];
  expires_at: Date | null;
  revoked_at: Date | null;
  user_id: string;
  email: string;
  user_name: string;
  category: UserCategory;
  status: UserStatus;
}

export type ApiKeyCheck = { viewer: Viewer } | { problem: string };

/**
 * Integrators' keys: made and revoked by admins, checked on every request that presents one. The check
 * reads the key's row each time (one indexed statement joined to its creator), so a revocation holds on
 * every replica at once; the creator must still be an admin. A key acts as an API-key viewer limited to
 * its scopes (common/access.ts).
 */
export class ApiKeyService {
  /** When this process last wrote last_used_at, per key. */
  private readonly lastWritten = new Map<string, number>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly rateLimits: RateLimitService,
    /** Requests per key per minute, across every replica (database counters): API_KEY_RATE_LIMIT. */
    private readonly perMinute: number,
  ) {}

  async create(actor: Viewer, raw: unknown): Promise<{ id: string; key: string; apiKey: ApiKeyEntity }> {
    const input = await validateInput(ApiKeyInput, raw);
    if (input.expiresAt && input.expiresAt.getTime() <= this.clock.now().getTime()) throw validationError('expiresAt must be in the future', { expiresAt: 'expiresAt must be in the future' });
    const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
    return this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(ApiKeyEntity);
      const saved = await repo.save(repo.create({
        name: input.name, keyPrefix: key.slice(0, 12), keyHash: hashApiKey(key), scopes: [...new Set(input.scopes)].sort(), expiresAt: input.expiresAt ?? null, createdBy: actor.id,
      }));
      const { keyHash: _hash, ...shown } = saved;
      await this.audit.record(actor, { action: 'api_key.create', entityType: 'api_key', entityId: saved.id, after: shown }, m);
      return { id: saved.id, key, apiKey: (await repo.findOneByOrFail({ id: saved.id })) };
    });
  }

  /** Every key, newest first, revoked ones too (never the key or its hash). */
  list(): Promise<ApiKeyEntity[]> {
    return this.dataSource.getRepository(ApiKeyEntity).find({ order: { createdAt: 'DESC', id: 'ASC' } });
  }

  /** Revokes a key: it answers 401 from the next request on, on every replica. Revoking twice is fine. */
  async revoke(actor: Viewer, id: string): Promise<ApiKeyEntity> {
    if (!isUuid(id)) throw notFound('API key not found');
    return this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(ApiKeyEntity);
      const found = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!found) throw notFound('API key not found');
      if (found.revokedAt) return found;
      found.revokedAt = this.clock.now();
      found.revokedBy = actor.id;
      const after = await repo.save(found);
      await this.audit.record(actor, { action: 'api_key.revoke', entityType: 'api_key', entityId: id, before: { revokedAt: null }, after: { name: after.name, revokedAt: after.revokedAt } }, m);
      return after;
    });
  }

  /** The viewer a presented key stands for, or why it is refused. Counts the request against the key's rate limit. */
  async authenticate(key: string): Promise<ApiKeyCheck> {
    const refused = { problem: 'Unknown, revoked or expired API key' };
    if (!KEY_PATTERN.test(key)) return refused;
    const rows: KeyRow[] = await this.dataSource.query(
      `SELECT k.id, k.name, k.scopes, k.expires_at, k.revoked_at, u.id AS user_id, u.email, u.name AS user_name, u.category, u.status
         FROM api_keys k JOIN users u ON u.id = k.created_by
        WHERE k.key_hash = $1`,
      [hashApiKey(key)],
    );
    const row = rows[0];
    const now = this.clock.now();
    if (!row || row.revoked_at || (row.expires_at && new Date(row.expires_at).getTime() <= now.getTime()) || !ADMIN_CATEGORIES.includes(row.category)) return refused;
    await this.rateLimits.hit({ key: `apikey:${row.id}`, limit: this.perMinute, windowSeconds: 60, message: 'Too many requests with this API key; try again shortly' });
    this.touch(row.id, now);
    return {
      viewer: {
        id: row.user_id, email: row.email, name: row.user_name, category: row.category, status: row.status, tokenKind: 'apiKey',
        apiKey: { id: row.id, name: row.name, scopes: row.scopes },
      },
    };
  }

  /** Writes last_used_at in the background, at most once a minute per key and process. */
  private touch(id: string, now: Date): void {
    const last = this.lastWritten.get(id) ?? 0;
    if (now.getTime() - last < LAST_USED_EVERY_MS) return;
    this.lastWritten.set(id, now.getTime());
    if (this.lastWritten.size > 10_000) this.lastWritten.clear();
    void this.dataSource
      .query('UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2)', [id, now])
      .catch(() => this.lastWritten.delete(id));
  }
}
