import { defineModule } from '../common/module';
import { EventAdminResolver } from './event.admin.resolver';
import { eventAdminRoutes } from './event.admin.rest';
import { EventEntity } from './event.entity';
import { EventResolver } from './event.resolver';
import { eventRoutes } from './event.rest';

export const eventsModule = defineModule({
  name: 'events',
  entities: [EventEntity],
  resolvers: [EventResolver, EventAdminResolver],
  routes: eventRoutes,
  adminRoutes: eventAdminRoutes,
  tags: {
    Events: 'Published events: the lists, one event, its calendar file.',
    'Admin: events': 'Creating, editing and deleting events; their registrations.',
  },
});
