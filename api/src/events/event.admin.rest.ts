import { created, route, type RestContext } from '../rest/route';
import { toRestUser } from '../users/user-admin.view';
import { restEvent } from './event.rest';

/** The legacy edit page sends the new file as `imageUrl`, the create page as `image`; JSON bodies work too. */
const IMAGE_FIELDS = { fields: ['image', 'imageUrl'] };

/** Multipart text fields: drop the legacy form's echo of the old image URL (a string, not a key). */
function eventFields(ctx: RestContext): Record<string, unknown> {
  const { imageUrl: _imageUrl, image: _image, ...rest } = ctx.body;
  return rest;
}

export const eventAdminRoutes = [
  route('post', '/events', 'admin', async (ctx) => {
    const event = await ctx.services.events.create(ctx.viewer, eventFields(ctx), ctx.file?.buffer);
    return created({ success: true, message: 'Event created successfully', data: await restEvent(ctx, event) });
  }, IMAGE_FIELDS),
  route('put', '/events/:id', 'admin', async (ctx) => {
    const { after } = await ctx.services.events.update(ctx.viewer, ctx.params.id, eventFields(ctx), ctx.file?.buffer);
    return { success: true, message: 'Event updated successfully', data: await restEvent(ctx, after) };
  }, IMAGE_FIELDS),
  route('delete', '/events/:id', 'admin', async (ctx) => {
    const deleted = await ctx.services.events.delete(ctx.viewer, ctx.params.id);
    return { success: true, message: 'Event deleted successfully', data: { _id: deleted.id, id: deleted.id } };
  }),
  route('get', '/events/:id/registrations', 'admin', async (ctx) => ({
    success: true,
    data: (await ctx.services.events.registeredUsers(ctx.params.id)).map(toRestUser),
  })),
  route('delete', '/events/:id/registrations/:userId', 'admin', async (ctx) => {
    const r = await ctx.services.registrations.removeByAdmin(ctx.viewer!, ctx.params.id, ctx.params.userId);
    return { success: true, message: r.message, data: await restEvent(ctx, r.event) };
  }),
];
