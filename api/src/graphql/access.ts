import { UseMiddleware, type MiddlewareFn } from 'type-graphql';
import { assertAccess, type AccessLevel } from '../common/access';
import type { GraphQLContext } from './context';

/** Resolver method → declared access. The authorization test walks every operation against this. */
export const graphqlAccess = new Map<string, AccessLevel>();

const checkers = new Map<AccessLevel, MiddlewareFn<GraphQLContext>>();
function checker(level: AccessLevel): MiddlewareFn<GraphQLContext> {
  let fn = checkers.get(level);
  if (!fn) {
    fn = async ({ context }, next) => {
      assertAccess(level, context.viewer, context.tokenProblem);
      return next();
    };
    checkers.set(level, fn);
  }
  return fn;
}

/** Declares who may call a query or mutation, and enforces it before the resolver runs. */
export function Access(level: AccessLevel): MethodDecorator {
  return (target, propertyKey, descriptor) => {
    graphqlAccess.set(`${target.constructor.name}.${String(propertyKey)}`, level);
    UseMiddleware(checker(level))(target, propertyKey, descriptor as TypedPropertyDescriptor<unknown>);
  };
}
