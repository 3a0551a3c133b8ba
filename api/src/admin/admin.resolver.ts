import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { toUserView } from '../users/user.admin.view';
import { UserView } from '../users/user.types';
import { AdminAuthPayload, AdminLoginInput, AdminRegistrationInput } from './admin.types';

@Resolver()
export class AdminResolver {
  @Mutation(() => AdminAuthPayload, { description: 'Admin and superadmin accounts only; the same message for every failure' })
  @Access('public')
  async adminLogin(@Ctx() ctx: GraphQLContext, @Arg('input', () => AdminLoginInput) input: AdminLoginInput): Promise<AdminAuthPayload> {
    const { token, user } = await ctx.services.adminAuth.login(input, ctx.ip);
    return { success: true, token, user: toUserView(user) };
  }

  @Mutation(() => AdminAuthPayload, { description: "Creates another admin; returns the new admin's session" })
  @Access('admin')
  async registerAdmin(@Ctx() ctx: GraphQLContext, @Arg('input', () => AdminRegistrationInput) input: AdminRegistrationInput): Promise<AdminAuthPayload> {
    const { token, user } = await ctx.services.adminAuth.register(ctx.viewer!, input);
    return { success: true, token, user: toUserView(user) };
  }

  @Query(() => UserView)
  @Access('admin')
  async adminMe(@Ctx() ctx: GraphQLContext): Promise<UserView> {
    return toUserView(await ctx.services.adminAuth.me(ctx.viewer!.id));
  }
}
