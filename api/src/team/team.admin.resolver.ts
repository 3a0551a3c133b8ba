import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import { DeletePayload } from '../common/delete-payload.types';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { TeamMemberInput, TeamMemberUpdateInput, TeamMemberView } from './team.types';

/** Admin writes on team members; images come as an imageKey from POST /api/uploads. */
@Resolver()
export class TeamAdminResolver {
  @Mutation(() => TeamMemberView)
  @Access('admin')
  async createTeamMember(@Ctx() ctx: GraphQLContext, @Arg('input', () => TeamMemberInput) input: TeamMemberInput): Promise<TeamMemberView> {
    return ctx.services.team.toView(await ctx.services.team.create(ctx.viewer, input));
  }

  @Mutation(() => TeamMemberView)
  @Access('admin')
  async updateTeamMember(
    @Ctx() ctx: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => TeamMemberUpdateInput) input: TeamMemberUpdateInput,
  ): Promise<TeamMemberView> {
    return ctx.services.team.toView(await ctx.services.team.update(ctx.viewer, id, input));
  }

  @Mutation(() => DeletePayload)
  @Access('admin')
  async deleteTeamMember(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<DeletePayload> {
    const member = await ctx.services.team.delete(ctx.viewer, id);
    return { id: member.id, success: true, message: 'Team member deleted successfully' };
  }
}
