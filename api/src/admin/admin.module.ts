import { defineModule } from '../common/module';
import { AdminResolver } from './admin.resolver';
import { adminRoutes } from './admin.rest';

export const adminModule = defineModule({
  name: 'admin',
  resolvers: [AdminResolver],
  adminRoutes,
  tags: { 'Admin: sign-in': 'The admin portal: signing in, who am I, registering another admin.' },
});
