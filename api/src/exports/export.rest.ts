import type { Response } from 'express';
import { route } from '../rest/route';

const pick = (q: Record<string, unknown>, k: string) => (typeof q[k] === 'string' && q[k] !== '' ? (q[k] as string) : undefined);

function sendCsv(res: Response, filename: string, csv: string): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.send(csv);
}

export const exportRoutes = [
  route('get', '/admin/export/users.csv', 'admin', async (ctx) => {
    const q = ctx.req.query as Record<string, unknown>;
    sendCsv(ctx.res, 'users.csv', await ctx.services.exports.usersCsv({ category: pick(q, 'category'), status: pick(q, 'status'), search: pick(q, 'search') }));
  }),
  route('get', '/admin/export/students.csv', 'admin', async (ctx) => {
    sendCsv(ctx.res, 'students.csv', await ctx.services.exports.studentsCsv(pick(ctx.req.query as Record<string, unknown>, 'search')));
  }),
  route('get', '/admin/export/events/:id/registrations.csv', 'admin', async (ctx) => {
    const { csv } = await ctx.services.exports.registrationsCsv(ctx.params.id);
    sendCsv(ctx.res, `event-${ctx.params.id}-registrations.csv`, csv);
  }),
  route('get', '/admin/export/events/:id/attendance.csv', 'admin', async (ctx) => {
    const { csv } = await ctx.services.exports.attendanceCsv(ctx.params.id);
    sendCsv(ctx.res, `event-${ctx.params.id}-attendance.csv`, csv);
  }),
];
