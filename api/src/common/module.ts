import type DataLoader from 'dataloader';
import type { Viewer } from './access';
import type { RouteDef } from '../rest/route';
import type { Services } from '../services';

/**
 * What a domain folder contributes to the API, declared once in its `<domain>.module.ts` and listed in
 * src/modules.ts. Everything else (the entities TypeORM knows, the GraphQL schema's resolvers, the REST
 * route table, the per-request loaders, the REST reference's sections, and through them the
 * authorization matrix and the public-cache test) is derived from that list.
 *
 * Its service is built in services.ts, with the services it needs as constructor parameters (the
 * compiler checks that wiring; see docs/api-conventions.md). Jobs and mail composers are registered by
 * the service's constructor (jobs.define, deliveries.compose), so they come with it.
 */
export interface DomainModule {
  /** The folder's name. */
  name: string;
  /** TypeORM entities (the migrations stay one ordered list in db/migrations). */
  entities?: readonly (new () => unknown)[];
  /** GraphQL resolver classes, field resolvers of other types (e.g. Event's) included. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  resolvers?: readonly Function[];
  /** REST routes of the public site, the signed-in person and the teacher area (mounted first, in module order). */
  routes?: readonly RouteDef[];
  /** REST routes of the admin portal (mounted after every module's `routes`, in module order). */
  adminRoutes?: readonly RouteDef[];
  /** The REST reference's sections this domain opens: name → description. */
  tags?: Readonly<Record<string, string>>;
  /** Per-request batch loaders of its GraphQL fields (ctx.loaders.<name>). */
  loaders?: (services: Services, viewer: Viewer | null) => Record<string, DataLoader<string, unknown>>;
}

/** Declares a module, keeping its loaders' types (ctx.loaders is typed from them). */
export const defineModule = <M extends DomainModule>(module: M): M => module;
