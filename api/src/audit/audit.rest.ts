import { restOffsetLimit } from '../common/page';
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


export const auditRoutes = [
  route('get', '/admin/audit', 'admin', {
    summary: 'The audit log, newest first',
    tag: 'Admin: audit, exports, jobs',
    query: [
      { name: 'offset', description: 'Entries to skip (default 0)', schema: integer(undefined, { minimum: 0 }) },
      { name: 'limit', description: 'Page size (default 50, at most 200)', schema: integer(undefined, { minimum: 1, maximum: 200 }) },
    ],
    response: { description: 'A page of entries', schema: okPage(restAuditEntrySchema) },
  }, async (ctx) => {
    const { offset, limit } = restOffsetLimit(ctx.req.query as Record<string, unknown>, 50, 200);
    const page = await ctx.services.audit.list(offset, limit);
    return { success: true, data: page.items.map(restAuditEntry), total: page.total, offset: page.offset, limit: page.limit };
  }),
];
