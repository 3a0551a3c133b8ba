import { idParam, integer, MESSAGE, ok } from '../openapi/schema';
import { route } from '../rest/route';

export const reminderRoutes = [
  route('post', '/events/:id/remind', 'admin', {
    scope: 'messages:write',
    summary: 'Send reminder mails now',
    description: "To every registrant who keeps reminders on (a second click within the same minute queues none).",
    tag: 'Reminders',
    params: { id: idParam('The event') },
    response: { description: 'Queued', schema: ok({ queued: integer('How many reminder mails were queued'), message: MESSAGE }) },
    errors: ['EVENT_CANCELLED', 'EVENT_PAST'],
  }, async (ctx) => {
    const { queued, message } = await ctx.services.reminders.remindNow(ctx.viewer!, ctx.params.id);
    return { success: true, queued, message };
  }),
];
