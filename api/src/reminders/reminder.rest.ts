import { restEvent, restEventSchema } from '../events/event.rest';
import { boolean, idParam, integer, MESSAGE, MESSAGE_ONLY, ok } from '../openapi/schema';
import { route, type RestContext, type RouteDoc } from '../rest/route';
import { StopRemindersInput } from './reminder.types';

/** The token from the query string (the mail's links) or a JSON body. */
const stopToken = (ctx: RestContext) => (typeof ctx.req.query.token === 'string' ? ctx.req.query.token : ctx.body.token);

/** The stop link's API: GET answers JSON (the site's page asks first); POST is RFC 8058's one-click (body `List-Unsubscribe=One-Click`). */
async function stop(ctx: RestContext) {
  const { message } = await ctx.services.reminders.stopReminders(stopToken(ctx));
  return { success: true, message };
}

const stopDoc = (method: 'get' | 'post'): RouteDoc => ({
  summary: method === 'get' ? "Stop reminder mails (the mails' stop link)" : 'Stop reminder mails (one-click, RFC 8058)',
  description:
    method === 'get'
      ? 'The token comes from the link in a reminder mail. Turns reminders off for the person; doing it again changes nothing.'
      : 'What a mail program sends for List-Unsubscribe-Post (`List-Unsubscribe=One-Click`): the token in the query string, or `{ "token" }` as JSON.',
  tag: 'Reminders',
  query: [{ name: 'token', description: 'The token of the stop link' }],
  ...(method === 'post' ? { body: StopRemindersInput } : {}),
  response: { description: 'Reminders are off', schema: MESSAGE_ONLY },
});

export const reminderRoutes = [
  route('get', '/reminders/stop', 'public', stopDoc('get'), stop),
  route('post', '/reminders/stop', 'public', stopDoc('post'), stop),
  route('post', '/events/:id/cancel', 'admin', {
    summary: 'Cancel an event',
    description: 'Registration closes; before the start, the registrants are mailed. Cancelling again changes nothing (`changed: false`).',
    tag: 'Reminders',
    params: { id: idParam('The event') },
    localized: true,
    response: {
      description: 'Cancelled; the event after it',
      schema: ok({ message: MESSAGE, changed: boolean('Whether this call cancelled it'), mailed: integer('How many cancellation mails were queued'), data: restEventSchema }),
    },
  }, async (ctx) => {
    const r = await ctx.services.reminders.cancelEvent(ctx.viewer, ctx.params.id);
    return { success: true, message: r.message, changed: r.changed, mailed: r.mailed, data: await restEvent(ctx, r.event) };
  }),
  route('post', '/events/:id/remind', 'admin', {
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
