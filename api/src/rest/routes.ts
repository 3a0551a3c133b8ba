import { modules } from '../modules';
import { openApiRoutes } from '../openapi/openapi.rest';
import type { RouteDef } from './route';

/**
 * Every /api route, in one list, in the order of src/modules.ts: every module's routes, then every
 * module's admin routes, then the REST reference. The authorization test walks it.
 */
export const restRoutes: RouteDef[] = [
  ...modules.flatMap((m) => ('routes' in m ? [...m.routes] : [])),
  ...modules.flatMap((m) => ('adminRoutes' in m ? [...m.adminRoutes] : [])),
  // the REST reference of all of the above (GET /api/openapi.json, GET /api/docs)
  ...openApiRoutes(() => restRoutes),
];
