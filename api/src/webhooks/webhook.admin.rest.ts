import { PAGE_SIZE, restOffsetLimit } from '../common/page';
import { anyValue, arrayOf, boolean, dateTime, idParam, integer, nullable, object, okData, okMessageData, okPage, oneOfValues, string, uuid, viewSchema } from '../openapi/schema';
import { created, route } from '../rest/route';
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, type WebhookDeliveryEntity, type WebhookEndpointEntity } from './webhook.entity';
import { WebhookEnabledInput, WebhookEndpointInput } from './webhook.types';

const TAG = 'Admin: API keys and webhooks';

const restEndpoint = (e: WebhookEndpointEntity) => ({
  _id: e.id, id: e.id, url: e.url, events: e.eventTypes, enabled: e.enabled, disabledReason: e.disabledReason, disabledAt: e.disabledAt, failingSince: e.failingSince, createdAt: e.createdAt,
});
const restDelivery = (d: WebhookDeliveryEntity) => ({
  _id: d.id, id: d.id, messageId: d.messageId, eventType: d.eventType, status: d.status, attempts: d.attempts, payload: d.payload, requestHeaders: d.requestHeaders,
  responseStatus: d.responseStatus, responseBody: d.responseBody, durationMs: d.durationMs, error: d.error, attemptLog: d.attemptLog,
  nextAttemptAt: d.nextAttemptAt, lastAttemptAt: d.lastAttemptAt, deliveredAt: d.deliveredAt, createdAt: d.createdAt,
});

export const webhookEndpointSchema = viewSchema<ReturnType<typeof restEndpoint>>('WebhookEndpoint', {
  _id: uuid('The id again (the legacy name)'),
  id: uuid(),
  url: string(),
  events: arrayOf(oneOfValues(WEBHOOK_EVENT_TYPES)),
  enabled: boolean(),
  disabledReason: nullable(string('Why it was disabled: 410 Gone, three days of failures, or an admin')),
  disabledAt: nullable(dateTime()),
  failingSince: nullable(dateTime('Since when every delivery has failed')),
  createdAt: dateTime(),
}, { description: 'Where signed webhooks go (without its secret)' });

const attemptSchema = object({ at: dateTime(), status: nullable(integer('HTTP status; null: no answer')), durationMs: integer(), error: nullable(string()) });

export const webhookDeliverySchema = viewSchema<ReturnType<typeof restDelivery>>('WebhookDelivery', {
  _id: uuid('The id again (the legacy name)'),
  id: uuid(),
  messageId: string('The webhook-id header: the same on every retry and redelivery'),
  eventType: oneOfValues(WEBHOOK_EVENT_TYPES),
  status: oneOfValues(DELIVERY_STATUSES),
  attempts: integer(),
  payload: anyValue('The JSON body sent (see x-webhooks)'),
  requestHeaders: anyValue('The last request\'s headers'),
  responseStatus: nullable(integer()),
  responseBody: nullable(string('The first 4 KB of the last answer')),
  durationMs: nullable(integer()),
  error: nullable(string()),
  attemptLog: arrayOf(attemptSchema),
  nextAttemptAt: nullable(dateTime()),
  lastAttemptAt: nullable(dateTime()),
  deliveredAt: nullable(dateTime()),
  createdAt: dateTime(),
}, { description: 'One change sent (or to be sent) to one endpoint; kept 30 days' });


export const webhookAdminRoutes = [
  route('post', '/admin/webhooks', 'admin', {
    summary: 'Register a webhook endpoint (its secret is in this answer only)',
    description: `Event types: ${WEBHOOK_EVENT_TYPES.join(', ')}. The URL must be https and resolve to a public address. Deliveries are signed to the Standard Webhooks scheme with the secret (whsec_…): see docs/integrators.md.`,
    tag: TAG,
    body: WebhookEndpointInput,
    response: { status: 201, description: 'The new endpoint', schema: okData(webhookEndpointSchema, { id: uuid(), secret: string('The signing secret (whsec_…), shown this once') }) },
  }, async (ctx) => {
    const made = await ctx.services.webhooks.create(ctx.viewer!, ctx.body);
    return created({ success: true, id: made.id, secret: made.secret, data: restEndpoint(made.endpoint) });
  }),
  route('get', '/admin/webhooks', 'admin', {
    summary: 'Every webhook endpoint, newest first (never the secrets)',
    tag: TAG,
    response: { description: 'The endpoints', schema: okData(arrayOf(webhookEndpointSchema)) },
  }, async (ctx) => ({ success: true, data: (await ctx.services.webhooks.list()).map(restEndpoint) })),
  route('put', '/admin/webhooks/:id', 'admin', {
    summary: 'Enable or disable a webhook endpoint',
    tag: TAG,
    params: { id: idParam('The endpoint') },
    body: WebhookEnabledInput,
    response: { description: 'The endpoint after the change', schema: okMessageData(webhookEndpointSchema) },
  }, async (ctx) => {
    const after = await ctx.services.webhooks.setEnabled(ctx.viewer!, ctx.params.id, ctx.body);
    return { success: true, message: after.enabled ? 'Endpoint enabled' : 'Endpoint disabled', data: restEndpoint(after) };
  }),
  route('delete', '/admin/webhooks/:id', 'admin', {
    summary: 'Delete a webhook endpoint and its delivery log',
    tag: TAG,
    params: { id: idParam('The endpoint') },
    response: { description: 'The endpoint as it was', schema: okMessageData(webhookEndpointSchema) },
  }, async (ctx) => ({ success: true, message: 'Endpoint deleted', data: restEndpoint(await ctx.services.webhooks.remove(ctx.viewer!, ctx.params.id)) })),
  route('get', '/admin/webhooks/:id/deliveries', 'admin', {
    summary: "An endpoint's delivery log, newest first (30 days)",
    tag: TAG,
    params: { id: idParam('The endpoint') },
    query: [
      { name: 'offset', description: 'Deliveries to skip (default 0)', schema: integer(undefined, { minimum: 0 }) },
      { name: 'limit', description: `Page size (default ${PAGE_SIZE.restDefault}, at most ${PAGE_SIZE.max})`, schema: integer(undefined, { minimum: 1, maximum: PAGE_SIZE.max }) },
    ],
    response: { description: 'A page of deliveries', schema: okPage(webhookDeliverySchema) },
  }, async (ctx) => {
    const { offset, limit } = restOffsetLimit(ctx.req.query as Record<string, unknown>, PAGE_SIZE.restDefault, PAGE_SIZE.max);
    const page = await ctx.services.webhooks.deliveries(ctx.params.id, offset, limit);
    return { success: true, data: page.items.map(restDelivery), total: page.total, offset: page.offset, limit: page.limit };
  }),
  route('post', '/admin/webhooks/:id/deliveries/:deliveryId/redeliver', 'admin', {
    summary: 'Send a delivery again (same webhook-id)',
    tag: TAG,
    params: { id: idParam('The endpoint'), deliveryId: idParam('The delivery') },
    errors: ['CONFLICT'],
    response: { description: 'The delivery, queued again', schema: okMessageData(webhookDeliverySchema) },
  }, async (ctx) => ({ success: true, message: 'Delivery queued again', data: restDelivery(await ctx.services.webhooks.redeliver(ctx.viewer!, ctx.params.id, ctx.params.deliveryId)) })),
];
