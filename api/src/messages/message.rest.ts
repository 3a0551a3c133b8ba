import { PAGE_SIZE, restOffsetLimit } from '../common/page';
import { arrayOf, dateTime, idParam, integer, MESSAGE_ONLY, nullable, object, okData, okMessageData, okPage, oneOfValues, string, uuid, viewSchema } from '../openapi/schema';
import { created, route, type RestContext, type RouteDoc } from '../rest/route';
import { MESSAGE_DELIVERY_STATUSES, MESSAGE_SEGMENTS, type MessageDeliveryEntity } from './message.entity';
import type { MessagePreview, MessageRecord } from './message.service';
import { MessageInput, StopNewsInput } from './message.types';

const TAG = 'Admin: messages';

const restMessage = ({ message: m, totals, status }: MessageRecord) => ({
  _id: m.id, id: m.id, subject: m.subject, text: m.text, subjectHi: m.subjectHi, textHi: m.textHi, segment: m.segment, eventIds: m.eventIds, kind: m.kind,
  status, sendAt: m.sendAt, recipients: m.recipients, queued: totals.queued, sent: totals.sent, failed: totals.failed, skipped: totals.skipped,
  createdByEmail: m.createdByEmail, createdAt: m.createdAt,
});
const restDelivery = (d: MessageDeliveryEntity) => ({
  _id: d.id, id: d.id, userId: d.userId, recipient: d.recipient, name: d.name, language: d.language, status: d.status, attempts: d.attempts, error: d.error, sentAt: d.sentAt,
});

export const messageSchema = viewSchema<ReturnType<typeof restMessage>>('AdminMessage', {
  _id: uuid('The id again (the legacy name)'),
  id: uuid(),
  subject: string(),
  text: string(),
  subjectHi: nullable(string()),
  textHi: nullable(string()),
  segment: oneOfValues(MESSAGE_SEGMENTS),
  eventIds: arrayOf(uuid()),
  kind: oneOfValues(['service', 'news'], 'service: one event, to its own people; news: several events (people may turn news off)'),
  status: oneOfValues(['scheduled', 'sending', 'sent', 'cancelled']),
  sendAt: dateTime(),
  recipients: integer('People it goes to (counted when written; the deliveries made once sent)'),
  queued: integer('Deliveries not sent yet'),
  sent: integer(),
  failed: integer('Deliveries that failed every attempt'),
  skipped: integer('Not sent: news turned off meanwhile, or the account deleted'),
  createdByEmail: nullable(string('Who wrote it')),
  createdAt: dateTime(),
}, { description: 'A message from an admin to the people of some events, with its delivery totals' });

const deliverySchema = viewSchema<ReturnType<typeof restDelivery>>('AdminMessageDelivery', {
  _id: uuid('The id again (the legacy name)'),
  id: uuid(),
  userId: nullable(uuid()),
  recipient: string('The address it goes to'),
  name: nullable(string()),
  language: oneOfValues(['en', 'hi']),
  status: oneOfValues(MESSAGE_DELIVERY_STATUSES),
  attempts: integer(),
  error: nullable(string()),
  sentAt: nullable(dateTime()),
}, { description: "One person's copy of a message" });

const previewSchema = object({
  recipients: integer('Distinct people it goes to'),
  kind: oneOfValues(['service', 'news']),
  optedOut: integer('People left out because they turned news off (news only)'),
  remainingThisHour: integer('People this admin may still message this hour'),
  languages: arrayOf(object({ language: oneOfValues(['en', 'hi']), recipients: integer(), subject: string(), text: string('The plain-text part'), html: string('The HTML part') })),
}, { description: 'Who a message would reach and how it reads in each language' });

const restPreview = (p: MessagePreview) => p;

const INPUT_NOTE = `segment: ${MESSAGE_SEGMENTS.join(', ')} ("attended": checked in; "absent": registered, not checked in; "waiting": on the waiting list). One event: service mail, sent to everyone in the segment; several: news, not sent to people who turned news off. Hindi subject and text go together; people whose language is Hindi then get the Hindi text.`;

