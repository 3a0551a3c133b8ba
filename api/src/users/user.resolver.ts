import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { MessagePayload } from '../auth/auth.types';
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

  @Mutation(() => MessagePayload, { description: "The token of a reminder's stop link: turns event reminders off (no sign-in)" })
  @Access('public')
  stopReminders(@Ctx() ctx: GraphQLContext, @Arg('token', () => String) token: string): Promise<MessagePayload> {
    return ctx.services.users.stopReminders(token);
  }

  @Mutation(() => UserView, { description: 'The profile switch: event reminders on or off' })
  @Access('user')
  async setReminderPreference(@Ctx() ctx: GraphQLContext, @Arg('enabled', () => Boolean) enabled: boolean): Promise<UserView> {
    await ctx.services.users.setReminderPreference(ctx.viewer!.id, enabled);
    return userView(await ctx.services.users.get(ctx.viewer!.id));
  }

  @Mutation(() => MessagePayload, { description: "The language of the person's mails: 'en' or 'hi'" })
  @Access('user')
  setLanguage(@Ctx() ctx: GraphQLContext, @Arg('language', () => String) language: string): Promise<MessagePayload> {
    return ctx.services.users.setLanguage(ctx.viewer!.id, language);
  }
}
