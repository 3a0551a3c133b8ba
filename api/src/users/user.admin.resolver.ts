import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { DeletePayload } from '../common/delete-payload.types';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import type { UserListResult } from './user.admin.service';
import { UserFilter, UserInput, UserPage, UserUpdateInput } from './user.admin.types';
import { toUserView } from './user.admin.view';
import { UserView } from './user.types';

const page = (r: UserListResult): UserPage => ({ items: r.items.map(toUserView), total: r.total, offset: r.offset, limit: r.limit });

/** Admin user management: the lists (all, students, teachers) and one account's reads and writes. */
@Resolver()
export class UserAdminResolver {
  @Query(() => UserPage, { description: 'Newest first' })
  @Access('admin')
  async users(
    @Ctx() ctx: GraphQLContext,
    @Arg('filter', () => UserFilter, { nullable: true }) filter: UserFilter | null,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 20 }) limit: number,
  ): Promise<UserPage> {
    return page(await ctx.services.userAdmin.list(filter ?? {}, { offset, limit }));
  }

  @Query(() => UserView)
  @Access('admin')
  async user(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<UserView> {
    return toUserView(await ctx.services.userAdmin.get(id));
  }

  @Query(() => UserPage, { description: 'Students (category STUDENT), for the student approval page' })
  @Access('admin')
  async students(
    @Ctx() ctx: GraphQLContext,
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 20 }) limit: number,
  ): Promise<UserPage> {
    return page(await ctx.services.userAdmin.list({ category: 'student', search: search ?? undefined }, { offset, limit }));
  }

  @Query(() => UserPage, { description: 'Teachers (category PRIMARY), for the teacher approval page' })
  @Access('admin')
  async teachers(
    @Ctx() ctx: GraphQLContext,
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 20 }) limit: number,
  ): Promise<UserPage> {
    return page(await ctx.services.userAdmin.list({ category: 'primary', search: search ?? undefined }, { offset, limit }));
  }

  @Mutation(() => UserView)
  @Access('admin')
  async createUser(@Ctx() ctx: GraphQLContext, @Arg('input', () => UserInput) input: UserInput): Promise<UserView> {
    return toUserView(await ctx.services.userAdmin.create(ctx.viewer!, input));
  }

  @Mutation(() => UserView)
  @Access('admin')
  async updateUser(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string, @Arg('input', () => UserUpdateInput) input: UserUpdateInput): Promise<UserView> {
    return toUserView((await ctx.services.userAdmin.update(ctx.viewer!, id, input)).after);
  }

  @Mutation(() => DeletePayload)
  @Access('admin')
  async deleteUser(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<DeletePayload> {
    const user = await ctx.services.userAdmin.delete(ctx.viewer!, id);
    return { id: user.id, success: true, message: 'User deleted successfully' };
  }
}
