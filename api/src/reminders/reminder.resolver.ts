import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import { MessagePayload } from '../auth/auth.types';
import { EventView } from '../events/event.types';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { userView } from '../users/user.service';
import { UserView } from '../users/user.types';
import { ReminderQueuedPayload } from './reminder.types';

/** Event reminders (the person's choices, the admin's "send now") and cancelling an event. */
@Resolver()
export class ReminderResolver {
  @Mutation(() => EventView, { description: 'Cancels the event once: no registration, no reminder; registrants (and people waiting) are mailed. Again: changes nothing' })
  @Access('admin')
  async cancelEvent(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<EventView> {
    return ctx.services.events.toView((await ctx.services.reminders.cancelEvent(ctx.viewer, id)).event);
  }

  @Mutation(() => ReminderQueuedPayload, { description: 'Mails the reminder now to everyone registered with reminders on' })
  @Access('admin')
  sendEventReminderNow(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string): Promise<ReminderQueuedPayload> {
    return ctx.services.reminders.remindNow(ctx.viewer!, eventId);
  }

  @Mutation(() => MessagePayload, { description: "The token of a reminder's stop link: turns event reminders off (no sign-in)" })
  @Access('public')
  stopReminders(@Ctx() ctx: GraphQLContext, @Arg('token', () => String) token: string): Promise<MessagePayload> {
    return ctx.services.reminders.stopReminders(token);
  }

  @Mutation(() => UserView, { description: 'The profile switch: event reminders on or off' })
  @Access('user')
  async setReminderPreference(@Ctx() ctx: GraphQLContext, @Arg('enabled', () => Boolean) enabled: boolean): Promise<UserView> {
    await ctx.services.reminders.setReminderPreference(ctx.viewer!.id, enabled);
    return userView(await ctx.services.users.get(ctx.viewer!.id));
  }

  @Mutation(() => MessagePayload, { description: "The language of the person's mails: 'en' or 'hi'" })
  @Access('user')
  setLanguage(@Ctx() ctx: GraphQLContext, @Arg('language', () => String) language: string): Promise<MessagePayload> {
    return ctx.services.reminders.setLanguage(ctx.viewer!.id, language);
  }
}
