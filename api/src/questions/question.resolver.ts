import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { EventView } from '../events/event.types';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { localizeQuestions } from './question-rules';
import { ANSWER_MESSAGES, answerShapes, answersFromInput } from './question.service';
import type { QuestionSetEntity } from './question-set.entity';
import {
  AnswerView,
  EventQuestionView,
  QuestionDefinitionView,
  QuestionSetInput,
  QuestionSetView,
  RegistrantAnswersView,
  UpdateAnswersInput,
  UpdateAnswersPayload,
} from './question.types';

const setView = (s: QuestionSetEntity): QuestionSetView => ({ id: s.id, name: s.name, questions: s.questions, updatedAt: s.updatedAt });

/** Answers, question sets: thin calls into QuestionService. */
@Resolver()
export class QuestionResolver {
  @Mutation(() => UpdateAnswersPayload, { description: 'Changes the caller\'s answers to an event\'s questions until it starts (EVENT_PAST after; NOT_FOUND when not registered; VALIDATION naming the question)' })
  @Access('user')
  async updateMyAnswers(@Ctx() ctx: GraphQLContext, @Arg('input', () => UpdateAnswersInput) input: UpdateAnswersInput): Promise<UpdateAnswersPayload> {
    const { questions, answers } = await ctx.services.questions.updateMyAnswers(ctx.viewer!, input.eventId, answersFromInput(input.answers) ?? {}, ctx.lang);
    ctx.loaders.myAnswers.clear(input.eventId);
    return { answers: answerShapes(questions, answers, ctx.lang), message: ANSWER_MESSAGES.saved };
  }

  @Query(() => [RegistrantAnswersView], { description: "Every registrant's answers to an event's questions (the registrations page)" })
  @Access('admin', 'registrations:read')
  async eventAnswers(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string): Promise<RegistrantAnswersView[]> {
    const event = await ctx.services.events.get(eventId);
    const answers = await ctx.services.questions.registrantAnswers(eventId);
    return [...answers.entries()].map(([userId, a]) => ({ userId, answers: answerShapes(event.questions ?? [], a, ctx.lang) }));
  }

  @Query(() => [QuestionSetView], { description: 'Saved question sets, by name' })
  @Access('admin')
  async questionSets(@Ctx() ctx: GraphQLContext): Promise<QuestionSetView[]> {
    return (await ctx.services.questions.listSets()).map(setView);
  }

  @Mutation(() => QuestionSetView, { description: 'Saves a question set (a set of the same name is replaced)' })
  @Access('admin')
  async saveQuestionSet(@Ctx() ctx: GraphQLContext, @Arg('input', () => QuestionSetInput) input: QuestionSetInput): Promise<QuestionSetView> {
    return setView(await ctx.services.questions.saveSet(ctx.viewer!, input));
  }

  @Mutation(() => QuestionSetView, { description: 'Deletes a question set (events that used it keep their questions)' })
  @Access('admin')
  async deleteQuestionSet(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<QuestionSetView> {
    return setView(await ctx.services.questions.deleteSet(ctx.viewer!, id));
  }
}

/** Event's question fields: the questions in the request's language, as written, and the caller's answers. */
@Resolver(() => EventView)
export class QuestionEventFieldsResolver {
  @FieldResolver(() => [EventQuestionView], { description: "Registration questions in the request's language" })
  questions(@Root() event: EventView, @Ctx() ctx: GraphQLContext): EventQuestionView[] {
    return localizeQuestions(event.questionDefs ?? [], ctx.lang);
  }

  @FieldResolver(() => [QuestionDefinitionView], { description: 'Registration questions as written, both languages (the admin form)' })
  questionDefinitions(@Root() event: EventView): QuestionDefinitionView[] {
    return event.questionDefs ?? [];
  }

  @FieldResolver(() => [AnswerView], { nullable: true, description: "The signed-in person's answers; null when signed out or not registered" })
  async myAnswers(@Root() event: EventView, @Ctx() ctx: GraphQLContext): Promise<AnswerView[] | null> {
    const answers = await ctx.loaders.myAnswers.load(event.id);
    return answers ? answerShapes(event.questionDefs ?? [], answers, ctx.lang) : null;
  }
}
