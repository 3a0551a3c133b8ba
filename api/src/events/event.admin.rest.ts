import { arrayOf, boolean, DELETED, idParam, integer, MESSAGE, ok, okData, okMessageData } from '../openapi/schema';
import { created, route, type RestContext } from '../rest/route';
import { restUserSchema, toRestUser } from '../users/user.admin.view';
import { restEvent, restEventSchema } from './event.rest';
import { EventInput, EventUpdateInput } from './event.types';

/** The legacy edit page sends the new file as `imageUrl`, the create page as `image`; JSON bodies work too. */
const IMAGE_FIELDS = { fields: ['image', 'imageUrl'] };

/** Multipart text fields: drop the legacy form's echo of the old image URL (a string, not a key). */
function eventFields(ctx: RestContext): Record<string, unknown> {
  const { imageUrl: _imageUrl, image: _image, ...rest } = ctx.body;
  return rest;
}

export const eventAdminRoutes = [
  route('post', '/events', 'admin', {
    summary: 'Create an event',
    description: 'JSON (with `imageKey` from POST /api/uploads) or a multipart form with the image file. Hindi text goes in `titleHi`, `descriptionHi`, ...',
    tag: 'Admin: events',
    body: EventInput,
    localized: true,
    response: { status: 201, description: 'Created', schema: okMessageData(restEventSchema) },
    errors: ['UNSUPPORTED_MEDIA'],
  }, async (ctx) => {
    const event = await ctx.services.events.create(ctx.viewer, eventFields(ctx), ctx.file?.buffer);
    return created({ success: true, message: 'Event created successfully', data: await restEvent(ctx, event) });
  }, IMAGE_FIELDS),
  route('put', '/events/:id', 'admin', {
    summary: 'Change an event',
    description: 'Only the fields sent change; an empty string clears an optional one. JSON or a multipart form with a new image file.',
    tag: 'Admin: events',
    params: { id: idParam('The event') },
    body: EventUpdateInput,
    localized: true,
    response: { description: 'The event after the change', schema: okMessageData(restEventSchema) },
    errors: ['UNSUPPORTED_MEDIA'],
  }, async (ctx) => {
    const { after } = await ctx.services.events.update(ctx.viewer, ctx.params.id, eventFields(ctx), ctx.file?.buffer);
    return { success: true, message: 'Event updated successfully', data: await restEvent(ctx, after) };
  }, IMAGE_FIELDS),
  route('delete', '/events/:id', 'admin', {
    summary: 'Delete an event',
    tag: 'Admin: events',
    params: { id: idParam('The event') },
    response: { description: 'Deleted', schema: DELETED },
  }, async (ctx) => {
    const deleted = await ctx.services.events.delete(ctx.viewer, ctx.params.id);
    return { success: true, message: 'Event deleted successfully', data: { _id: deleted.id, id: deleted.id } };
  }),
  route('get', '/events/:id/registrations', 'admin', {
    scope: 'registrations:read',
    summary: 'Who registered for an event',
    tag: 'Admin: events',
    params: { id: idParam('The event') },
    response: { description: 'The registered accounts', schema: okData(arrayOf(restUserSchema)) },
  }, async (ctx) => ({
    success: true,
    data: (await ctx.services.events.registeredUsers(ctx.params.id)).map(toRestUser),
  })),
  route('delete', '/events/:id/registrations/:userId', 'admin', {
    summary: "Remove a person's registration",
    description: 'The place freed goes to the waiting list, if anyone waits.',
    tag: 'Admin: events',
    params: { id: idParam('The event'), userId: idParam('The person') },
    localized: true,
    response: { description: 'The event after the change', schema: okMessageData(restEventSchema) },
  }, async (ctx) => {
    const r = await ctx.services.registrations.removeByAdmin(ctx.viewer!, ctx.params.id, ctx.params.userId);
    return { success: true, message: r.message, data: await restEvent(ctx, r.event) };
  }),
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
    const r = await ctx.services.events.cancel(ctx.viewer, ctx.params.id);
    return { success: true, message: r.message, changed: r.changed, mailed: r.mailed, data: await restEvent(ctx, r.event) };
  }),
];
