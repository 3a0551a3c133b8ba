import { PAGE_SIZE } from '../common/page';
import { route } from '../rest/route';
import type { ContactSubmissionEntity } from './contact.entity';

const rest = (c: ContactSubmissionEntity) => ({
  _id: c.id, id: c.id, name: c.name, email: c.email, phone: c.phone, subject: c.subject, message: c.message, status: c.status, createdAt: c.createdAt, updatedAt: c.updatedAt,
});

const num = (v: unknown, fallback: number) => (typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : fallback);

export const contactAdminRoutes = [
  route('get', '/contact', 'admin', async (ctx) => {
    const q = ctx.req.query as Record<string, unknown>;
    const page = await ctx.services.contacts.list(num(q.offset, 0), num(q.limit, PAGE_SIZE.restDefault));
    return { success: true, data: page.items.map(rest), total: page.total, offset: page.offset, limit: page.limit };
  }),
  route('get', '/contact/:id', 'admin', async (ctx) => ({ success: true, data: rest(await ctx.services.contacts.get(ctx.params.id)) })),
  route('put', '/contact/:id', 'admin', async (ctx) => {
    const { after } = await ctx.services.contacts.setStatus(ctx.viewer, ctx.params.id, ctx.body);
    return { success: true, message: 'Status updated successfully', data: rest(after) };
  }),
];
