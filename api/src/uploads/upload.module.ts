import { defineModule } from '../common/module';
import { uploadRoutes } from './upload.rest';

export const uploadsModule = defineModule({
  name: 'uploads',
  adminRoutes: uploadRoutes,
  tags: { 'Admin: uploads': 'Images for GraphQL clients: upload first, then pass the image key.' },
});
