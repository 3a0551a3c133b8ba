import { Field, ID, Int, ObjectType } from 'type-graphql';

/** One background job, as the admin 'Background jobs' page shows it. */
@ObjectType('BackgroundJob')
export class BackgroundJobView {
  @Field(() => ID) id: string;
  @Field({ description: 'The queue: event-reminders, mail, waitlist-offers, ...' }) name: string;
  @Field({ description: 'created, retry, active, completed, cancelled or failed' }) state: string;
  @Field(() => String, { nullable: true, description: 'What a keyed job is for (e.g. the event id)' }) key: string | null;
  @Field(() => ID, { nullable: true, description: 'The event the job is about (a reminder, an offer, a mail about an event)' }) eventId: string | null;
  @Field(() => String, { nullable: true, description: "That event's title (English), or null when the job is about no event" }) eventTitle: string | null;
  @Field(() => String, { nullable: true, description: 'Whom a mail (or a waiting-list offer) is for, masked: a•••@example.org' }) recipient: string | null;
  @Field(() => String, { nullable: true, description: "A mail job's kind: confirmation, reminder, certificate, ..." }) mailKind: string | null;
  @Field(() => String, { nullable: true, description: 'The last error, for a job that failed or waits to retry' }) error: string | null;
  @Field(() => Int) retryCount: number;
  @Field(() => Int) retryLimit: number;
  @Field() createdOn: Date;
  @Field() startAfter: Date;
  @Field(() => Date, { nullable: true }) startedOn: Date | null;
  @Field(() => Date, { nullable: true }) completedOn: Date | null;
}
