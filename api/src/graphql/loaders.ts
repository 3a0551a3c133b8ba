import { personOf, type Viewer } from '../common/access';
import { modules, type Module } from '../modules';
import type { Services } from '../services';

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type LoadersOf<M> = M extends { loaders: (...args: never[]) => infer L } ? L : never;
/** ctx.loaders: every module's loaders, by name. */
export type Loaders = UnionToIntersection<LoadersOf<Module>>;

/**
 * Per-request batch loaders, each module's (src/modules.ts): one query per field across a whole list, never one per
 * row. They answer the viewer's own fields, so an API key gets a visitor's (personOf).
 */
export function createLoaders(services: Services, viewer: Viewer | null): Loaders {
  const person = personOf(viewer);
  return Object.assign({}, ...modules.map((m) => ('loaders' in m ? m.loaders(services, person) : {}))) as Loaders;
}
