import { route } from '../rest/route';

const num = (v: unknown, fallback: number) => (typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : fallback);

export const auditRoutes = [
  route('get', '/admin/audit', 'admin', async (ctx) => {
    const q = ctx.req.query as Record<string, unknown>;
    const page = await ctx.services.audit.list(num(q.offset, 0), num(q.limit, 50));
    return { success: true, data: page.items.map((e) => ({ _id: e.id, ...e })), total: page.total, offset: page.offset, limit: page.limit };
  }),
];
