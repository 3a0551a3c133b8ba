import { Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { VisitPayload } from './visitor.types';

@Resolver()
export class VisitorResolver {
  @Query(() => Int)
  @Access('public')
  visitorCount(@Ctx() ctx: GraphQLContext): Promise<number> {
    return ctx.services.visitors.count();
  }

  @Mutation(() => VisitPayload, { description: 'Counts one visit (the footer calls it once per page load) and returns the new total' })
  @Access('public')
  async recordVisit(@Ctx() ctx: GraphQLContext): Promise<VisitPayload> {
    return { visitorCount: await ctx.services.visitors.increment() };
  }
}
