import { contactRoutes } from '../contacts/contact.rest';
import { eventRoutes } from '../events/event.rest';
import { teamRoutes } from '../team/team.rest';
import { visitorRoutes } from '../visitors/visitor.rest';
import type { RouteDef } from './route';

/** Every /api route, in one list: the authorization test walks it. */
export const restRoutes: RouteDef[] = [
  ...eventRoutes,
  ...visitorRoutes,
  ...contactRoutes,
  ...teamRoutes,
];
