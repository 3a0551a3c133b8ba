import { validationError } from '../common/errors';
import { nullable, okData, string, viewSchema } from '../openapi/schema';
import { created, route } from '../rest/route';
import { imageUrls } from './image-urls';

const uploaded = (imageKey: string) => ({ imageKey, ...imageUrls(imageKey) });
export const uploadedImageSchema = viewSchema<ReturnType<typeof uploaded>>('UploadedImage', {
  imageKey: string('Pass it as `imageKey` when creating or changing an event or a team member'),
  imageUrl: nullable(string('The largest rendition, under /uploads')),
  imageSrcSet: nullable(string('Every rendition, as an HTML srcset')),
});

export const NO_IMAGE = 'Please choose an image to upload';

/** Images for GraphQL clients: upload here first, then pass the returned imageKey in an input. */
export const uploadRoutes = [
  route(
    'post',
    '/uploads',
    'admin',
    {
      summary: 'Upload an image',
      description: 'JPEG, PNG or WebP (judged by the bytes; SVG refused), at most 5 MB and 40 megapixels; re-encoded to WebP at 320, 640 and 1280 px.',
      tag: 'Admin: uploads',
      response: { status: 201, description: 'Stored', schema: okData(uploadedImageSchema) },
      errors: ['UNSUPPORTED_MEDIA'],
    },
    async (ctx) => {
      if (!ctx.file) throw validationError(NO_IMAGE, { image: NO_IMAGE });
      const imageKey = await ctx.services.images.save(ctx.file.buffer);
      return created({ success: true, data: uploaded(imageKey) });
    },
    { fields: ['image'] },
  ),
];
