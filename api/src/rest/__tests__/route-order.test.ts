/**
 * The REST route table is derived from src/modules.ts (each module's routes, then each module's admin
 * routes). The first route that matches a request answers it, so no route may be shadowed by an earlier
 * one of the same method whose `:param` would match its fixed path.
 */
import { modules } from '../../modules';
import { restRoutes } from '../routes';

type Route = { method: string; path: string };

/** Whether a request for `later`'s path (its params filled in) would be answered by `earlier`. */
function shadows(earlier: Route, later: Route): boolean {
  if (earlier.method !== later.method || earlier.path === later.path) return false;
  const a = earlier.path.split('/');
  const b = later.path.split('/');
  return a.length === b.length && a.every((part, i) => part === b[i] || part.startsWith(':'));
}

function shadowed(routes: Route[]): string[] {
  const problems: string[] = [];
  routes.forEach((later, j) => {
    routes.slice(0, j).forEach((earlier) => {
      if (shadows(earlier, later)) problems.push(`${later.method.toUpperCase()} ${later.path} is answered by ${earlier.method.toUpperCase()} ${earlier.path}, listed before it`);
    });
  });
  return problems;
}

describe('the REST route table', () => {
  it('finds a fixed path listed after a :param path that matches it', () => {
    expect(shadowed([{ method: 'get', path: '/certificates/:code' }, { method: 'get', path: '/certificates/verify' }])).toEqual([
      'GET /certificates/verify is answered by GET /certificates/:code, listed before it',
    ]);
    expect(shadowed([{ method: 'get', path: '/certificates/verify' }, { method: 'get', path: '/certificates/:code' }, { method: 'post', path: '/certificates/x' }])).toEqual([]);
  });

  it('shadows no route', () => {
    expect(shadowed(restRoutes)).toEqual([]);
  });

  it('is every module\'s routes, then every module\'s admin routes, in the order of src/modules.ts, then the reference', () => {
    const fromModules = [...modules.flatMap((m) => ('routes' in m ? m.routes : [])), ...modules.flatMap((m) => ('adminRoutes' in m ? m.adminRoutes : []))];
    expect(restRoutes.slice(0, fromModules.length)).toEqual(fromModules);
    expect(restRoutes.slice(fromModules.length).map((r) => r.path)).toEqual(['/openapi.json', '/docs']);
  });

  it('lists each module once', () => {
    const names = modules.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
