import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { EventView } from '../events/event.types';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { isFullFor } from '../registrations/registration-ledger';
import { EventRegistrationPayload } from '../registrations/registration.types';
import type { WaitlistResult } from './waitlist.service';
import { MyWaitlist, WaitlistEntry, WaitlistPayload, WaitlistStatus } from './waitlist.types';
import { AnswerInput } from '../questions/question.types';
import { answersFromInput } from '../questions/question.service';

function payload(ctx: GraphQLContext, r: WaitlistResult): WaitlistPayload {
  // The per-request loaders may hold the state from before this mutation.
  ctx.loaders.waitlist.clear(r.event.id);
  ctx.loaders.isRegistered.clear(r.event.id);
  return { event: ctx.services.events.toView(r.event), message: r.message, position: r.position };
}

@Resolver()
export class WaitlistResolver {
  @Mutation(() => WaitlistPayload, { description: 'Joins the waiting list of a full event (CONFLICT when a place is free, when registered or on it already; EVENT_PAST once started)' })
  @Access('user')
  async joinWaitlist(
    @Ctx() ctx: GraphQLContext,
    @Arg('eventId', () => ID) eventId: string,
    @Arg('answers', () => [AnswerInput], { nullable: true, description: "Answers to the event's questions; they become the registration's when a place is taken" }) answers: AnswerInput[] | null,
  ): Promise<WaitlistPayload> {
    return payload(ctx, await ctx.services.waitlist.join(ctx.viewer!, eventId, answersFromInput(answers), ctx.lang));
  }

  @Mutation(() => WaitlistPayload, { description: 'Leaves the waiting list (a held place is declined and offered on)' })
  @Access('user')
  async leaveWaitlist(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string): Promise<WaitlistPayload> {
    return payload(ctx, await ctx.services.waitlist.leave(ctx.viewer!, eventId));
  }

  @Mutation(() => EventRegistrationPayload, { description: "Takes the place held for the caller (CONFLICT 'There is no live offer for you on this event' when none)" })
  @Access('user')
  async acceptWaitlistOffer(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string): Promise<EventRegistrationPayload> {
    const r = await ctx.services.waitlist.accept(ctx.viewer!, eventId);
    ctx.loaders.waitlist.clear(r.event.id);
    ctx.loaders.isRegistered.clear(r.event.id);
    return { event: ctx.services.events.toView(r.event), message: r.message };
  }

  @Mutation(() => WaitlistPayload, { description: 'Declines the place held for the caller: it goes to the next person waiting (CONFLICT when none)' })
  @Access('user')
  async declineWaitlistOffer(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string): Promise<WaitlistPayload> {
    return payload(ctx, await ctx.services.waitlist.decline(ctx.viewer!, eventId));
  }

  @Query(() => [WaitlistEntry], { description: "An event's waiting list: held places, the queue in order, then the history" })
  @Access('admin')
  async eventWaitlist(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string): Promise<WaitlistEntry[]> {
    return ctx.services.waitlist.eventWaitlist(eventId);
  }
}

/** The waiting list's fields of Event: one batched lookup per request (loaders.waitlist), never one per event. */
@Resolver(() => EventView)
export class WaitlistEventFieldsResolver {
  @FieldResolver(() => Boolean, { description: 'No place to register: every place is registered, held for someone from the waiting list, or due to someone waiting (a freed place goes to the waiting list first)' })
  async isFull(@Root() event: EventView, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    // The waiting count of every event of the page in one batched statement, whatever the page holds (so a
    // list costs the same statements however long it is): free places may all be due to people waiting.
    const { waitlistCount } = await ctx.loaders.waitlist.load(event.id);
    return event.isFull || isFullFor(event, waitlistCount);
  }

  @FieldResolver(() => Int, { description: 'People waiting for a place (not counting places held by offers)' })
  async waitlistCount(@Root() event: EventView, @Ctx() ctx: GraphQLContext): Promise<number> {
    return (await ctx.loaders.waitlist.load(event.id)).waitlistCount;
  }

  @FieldResolver(() => MyWaitlist, { nullable: true, description: "The signed-in person's place on the waiting list; null when signed out or not on it" })
  async myWaitlist(@Root() event: EventView, @Ctx() ctx: GraphQLContext): Promise<MyWaitlist | null> {
    if (!ctx.viewer) return null;
    const mine = (await ctx.loaders.waitlist.load(event.id)).mine;
    if (!mine) return null;
    return { status: mine.status === 'offered' ? WaitlistStatus.OFFERED : WaitlistStatus.WAITING, position: mine.position, offerExpiresAt: mine.offerExpiresAt };
  }
}
