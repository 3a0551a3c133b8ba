import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType()
export class ReminderQueuedPayload {
  @Field(() => Int, { description: 'How many reminder mails were queued (a second click within the same minute queues none)' }) queued: number;
  @Field() message: string;
}
