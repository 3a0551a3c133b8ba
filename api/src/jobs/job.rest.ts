import { anyValue, arrayOf, dateTime, idParam, integer, MESSAGE_ONLY, nullable, okData, string, uuid, viewSchema } from '../openapi/schema';
import { route } from '../rest/route';
import type { AdminJob } from './job.admin.service';

export const jobSchema = viewSchema<AdminJob>('Job', {
  id: uuid(),
  name: string('The kind of work (its queue)'),
  state: string('created, retry, active, completed, cancelled or failed'),
  key: nullable(string('What the job is about, when it has a key (a keyed replacement removes the pending one)')),
  data: anyValue("The job's input"),
  eventId: nullable(uuid('The event the job is about')),
  eventTitle: nullable(string("That event's title")),
  recipient: nullable(string('Whom a mail (or a waiting-list offer) is for, masked: a•••@example.org')),
  mailKind: nullable(string("A mail job's kind: confirmation, reminder, certificate, ...")),
  error: nullable(string('Why the last try failed')),
  retryCount: integer(),
  retryLimit: integer(),
  createdOn: dateTime(),
  startAfter: dateTime(),
  startedOn: nullable(dateTime()),
  completedOn: nullable(dateTime()),
}, { description: 'A background job (mails, reminders, waiting-list offers)' });

const states = (v: unknown) => (typeof v === 'string' && v ? v.split(',') : undefined);
const limit = (v: unknown) => (typeof v === 'string' && /^\d{1,3}$/.test(v) ? Number(v) : 100);

export const jobRoutes = [
  route('get', '/admin/jobs', 'admin', {
    summary: 'Background jobs, newest first',
    tag: 'Admin: audit, exports, jobs',
    query: [
      { name: 'state', description: 'Comma-separated states: created, retry, active, completed, cancelled, failed (default: all)' },
      { name: 'limit', description: 'At most this many (default 100, at most 500)', schema: integer(undefined, { minimum: 1, maximum: 500 }) },
    ],
    response: { description: 'The jobs', schema: okData(arrayOf(jobSchema)) },
  }, async (ctx) => {
    const q = ctx.req.query as Record<string, unknown>;
    return { success: true, data: await ctx.services.jobAdmin.list(states(q.state), limit(q.limit)) };
  }),
  route('post', '/admin/jobs/:name/:id/retry', 'admin', {
    summary: 'Run a failed job again',
    tag: 'Admin: audit, exports, jobs',
    params: { name: 'The job\'s kind (its queue name)', id: idParam('The job') },
    response: { description: 'Queued again', schema: MESSAGE_ONLY },
  }, async (ctx) => ({
    success: true,
    message: await ctx.services.jobAdmin.retry(ctx.viewer!, ctx.params.name, ctx.params.id),
  })),
];
