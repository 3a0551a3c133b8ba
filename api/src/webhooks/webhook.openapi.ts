import { anyValue, dateTime, integer, nullable, object, oneOfValues, string, uuid, type JsonSchema } from '../openapi/schema';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook.entity';

/**
 * The webhook payloads for the REST reference: `x-webhooks` (OpenAPI 3.0 has no `webhooks`; 3.1's shape
 * is used under the extension) and their schemas as components. Every delivery is
 * `{ type, timestamp, data }`, signed to the Standard Webhooks scheme (docs/integrators.md).
 */
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const person = object({ _id: uuid(), id: uuid(), name: string(), email: string(), phone: nullable(string()), category: string() }, { optional: ['phone', 'category'] });
const eventRef = object({ _id: uuid(), id: uuid(), title: string(), startsAt: dateTime() });

const RESOURCES: Record<string, JsonSchema> = {
  WebhookEventData: object({
    _id: uuid(), id: uuid(), title: string(), description: string(), category: string(), date: string('YYYY-MM-DD (India)'), time: string('HH:mm (India)'),
    endDate: nullable(string()), endTime: nullable(string()), startsAt: dateTime(), location: string(), speaker: nullable(string()), externalLink: nullable(string()),
    maxParticipants: nullable(integer()), registeredCount: integer(), cancelledAt: nullable(dateTime()), translations: anyValue('Hindi (and other) texts by language'), createdAt: dateTime(), updatedAt: dateTime(),
  }, { description: 'An event, as GET /api/events/{id} names its fields' }),
  WebhookRegistrationData: object({
    _id: nullable(uuid()), id: nullable(uuid('The registration (kept for registration.cancelled)')), eventId: uuid(), userId: uuid(),
    createdAt: nullable(dateTime()), checkedInAt: nullable(dateTime()), user: person, event: eventRef,
  }, { description: 'A registration with its person and event (registration.*, checkin.created)' }),
  WebhookWaitlistData: object({
    _id: uuid(), id: uuid(), eventId: uuid(), userId: uuid(), status: oneOfValues(['waiting', 'offered', 'accepted', 'expired', 'declined', 'left']),
    createdAt: dateTime(), offeredAt: nullable(dateTime()), offerExpiresAt: nullable(dateTime()), resolvedAt: nullable(dateTime()), user: person, event: eventRef,
  }, { description: 'A waiting-list entry (waitlist.*)' }),
  WebhookCertificateData: object({ _id: uuid(), id: uuid(), code: string('The verification code'), eventId: uuid(), userId: uuid(), issuedAt: dateTime(), verifyUrl: string() }),
  WebhookContactData: object({
    _id: uuid(), id: uuid(), name: string(), email: string(), phone: nullable(string()), subject: string(), message: string(), status: string(), createdAt: dateTime(), updatedAt: dateTime(),
  }, { description: 'A message sent with the contact form' }),
};

const DATA_OF: Record<WebhookEventType, string> = {
  'registration.created': 'WebhookRegistrationData',
  'registration.cancelled': 'WebhookRegistrationData',
  'checkin.created': 'WebhookRegistrationData',
  'waitlist.offered': 'WebhookWaitlistData',
  'waitlist.accepted': 'WebhookWaitlistData',
  'certificate.issued': 'WebhookCertificateData',
  'event.created': 'WebhookEventData',
  'event.updated': 'WebhookEventData',
  'event.cancelled': 'WebhookEventData',
  'contact.created': 'WebhookContactData',
};

const HEADERS = [
  { name: 'webhook-id', in: 'header', required: true, description: 'msg_…: one per change, the same on every retry and redelivery (deduplicate on it)', schema: { type: 'string' } },
  { name: 'webhook-timestamp', in: 'header', required: true, description: 'Seconds since 1970 when this attempt was signed', schema: { type: 'string' } },
  { name: 'webhook-signature', in: 'header', required: true, description: 'v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the endpoint\'s secret: verify with the standardwebhooks package', schema: { type: 'string' } },
];

export function webhookDocs(): { schemas: Record<string, JsonSchema>; webhooks: Record<string, unknown> } {
  const schemas: Record<string, JsonSchema> = { ...RESOURCES };
  const webhooks: Record<string, unknown> = {};
  for (const type of WEBHOOK_EVENT_TYPES) {
    const name = `Webhook_${type.replace('.', '_')}`;
    schemas[name] = object({ type: oneOfValues([type]), timestamp: dateTime('When the change was committed'), data: ref(DATA_OF[type]) }, { description: `The body of a ${type} delivery` });
    webhooks[type] = {
      post: {
        summary: `${type}: POSTed to each enabled endpoint subscribed to it`,
        description: 'Answer 2xx within 5 s. Anything else (or no answer) is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; 410 Gone disables the endpoint, and so do three days of failures. Redirects are not followed.',
        parameters: HEADERS,
        requestBody: { required: true, content: { 'application/json': { schema: ref(name) } } },
        responses: { '200': { description: 'Received (any 2xx)' }, '410': { description: 'Gone: the endpoint is disabled' } },
      },
    };
  }
  return { schemas, webhooks };
}
