import { validationError } from '../common/errors';
import { created, route } from '../rest/route';
import { imageUrls } from './image-urls';

export const NO_IMAGE = 'Please choose an image to upload';

/** Images for GraphQL clients: upload here first, then pass the returned imageKey in an input. */
export const uploadRoutes = [
  route(
    'post',
    '/uploads',
    'admin',
    async (ctx) => {
      if (!ctx.file) throw validationError(NO_IMAGE, { image: NO_IMAGE });
      const imageKey = await ctx.services.images.save(ctx.file.buffer);
      return created({ success: true, data: { imageKey, ...imageUrls(imageKey) } });
    },
    { fields: ['image'] },
  ),
];
