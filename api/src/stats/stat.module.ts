import { defineModule } from '../common/module';
import { StatsResolver } from './stat.resolver';
import { statsRoutes } from './stat.rest';

export const statsModule = defineModule({
  name: 'stats',
  resolvers: [StatsResolver],
  adminRoutes: statsRoutes,
  tags: { 'Admin: statistics': 'The counts of the admin dashboard.' },
});
