import { anyValue, dateTime, integer, nullable, okPage, string, uuid, viewSchema } from '../openapi/schema';
import { route } from '../rest/route';
import type { AuditEntryEntity } from './audit-entry.entity';

/** An audit entry in the REST shape. */
const restAuditEntry = (e: AuditEntryEntity) => ({ _id: e.id, ...e });

export const restAuditEntrySchema = viewSchema<ReturnType<typeof restAuditEntry>>('AuditEntry', {
  _id: uuid('The id again (the legacy name)'),
  id: uuid(),
  actorId: nullable(uuid('Who did it (null for the system)')),
  actorEmail: nullable(string()),
  apiKeyId: nullable(uuid('The API key that acted for the actor, if one did')),
  apiKeyName: nullable(string('That key\'s name')),
  action: string('What was done, e.g. event.update'),
  entityType: string('What kind of record'),
  entityId: nullable(string()),
  before: anyValue('The record before (secrets redacted)'),
  after: anyValue('The record after (secrets redacted)'),
  createdAt: dateTime(),
}, { description: 'Who changed what, when' });

const num = (v: unknown, fallback: number) => (typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : fallback);

export const auditRoutes = [
  route('get', '/admin/audit', 'admin', {
    summary: 'The audit log, newest first',
    tag: 'Admin: audit, exports, jobs',
    query: [
      { name: 'offset', description: 'Entries to skip (default 0)', schema: integer(undefined, { minimum: 0 }) },
      { name: 'limit', description: 'Page size (default 50, at most 200)', schema: integer(undefined, { minimum: 1 }) },
    ],
    response: { description: 'A page of entries', schema: okPage(restAuditEntrySchema) },
  }, async (ctx) => {
    const q = ctx.req.query as Record<string, unknown>;
    const page = await ctx.services.audit.list(num(q.offset, 0), num(q.limit, 50));
    return { success: true, data: page.items.map(restAuditEntry), total: page.total, offset: page.offset, limit: page.limit };
  }),
];
