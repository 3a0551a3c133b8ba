import { defineModule } from '../common/module';
import { ReportResolver } from './report.resolver';
import { reportRoutes } from './report.rest';

export const reportsModule = defineModule({
  name: 'reports',
  resolvers: [ReportResolver],
  adminRoutes: reportRoutes,
  tags: { 'Admin: reports': 'The impact report for donors: JSON, CSV and PDF.' },
});
