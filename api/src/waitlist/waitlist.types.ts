import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { EventView } from '../events/event.types';

export enum WaitlistStatus {
  WAITING = 'waiting',
  OFFERED = 'offered',
}
registerEnumType(WaitlistStatus, { name: 'WaitlistStatus', description: 'WAITING: in the queue; OFFERED: a place is held until offerExpiresAt' });

/** The signed-in person's live entry on an event's waiting list. */
@ObjectType()
export class MyWaitlist {
  @Field(() => WaitlistStatus) status: WaitlistStatus;
  @Field(() => Int, { nullable: true, description: '1 = next in line (WAITING only)' }) position: number | null;
  @Field(() => Date, { nullable: true, description: 'Until when the place is held (OFFERED only)' }) offerExpiresAt: Date | null;
}

@ObjectType()
export class WaitlistPayload {
  @Field(() => EventView) event: EventView;
  @Field() message: string;
  @Field(() => Int, { nullable: true, description: "The caller's place in the queue after the change (null when not waiting)" }) position: number | null;
}

/** One entry of an event's waiting list, for admins (history included). */
@ObjectType()
export class WaitlistEntry {
  @Field(() => ID) id: string;
  @Field(() => Int, { nullable: true, description: 'Place in the queue (waiting entries only)' }) position: number | null;
  @Field(() => ID) userId: string;
  @Field() name: string;
  @Field() email: string;
  @Field({ description: "'waiting' | 'offered' | 'accepted' | 'expired' | 'declined' | 'left' | 'closed' (the event was cancelled)" }) status: string;
  @Field(() => Date, { nullable: true, description: 'Until when a place was (or is) held for them' }) offeredUntil: Date | null;
  @Field() createdAt: Date;
}
