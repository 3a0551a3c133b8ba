import { route } from '../rest/route';

const states = (v: unknown) => (typeof v === 'string' && v ? v.split(',') : undefined);
const limit = (v: unknown) => (typeof v === 'string' && /^\d{1,3}$/.test(v) ? Number(v) : 100);

export const jobRoutes = [
  route('get', '/admin/jobs', 'admin', async (ctx) => {
    const q = ctx.req.query as Record<string, unknown>;
    return { success: true, data: await ctx.services.jobAdmin.list(states(q.state), limit(q.limit)) };
  }),
  route('post', '/admin/jobs/:name/:id/retry', 'admin', async (ctx) => ({
    success: true,
    message: await ctx.services.jobAdmin.retry(ctx.viewer!, ctx.params.name, ctx.params.id),
  })),
];
