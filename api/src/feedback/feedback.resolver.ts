import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { EventView } from '../events/event.types';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { EventFeedbackSummary, FeedbackForm, FeedbackInput, FeedbackPayload, FeedbackQuestionInput, FeedbackQuestionsPayload, MyFeedbackStatus } from './feedback.types';

/** Feedback after an event: the attendee's form (by the mailed link or signed in) and the admins' summary. */
@Resolver()
export class FeedbackResolver {
  @Query(() => FeedbackForm, { description: 'The feedback form behind a mailed link (no sign-in): VALIDATION for a bad link, CONFLICT once answers have closed' })
  @Access('public')
  feedbackForm(@Ctx() ctx: GraphQLContext, @Arg('token') token: string): Promise<FeedbackForm> {
    return ctx.services.feedback.formByToken(token, ctx.lang);
  }

  @Mutation(() => FeedbackPayload, { description: 'Saves (or, within 7 days of the end, changes) the feedback of the person the mailed link was made for' })
  @Access('public')
  submitFeedback(@Ctx() ctx: GraphQLContext, @Arg('token') token: string, @Arg('input', () => FeedbackInput) input: FeedbackInput): Promise<FeedbackPayload> {
    return ctx.services.feedback.submitByToken(token, input);
  }

  @Query(() => FeedbackForm, { description: "The signed-in person's feedback form for an event they attended (FORBIDDEN otherwise)" })
  @Access('user')
  myFeedbackForm(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string): Promise<FeedbackForm> {
    return ctx.services.feedback.myForm(ctx.viewer!, eventId, ctx.lang);
  }

  @Mutation(() => FeedbackPayload, { description: 'Saves or changes the signed-in attendee\'s feedback (My events)' })
  @Access('user')
  submitMyFeedback(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string, @Arg('input', () => FeedbackInput) input: FeedbackInput): Promise<FeedbackPayload> {
    return ctx.services.feedback.submitMine(ctx.viewer!, eventId, input);
  }

  @Query(() => EventFeedbackSummary, { description: "An event's feedback: response rate, averages, distributions, comments (CSV: GET /api/admin/export/events/{id}/feedback.csv)" })
  @Access('admin')
  eventFeedback(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string): Promise<EventFeedbackSummary> {
    return ctx.services.feedback.summary(eventId);
  }

  @Mutation(() => FeedbackQuestionsPayload, { description: "Replaces an event's extra feedback questions (at most 10)" })
  @Access('admin')
  setEventFeedbackQuestions(
    @Ctx() ctx: GraphQLContext,
    @Arg('eventId', () => ID) eventId: string,
    @Arg('questions', () => [FeedbackQuestionInput]) questions: FeedbackQuestionInput[],
  ): Promise<FeedbackQuestionsPayload> {
    return ctx.services.feedback.setQuestions(ctx.viewer!, eventId, questions);
  }
}

/** Event.myFeedback: can the signed-in person give feedback on this event (batched: loaders.myFeedback). */
@Resolver(() => EventView)
export class FeedbackEventFieldsResolver {
  @FieldResolver(() => MyFeedbackStatus, { nullable: true, description: 'For the signed-in person who attended: whether feedback is open and given; null otherwise or signed out' })
  async myFeedback(@Root() event: EventView, @Ctx() ctx: GraphQLContext): Promise<MyFeedbackStatus | null> {
    if (!ctx.viewer) return null;
    return ctx.loaders.myFeedback.load(event.id);
  }
}
