import { arrayOf, boolean, idParam, object, okData, okMessageData, uuid } from '../openapi/schema';
import { created, route } from '../rest/route';
import { localizeQuestions } from './question-rules';
import { ANSWER_MESSAGES } from './question.service';
import type { QuestionSetEntity } from './question-set.entity';
import { answersSchema, questionDefinitionSchema, questionSetSchema, restQuestionSchema } from './question.schema';

const myAnswersSchema = object({
  questions: arrayOf(restQuestionSchema, "The event's questions, in the request's language"),
  answers: answersSchema,
  editable: boolean('True until the event starts'),
});

/** The registrant's side: their answers to an event's questions, changed until it starts. */
export const questionRoutes = [
  route('get', '/events/:id/answers', 'user', {
    summary: 'Your answers to an event\'s registration questions',
    tag: 'Registration',
    params: { id: idParam('The event') },
    localized: true,
    response: { description: 'The questions and your answers', schema: okData(myAnswersSchema) },
  }, async (ctx) => {
    const r = await ctx.services.questions.myAnswersTo(ctx.viewer!, ctx.params.id);
    return { success: true, data: { questions: localizeQuestions(r.questions, ctx.lang), answers: r.answers, editable: r.editable } };
  }),
  route('put', '/events/:id/answers', 'user', {
    summary: 'Change your answers to an event\'s registration questions',
    description: 'Replaces your answers (checked as on registering) until the event starts: 409 EVENT_PAST after, 404 when you are not registered.',
    tag: 'Registration',
    params: { id: idParam('The event') },
    localized: true,
    body: { schema: object({ answers: answersSchema }) },
    response: { description: 'Saved', schema: okMessageData(object({ answers: answersSchema })) },
    errors: ['VALIDATION', 'EVENT_PAST'],
  }, async (ctx) => {
    const r = await ctx.services.questions.updateMyAnswers(ctx.viewer!, ctx.params.id, ctx.body.answers, ctx.lang);
    return { success: true, message: ANSWER_MESSAGES.saved, data: { answers: r.answers } };
  }),
];

const TAG = 'Admin: events';
const rest = (s: QuestionSetEntity) => ({ id: s.id, name: s.name, questions: s.questions, updatedAt: s.updatedAt });

/** The admin's side: every registrant's answers, and the saved question sets. */
export const questionAdminRoutes = [
  route('get', '/admin/events/:id/answers', 'admin', {
    scope: 'registrations:read',
    summary: "Every registrant's answers to an event's questions",
    description: 'Stored answers as sent (option values, numbers, true/false); the registrations CSV has them in words.',
    tag: TAG,
    params: { id: idParam('The event') },
    response: { description: 'One entry per registration', schema: okData(arrayOf(object({ userId: uuid(), answers: answersSchema }))) },
  }, async (ctx) => {
    await ctx.services.events.get(ctx.params.id);
    const answers = await ctx.services.questions.registrantAnswers(ctx.params.id);
    return { success: true, data: [...answers.entries()].map(([userId, a]) => ({ userId, answers: a })) };
  }),
  route('get', '/admin/question-sets', 'admin', {
    summary: 'Saved question sets, by name',
    tag: TAG,
    response: { description: 'The sets', schema: okData(arrayOf(questionSetSchema)) },
  }, async (ctx) => ({ success: true, data: (await ctx.services.questions.listSets()).map(rest) })),
  route('post', '/admin/question-sets', 'admin', {
    summary: 'Save a question set (a set of the same name is replaced)',
    description: 'Apply a set to an event by sending its questions in `questions` of POST or PUT /api/events.',
    tag: TAG,
    body: { schema: object({ name: { type: 'string', maxLength: 120 }, questions: { ...arrayOf(questionDefinitionSchema), minItems: 1 } }) },
    response: { status: 201, description: 'The saved set', schema: okMessageData(questionSetSchema) },
  }, async (ctx) => created({ success: true, message: ANSWER_MESSAGES.setSaved, data: rest(await ctx.services.questions.saveSet(ctx.viewer!, ctx.body)) })),
  route('delete', '/admin/question-sets/:id', 'admin', {
    summary: 'Delete a question set (events that used it keep their questions)',
    tag: TAG,
    params: { id: idParam('The set') },
    response: { description: 'The deleted set', schema: okMessageData(questionSetSchema) },
  }, async (ctx) => ({ success: true, message: ANSWER_MESSAGES.setDeleted, data: rest(await ctx.services.questions.deleteSet(ctx.viewer!, ctx.params.id)) })),
];
