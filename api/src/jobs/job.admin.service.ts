import type { AuditService } from '../audit/audit.service';
import type { Viewer } from '../common/access';
import { notFound, validationError } from '../common/errors';
import { isUuid } from '../common/validate';
import type { JobQueue, JobSummary } from './job-queue';

const STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'];
export const JOB_NOT_FOUND = 'No failed job with that id';

/** What admins see of the background queue, and the one thing they do to it: run a failed job again. */
export class JobAdminService {
  constructor(
    private readonly jobs: JobQueue,
    private readonly audit: AuditService,
  ) {}

  async list(states: string[] | undefined, limit = 100): Promise<JobSummary[]> {
    const unknown = (states ?? []).filter((s) => !STATES.includes(s));
    if (unknown.length) throw validationError(`Unknown job state: ${unknown.join(', ')}`, { states: `One of ${STATES.join(', ')}` });
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw validationError('Limit must be 1-500', { limit: 'Limit must be 1-500' });
    return this.jobs.list({ states, limit });
  }

  async retry(actor: Viewer, name: string, id: string): Promise<string> {
    if (!isUuid(id)) throw notFound(JOB_NOT_FOUND);
    const [job] = (await this.jobs.list({ states: ['failed'], limit: 500 })).filter((j) => j.id === id && j.name === name);
    if (!job) throw notFound(JOB_NOT_FOUND);
    await this.jobs.retry(name, id);
    await this.audit.record(actor, { action: 'job.retry', entityType: 'job', entityId: id, before: { name, state: job.state, error: job.error }, after: null });
    return 'The job will run again';
  }
}
