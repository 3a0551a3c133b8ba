import { restEvent } from '../events/event.rest';
import { route } from '../rest/route';

export const registrationRoutes = [
  route('post', '/events/:id/register', 'user', async (ctx) => {
    const r = await ctx.services.registrations.register(ctx.viewer!, ctx.params.id);
    return { success: true, message: r.message, data: await restEvent(ctx, r.event) };
  }),
  route('post', '/events/:id/unregister', 'user', async (ctx) => {
    const r = await ctx.services.registrations.unregister(ctx.viewer!, ctx.params.id);
    return { success: true, message: r.message, data: await restEvent(ctx, r.event) };
  }),
  route('get', '/events/:id/ics', 'public', async (ctx) => {
    const file = await ctx.services.registrations.calendarFile(ctx.params.id, ctx.lang);
    ctx.res
      .status(200)
      .type('text/calendar; charset=utf-8')
      .setHeader('Content-Disposition', `attachment; filename="${file.filename}"`)
      .send(file.content);
  }),
];
