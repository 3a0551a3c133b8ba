import { restEvent } from '../events/event.rest';
import { route } from '../rest/route';

/** The waiting list over REST: join, leave (a held place is declined), accept a held place. */
export const waitlistRoutes = [
  route('post', '/events/:id/waitlist', 'user', async (ctx) => {
    const r = await ctx.services.waitlist.join(ctx.viewer!, ctx.params.id);
    return { success: true, message: r.message, position: r.position, data: await restEvent(ctx, r.event) };
  }),
  route('delete', '/events/:id/waitlist', 'user', async (ctx) => {
    const r = await ctx.services.waitlist.leave(ctx.viewer!, ctx.params.id);
    return { success: true, message: r.message, position: r.position, data: await restEvent(ctx, r.event) };
  }),
  route('post', '/events/:id/waitlist/accept', 'user', async (ctx) => {
    const r = await ctx.services.waitlist.accept(ctx.viewer!, ctx.params.id);
    return { success: true, message: r.message, data: await restEvent(ctx, r.event) };
  }),
];
