import { defineModule } from '../common/module';
import { exportRoutes } from './export.rest';

export const exportsModule = defineModule({
  name: 'exports',
  adminRoutes: exportRoutes,
});
