import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import type { RegistrationResult } from './registration.service';
import { EventRegistrationPayload, MyEvents } from './registration.types';
import { AnswerInput } from '../questions/question.types';
import { answersFromInput } from '../questions/question.service';

function payload(ctx: GraphQLContext, r: RegistrationResult): EventRegistrationPayload {
  // The per-request loader may have cached the state from before this mutation.
  ctx.loaders.isRegistered.clear(r.event.id);
  ctx.loaders.waitlist.clear(r.event.id);
  return { event: ctx.services.events.toView(r.event), message: r.message };
}

@Resolver()
export class RegistrationResolver {
  @Query(() => MyEvents, { description: "The signed-in person's events: registered (upcoming, past) and waiting" })
  @Access('user')
  async myEvents(@Ctx() ctx: GraphQLContext): Promise<MyEvents> {
    const mine = await ctx.services.registrations.myEvents(ctx.viewer!);
    const view = (list: typeof mine.upcoming) => list.map((e) => ctx.services.events.toView(e));
    return { upcoming: view(mine.upcoming), past: view(mine.past), waiting: view(mine.waiting) };
  }

  @Mutation(() => EventRegistrationPayload, { description: 'EVENT_FULL when full, EVENT_PAST once it has started; registering twice changes nothing' })
  @Access('user')
  async registerForEvent(
    @Ctx() ctx: GraphQLContext,
    @Arg('eventId', () => ID) eventId: string,
    @Arg('answers', () => [AnswerInput], { nullable: true, description: "Answers to the event's questions (VALIDATION naming the question, fields answers.<questionId>)" }) answers: AnswerInput[] | null,
  ): Promise<EventRegistrationPayload> {
    return payload(ctx, await ctx.services.registrations.register(ctx.viewer!, eventId, answersFromInput(answers), ctx.lang));
  }

  @Mutation(() => EventRegistrationPayload, { description: "An admin takes someone off an event's registrations (at any time)" })
  @Access('admin')
  async removeEventRegistration(
    @Ctx() ctx: GraphQLContext,
    @Arg('eventId', () => ID) eventId: string,
    @Arg('userId', () => ID) userId: string,
  ): Promise<EventRegistrationPayload> {
    return payload(ctx, await ctx.services.registrations.removeByAdmin(ctx.viewer!, eventId, userId));
  }

  @Mutation(() => EventRegistrationPayload)
  @Access('user')
  async unregisterFromEvent(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string): Promise<EventRegistrationPayload> {
    return payload(ctx, await ctx.services.registrations.unregister(ctx.viewer!, eventId));
  }
}
