import type { Response } from 'express';
import { idParam } from '../openapi/schema';
import { route, type RouteDoc } from '../rest/route';
import { UserFilter } from '../users/user.admin.types';

const csv = (summary: string, description: string, extra: Partial<RouteDoc> = {}): RouteDoc => ({
  summary,
  description: `${description} Cells starting with = + - @ are neutralised against spreadsheet formulas.`,
  tag: 'Admin: audit, exports, jobs',
  response: { description: 'The CSV file (an attachment, UTF-8)', contentType: 'text/csv' },
  ...extra,
});

const pick = (q: Record<string, unknown>, k: string) => (typeof q[k] === 'string' && q[k] !== '' ? (q[k] as string) : undefined);

function sendCsv(res: Response, filename: string, csv: string): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.send(csv);
}

export const exportRoutes = [
  route('get', '/admin/export/users.csv', 'admin', csv('Every account as CSV', 'Filtered like GET /api/users. Columns: id, name, email, phone, category, status, fatherName, schoolName, district, area, primaryEmail, createdAt.', { query: [UserFilter] }), async (ctx) => {
    const q = ctx.req.query as Record<string, unknown>;
    sendCsv(ctx.res, 'users.csv', await ctx.services.exports.usersCsv({ category: pick(q, 'category'), status: pick(q, 'status'), search: pick(q, 'search') }));
  }),
  route('get', '/admin/export/students.csv', 'admin', csv('Every student as CSV', 'The same columns as users.csv.', { query: [{ name: 'search', description: 'Matches name and email, case-insensitively' }] }), async (ctx) => {
    sendCsv(ctx.res, 'students.csv', await ctx.services.exports.studentsCsv(pick(ctx.req.query as Record<string, unknown>, 'search')));
  }),
  route('get', '/admin/export/events/:id/registrations.csv', 'admin', csv("An event's registrations as CSV", 'The same columns as users.csv, then one column per registration question (headed by its English label; the answer in words, several choices joined by "; "), one row per registered person.', { params: { id: idParam('The event') }, scope: 'registrations:read' }), async (ctx) => {
    const { csv } = await ctx.services.exports.registrationsCsv(ctx.params.id);
    sendCsv(ctx.res, `event-${ctx.params.id}-registrations.csv`, csv);
  }),
  route('get', '/admin/export/events/:id/attendance.csv', 'admin', csv("An event's attendance as CSV", 'Everyone registered: name, email, phone, category, registered at, checked in at (blank: did not come).', { params: { id: idParam('The event') }, scope: 'registrations:read' }), async (ctx) => {
    const { csv } = await ctx.services.exports.attendanceCsv(ctx.params.id);
    sendCsv(ctx.res, `event-${ctx.params.id}-attendance.csv`, csv);
  }),
];
