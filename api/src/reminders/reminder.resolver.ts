import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { ReminderQueuedPayload } from './reminder.types';

/** Event reminders: the admin's "send now" (the person's choices are the users', cancelling is the events'). */
@Resolver()
export class ReminderResolver {
  @Mutation(() => ReminderQueuedPayload, { description: 'Mails the reminder now to everyone registered with reminders on' })
  @Access('admin', 'messages:write')
  sendEventReminderNow(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string): Promise<ReminderQueuedPayload> {
    return ctx.services.reminders.remindNow(ctx.viewer!, eventId);
  }
}
