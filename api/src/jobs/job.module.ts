import { defineModule } from '../common/module';
import { JobsResolver } from './job.resolver';
import { jobRoutes } from './job.rest';

export const jobsModule = defineModule({
  name: 'jobs',
  resolvers: [JobsResolver],
  adminRoutes: jobRoutes,
});
