import { PAGE_SIZE, restOffsetLimit } from '../common/page';
import { dateTime, idParam, integer, nullable, okData, okMessageData, okPage, oneOfValues, string, uuid, viewSchema } from '../openapi/schema';
import { route } from '../rest/route';
import { CONTACT_STATUSES, type ContactSubmissionEntity } from './contact.entity';
import { ContactStatusInput } from './contact.types';

const rest = (c: ContactSubmissionEntity) => ({
  _id: c.id, id: c.id, name: c.name, email: c.email, phone: c.phone, subject: c.subject, message: c.message, status: c.status, createdAt: c.createdAt, updatedAt: c.updatedAt,
});

export const contactSubmissionSchema = viewSchema<ReturnType<typeof rest>>('ContactSubmission', {
  _id: uuid('The id again (the legacy name)'),
  id: uuid(),
  name: string(),
  email: string(),
  phone: nullable(string()),
  subject: string(),
  message: string(),
  status: oneOfValues(CONTACT_STATUSES),
  createdAt: dateTime(),
  updatedAt: dateTime(),
}, { description: 'A message sent with the contact form' });


export const contactAdminRoutes = [
  route('get', '/contact', 'admin', {
    summary: 'Messages sent with the contact form, newest first',
    tag: 'Admin: contact',
    query: [
      { name: 'offset', description: 'Messages to skip (default 0)', schema: integer(undefined, { minimum: 0 }) },
      { name: 'limit', description: `Page size (default ${PAGE_SIZE.restDefault}, at most ${PAGE_SIZE.max})`, schema: integer(undefined, { minimum: 1, maximum: PAGE_SIZE.max }) },
    ],
    response: { description: 'A page of messages', schema: okPage(contactSubmissionSchema) },
  }, async (ctx) => {
    const { offset, limit } = restOffsetLimit(ctx.req.query as Record<string, unknown>, PAGE_SIZE.restDefault, PAGE_SIZE.max);
    const page = await ctx.services.contacts.list(offset, limit);
    return { success: true, data: page.items.map(rest), total: page.total, offset: page.offset, limit: page.limit };
  }),
  route('get', '/contact/:id', 'admin', {
    summary: 'One message',
    tag: 'Admin: contact',
    params: { id: idParam('The message') },
    response: { description: 'The message', schema: okData(contactSubmissionSchema) },
  }, async (ctx) => ({ success: true, data: rest(await ctx.services.contacts.get(ctx.params.id)) })),
  route('put', '/contact/:id', 'admin', {
    summary: "Set a message's status",
    tag: 'Admin: contact',
    params: { id: idParam('The message') },
    body: ContactStatusInput,
    response: { description: 'The message after the change', schema: okMessageData(contactSubmissionSchema) },
  }, async (ctx) => {
    const { after } = await ctx.services.contacts.setStatus(ctx.viewer, ctx.params.id, ctx.body);
    return { success: true, message: 'Status updated successfully', data: rest(after) };
  }),
];
