import { Field, ObjectType } from 'type-graphql';
import { EventView } from '../events/event.types';

@ObjectType()
export class EventRegistrationPayload {
  @Field(() => EventView) event: EventView;
  @Field() message: string;
}
