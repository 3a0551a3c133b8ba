import { defineModule } from '../common/module';
import { AuditEntryEntity } from './audit-entry.entity';
import { AuditResolver } from './audit.resolver';
import { auditRoutes } from './audit.rest';

export const auditModule = defineModule({
  name: 'audit',
  entities: [AuditEntryEntity],
  resolvers: [AuditResolver],
  adminRoutes: auditRoutes,
  // The exports' and the jobs' routes are in this section too.
  tags: { 'Admin: audit, exports, jobs': 'The audit log, CSV exports and the background jobs.' },
});
