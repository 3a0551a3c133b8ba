import { restEvent } from '../events/event.rest';
import { route, type RestContext } from '../rest/route';

/** The token from the query string (the mail's links) or a JSON body. */
const stopToken = (ctx: RestContext) => (typeof ctx.req.query.token === 'string' ? ctx.req.query.token : ctx.body.token);

/** The stop link's API: GET answers JSON (the site's page asks first); POST is RFC 8058's one-click (body `List-Unsubscribe=One-Click`). */
async function stop(ctx: RestContext) {
  const { message } = await ctx.services.reminders.stopReminders(stopToken(ctx));
  return { success: true, message };
}

export const reminderRoutes = [
  route('get', '/reminders/stop', 'public', stop),
  route('post', '/reminders/stop', 'public', stop),
  route('post', '/events/:id/cancel', 'admin', async (ctx) => {
    const r = await ctx.services.reminders.cancelEvent(ctx.viewer, ctx.params.id);
    return { success: true, message: r.message, changed: r.changed, mailed: r.mailed, data: await restEvent(ctx, r.event) };
  }),
  route('post', '/events/:id/remind', 'admin', async (ctx) => {
    const { queued, message } = await ctx.services.reminders.remindNow(ctx.viewer!, ctx.params.id);
    return { success: true, queued, message };
  }),
];
