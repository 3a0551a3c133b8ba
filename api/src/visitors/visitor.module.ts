import { defineModule } from '../common/module';
import { VisitorResolver } from './visitor.resolver';
import { visitorRoutes } from './visitor.rest';

export const visitorsModule = defineModule({
  name: 'visitors',
  resolvers: [VisitorResolver],
  routes: visitorRoutes,
  // The team's and the contact form's public calls are in this section too.
  tags: { Site: 'Small public calls of the site: the visitor counter, the team, the contact form.' },
});
