import { Ctx, Query, Resolver } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { TeamMemberView } from './team.types';

@Resolver(() => TeamMemberView)
export class TeamResolver {
  @Query(() => [TeamMemberView], { description: 'Oldest first; the team page shows them in reverse order' })
  @Access('public')
  async teamMembers(@Ctx() ctx: GraphQLContext): Promise<TeamMemberView[]> {
    return (await ctx.services.team.list()).map((m) => ctx.services.team.toView(m));
  }
}
