import type { IncomingMessage } from 'node:http';
import type { ViewerService } from '../auth/viewer.service';
import { assertAccess, type AccessLevel, type ApiScope } from '../common/access';
import { graphqlAccess, graphqlScopes } from '../graphql/access';
import { operationKey } from '../graphql/schema';
import type { KeyGate } from '../http/public-cache';
import type { RouteDef } from '../rest/route';

interface Declared {
  level: AccessLevel;
  scope?: ApiScope;
}

/**
 * The public cache's key gate: an API key has no person, so a public read it may make has the signed-out
 * answer, and is served from the shared cache. The key is checked here as on any request (its row read
 * each time, so a revoked key is refused at once on every replica; its rate limit counted; last use
 * noted), against what each operation declares (a REST route's scope, a resolver's @Access), with the
 * same rule as everywhere (common/access.ts). Admitted, the request is settled as signed out for the
 * rest of its way; refused, it is settled with the key's outcome, and the usual way answers 401/403.
 */
export function keyedReadGate(viewers: ViewerService, routes: readonly RouteDef[]): KeyGate {
  const declared = new Map<string, Declared>();
  for (const def of routes) declared.set(`${def.method.toUpperCase()} /api${def.path}`, { level: def.access, scope: def.doc.scope });
  const graphql = (field: string): Declared | undefined => {
    // __typename runs no resolver: public, no scope.
    if (field === '__typename') return { level: 'public' };
    const key = operationKey('query', field);
    const level = key && graphqlAccess.get(key);
    return level ? { level, scope: graphqlScopes.get(key!) } : undefined;
  };
  const lookup = (operation: string) => (operation.startsWith('Query.') ? graphql(operation.slice(6)) : declared.get(operation));

  return async (req: IncomingMessage, operations: string[]) => {
    const result = await viewers.fromAuthorizationHeader(req.headers.authorization);
    const { viewer } = result;
    const admitted = !!viewer?.apiKey && operations.every((operation) => {
      const access = lookup(operation);
      if (!access) return false;
      try {
        assertAccess(access.level, viewer, undefined, access.scope);
        return true;
      } catch {
        return false;
      }
    });
    viewers.settle(req, admitted ? { viewer: null } : result);
    return admitted;
  };
}