export const messageAdminRoutes = [
  route('post', '/admin/messages/preview', 'admin', {
    scope: 'messages:write',
    summary: 'Count the people a message would reach and show it in each language (nothing is sent)',
    description: INPUT_NOTE,
    tag: TAG,
    body: MessageInput,
    response: { description: 'The preview', schema: okData(previewSchema) },
  }, async (ctx) => ({ success: true, data: restPreview(await ctx.services.messages.preview(ctx.viewer!, ctx.body)) })),
  route('post', '/admin/messages', 'admin', {
    scope: 'messages:write',
    summary: 'Send a message to the people of some events, now or at sendAt',
    description: `${INPUT_NOTE} Each person gets it once, in their language, through the job queue. An admin may message MESSAGE_RECIPIENTS_PER_HOUR people an hour (default 2000): past it, 429 with Retry-After.`,
    tag: TAG,
    body: MessageInput,
    errors: ['RATE_LIMITED'],
    response: { status: 201, description: 'The message made', schema: okData(messageSchema, { id: uuid(), recipients: integer('People it goes to') }) },
  }, async (ctx) => {
    const made = await ctx.services.messages.create(ctx.viewer!, ctx.body);
    return created({ success: true, id: made.id, recipients: made.recipients, data: restMessage(await ctx.services.messages.get(made.id)) });
  }),
  route('get', '/admin/messages', 'admin', {
    summary: 'Messages, newest first, with their delivery totals',
    tag: TAG,
    query: [
      { name: 'offset', description: 'Messages to skip (default 0)', schema: integer(undefined, { minimum: 0 }) },
      { name: 'limit', description: `Page size (default ${PAGE_SIZE.restDefault}, at most ${PAGE_SIZE.max})`, schema: integer(undefined, { minimum: 1, maximum: PAGE_SIZE.max }) },
    ],
    response: { description: 'A page of messages', schema: okPage(messageSchema) },
  }, async (ctx) => {
    const { offset, limit } = restOffsetLimit(ctx.req.query as Record<string, unknown>, PAGE_SIZE.restDefault, PAGE_SIZE.max);
    const page = await ctx.services.messages.list(offset, limit);
    return { success: true, data: page.items.map(restMessage), total: page.total, offset: page.offset, limit: page.limit };
  }),
  route('get', '/admin/messages/:id', 'admin', {
    scope: 'messages:write',
    summary: 'A message and its totals: queued, sent, failed',
    tag: TAG,
    params: { id: idParam('The message') },
    response: { description: 'The message (its totals also at the top level)', schema: okData(messageSchema, { queued: integer(), sent: integer(), failed: integer() }) },
  }, async (ctx) => {
    const found = await ctx.services.messages.get(ctx.params.id);
    return { success: true, ...found.totals, data: restMessage(found) };
  }),
  route('get', '/admin/messages/:id/deliveries', 'admin', {
    summary: "A message's deliveries, by address",
    tag: TAG,
    params: { id: idParam('The message') },
    query: [
      { name: 'status', description: `Only these: ${MESSAGE_DELIVERY_STATUSES.join(', ')}`, schema: oneOfValues(MESSAGE_DELIVERY_STATUSES) },
      { name: 'offset', description: 'Deliveries to skip (default 0)', schema: integer(undefined, { minimum: 0 }) },
      { name: 'limit', description: `Page size (default ${PAGE_SIZE.restDefault}, at most ${PAGE_SIZE.max})`, schema: integer(undefined, { minimum: 1, maximum: PAGE_SIZE.max }) },
    ],
    response: { description: 'A page of deliveries', schema: okPage(deliverySchema) },
  }, async (ctx) => {
    const { offset, limit } = restOffsetLimit(ctx.req.query as Record<string, unknown>, PAGE_SIZE.restDefault, PAGE_SIZE.max);
    const status = typeof ctx.req.query.status === 'string' && (MESSAGE_DELIVERY_STATUSES as readonly string[]).includes(ctx.req.query.status) ? ctx.req.query.status : undefined;
    const page = await ctx.services.messages.deliveries(ctx.params.id, { offset, limit, status });
    return { success: true, data: page.items.map(restDelivery), total: page.total, offset: page.offset, limit: page.limit };
  }),
  route('post', '/admin/messages/:id/cancel', 'admin', {
    scope: 'messages:write',
    summary: 'Cancel a scheduled message before it goes out',
    tag: TAG,
    params: { id: idParam('The message') },
    errors: ['CONFLICT'],
    response: { description: 'The message, cancelled', schema: okMessageData(messageSchema) },
  }, async (ctx) => ({ success: true, message: 'Message cancelled', data: restMessage(await ctx.services.messages.cancel(ctx.viewer!, ctx.params.id)) })),
];

/** The token from the query string (the mail's links and List-Unsubscribe) or a JSON body. */
const stopToken = (ctx: RestContext) => (typeof ctx.req.query.token === 'string' ? ctx.req.query.token : ctx.body.token);
async function stop(ctx: RestContext) {
  const { message } = await ctx.services.messages.stopNews(stopToken(ctx));
  return { success: true, message };
}
const stopDoc = (method: 'get' | 'post'): RouteDoc => ({
  summary: method === 'get' ? "Stop news mails (a news mail's stop link)" : 'Stop news mails (one-click, RFC 8058)',
  description: method === 'get'
    ? 'The token comes from the link in a news mail (the site\'s page asks first). Turns news off for the person; doing it again changes nothing. Messages about their own events still come.'
    : 'What a mail program sends for List-Unsubscribe-Post (`List-Unsubscribe=One-Click`): the token in the query string, or `{ "token" }` as JSON.',
  tag: 'News',
  query: [{ name: 'token', description: 'The token of the stop link' }],
  ...(method === 'post' ? { body: StopNewsInput } : {}),
  response: { description: 'News is off', schema: MESSAGE_ONLY },
});

export const messageRoutes = [
  route('get', '/news/stop', 'public', stopDoc('get'), stop),
  route('post', '/news/stop', 'public', stopDoc('post'), stop),
];

export const messageTags = {
  [TAG]: 'Messages from admins to the people of events: registered, waiting, attended or absent, of one event (service mail) or several (news). Sent by the job queue, once per person, in their language.',
  News: "A person's choice to receive news (messages across events): the one-click stop link of a news mail.",
};

