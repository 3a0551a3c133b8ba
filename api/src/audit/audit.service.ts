import type { DataSource, EntityManager } from 'typeorm';
import type { Viewer } from '../common/access';
import { AuditEntryEntity } from './audit-entry.entity';

/** Never store secrets in the log. */
const REDACTED_KEYS = new Set(['passwordHash', 'password', 'password_hash', 'codeHash', 'tokenVersion', 'keyHash', 'key', 'secret']);

function redact(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k, v]) => !REDACTED_KEYS.has(k) && typeof v !== 'function')
        .map(([k, v]) => [k, redact(v)]),
    );
  }
  return value;
}

export interface AuditRecord {
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** The audit log of every admin and teacher write: who, what, when, before and after. */
export class AuditService {
  constructor(private readonly dataSource: DataSource) {}

  /** Pass the transaction's manager so the entry commits (or rolls back) with the change itself. */
  async record(actor: Viewer | null, entry: AuditRecord, manager?: EntityManager): Promise<void> {
    const repo = (manager ?? this.dataSource.manager).getRepository(AuditEntryEntity);
    await repo.insert({
      actorId: actor?.id ?? null,
      actorEmail: actor?.email ?? null,
      apiKeyId: actor?.apiKey?.id ?? null,
      apiKeyName: actor?.apiKey?.name ?? null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
       
      before: redact(entry.before) as any,
       
      after: redact(entry.after) as any,
    });
  }

  async list(rawOffset = 0, rawLimit = 50): Promise<{ items: AuditEntryEntity[]; total: number; offset: number; limit: number }> {
    const offset = Math.max(0, Math.floor(Number(rawOffset) || 0));
    const limit = Math.min(Math.max(1, Math.floor(Number(rawLimit) || 1)), 200);
    const [items, total] = await this.dataSource.getRepository(AuditEntryEntity).findAndCount({
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: offset,
      take: limit,
    });
    return { items, total, offset, limit };
  }
}
