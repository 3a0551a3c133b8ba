import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { userView } from './user.service';
import { ProfileInput, UserView } from './user.types';

/** The signed-in user's own account. */
@Resolver(() => UserView)
export class UserResolver {
  @Query(() => UserView, { description: 'The signed-in user' })
  @Access('user')
  async me(@Ctx() ctx: GraphQLContext): Promise<UserView> {
    return userView(await ctx.services.users.get(ctx.viewer!.id));
  }

  @Mutation(() => UserView, { description: 'Name and phone only' })
  @Access('user')
  async updateProfile(@Ctx() ctx: GraphQLContext, @Arg('input', () => ProfileInput) input: ProfileInput): Promise<UserView> {
    return userView(await ctx.services.users.updateProfile(ctx.viewer!.id, input));
  }
}
