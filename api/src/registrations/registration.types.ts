import { Field, ObjectType } from 'type-graphql';
import { EventView } from '../events/event.types';

@ObjectType()
export class EventRegistrationPayload {
  @Field(() => EventView) event: EventView;
  @Field() message: string;
}

/** The signed-in person's own events, for the public site's 'My events' page. */
@ObjectType()
export class MyEvents {
  @Field(() => [EventView], { description: 'Registered, not yet started; soonest first' }) upcoming: EventView[];
  @Field(() => [EventView], { description: 'Registered, started or over; latest first (myCheckIn says whether they attended)' }) past: EventView[];
  @Field(() => [EventView], { description: 'On the waiting list (myWaitlist has the place in the queue or the offer); soonest first' }) waiting: EventView[];
}
