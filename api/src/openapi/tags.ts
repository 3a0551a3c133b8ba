import { modules } from '../modules';

/**
 * The sections of the REST reference, in the order the reference page lists them: each module's
 * (src/modules.ts), public sections before the admin portal's, then the reference itself.
 */
export const ROUTE_TAGS: Readonly<Record<string, string>> = (() => {
  const all = Object.entries(Object.assign({}, ...modules.map((m) => ('tags' in m ? m.tags : {}))) as Record<string, string>);
  const admin = ([name]: [string, string]) => name.startsWith('Admin:');
  return Object.fromEntries([...all.filter((t) => !admin(t)), ...all.filter(admin), ['Reference', 'This reference itself.']]);
})();

export type RouteTag = string;
