import { UseMiddleware, type MiddlewareFn } from 'type-graphql';
import { assertAccess, type AccessLevel, type ApiScope } from '../common/access';
import { unauthenticated } from '../common/errors';
import type { GraphQLContext } from './context';

/** Resolver method → declared access. The authorization test walks every operation against this. */
export const graphqlAccess = new Map<string, AccessLevel>();
/** Resolver method → the API key scope that opens it (absent: no key may call it unless it is public). */
export const graphqlScopes = new Map<string, ApiScope>();

const checkers = new Map<string, MiddlewareFn<GraphQLContext>>();
function checker(level: AccessLevel, scope?: ApiScope): MiddlewareFn<GraphQLContext> {
  const id = `${level} ${scope ?? ''}`;
  let fn = checkers.get(id);
  if (!fn) {
    fn = async ({ context }, next) => {
      // A key that was presented but is unknown, revoked or expired is refused even on public operations.
      if (context.apiKeyRejected) throw unauthenticated(context.tokenProblem);
      assertAccess(level, context.viewer, context.tokenProblem, scope);
      return next();
    };
    checkers.set(id, fn);
  }
  return fn;
}

/** Declares who may call a query or mutation (and the API key scope that opens it), and enforces it before the resolver runs. */
export function Access(level: AccessLevel, scope?: ApiScope): MethodDecorator {
  return (target, propertyKey, descriptor) => {
    const key = `${target.constructor.name}.${String(propertyKey)}`;
    graphqlAccess.set(key, level);
    if (scope) graphqlScopes.set(key, scope);
    UseMiddleware(checker(level, scope))(target, propertyKey, descriptor as TypedPropertyDescriptor<unknown>);
  };
}
