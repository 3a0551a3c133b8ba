import { route } from '../rest/route';

/** Certificates: issue and list (admin), the person's own PDF, revoke (admin) and the public check of a code. */
export const certificateRoutes = [
  route('post', '/events/:id/certificates', 'admin', async (ctx) => {
    const r = await ctx.services.certificates.issue(ctx.viewer!, ctx.params.id, { userId: ctx.body.userId });
    return { success: true, issued: r.issued, message: r.message };
  }),
  route('get', '/events/:id/certificates', 'admin', async (ctx) => ({ success: true, data: await ctx.services.certificates.list(ctx.params.id) })),
  route('get', '/events/:id/certificate', 'user', async (ctx) => {
    const file = await ctx.services.certificates.download(ctx.viewer!, ctx.params.id);
    ctx.res
      .status(200)
      .type('application/pdf')
      .setHeader('Content-Disposition', `attachment; filename="${file.filename}"`)
      .setHeader('Cache-Control', 'private, no-store')
      .send(file.content);
  }),
  route('post', '/certificates/:code/revoke', 'admin', async (ctx) => {
    const r = await ctx.services.certificates.revoke(ctx.viewer!, { code: ctx.params.code, reason: ctx.body.reason });
    return { success: true, message: r.message };
  }),
  route('get', '/certificates/:code', 'public', async (ctx) => ({ success: true, data: await ctx.services.certificates.verify(ctx.params.code, ctx.ip) })),
];
