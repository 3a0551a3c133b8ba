import { arrayOf, boolean, dateTime, idParam, integer, MESSAGE, nullable, number, object, ok, okData, oneOfValues, string, uuid } from '../openapi/schema';
import { LANGUAGES } from '../i18n/languages';
import { route } from '../rest/route';
import { FeedbackInput } from './feedback.types';
import { QUESTION_TYPES } from '../questions/question-rules';

const TOKEN = { description: 'The signed token of the link in the feedback mail', schema: string() };

const rating = object({ average: nullable(number('null without responses')), distribution: arrayOf(integer(), 'How many gave 1, 2, 3, 4 and 5 (the first is 1)') });
const adminQuestion = object({
  id: string('Answers are stored under it'),
  type: oneOfValues(QUESTION_TYPES),
  label: string(),
  labelHi: string(),
  help: string(),
  helpHi: string(),
  required: boolean(),
  options: arrayOf(object({ value: string(), label: string(), labelHi: string() })),
});

const formSchema = object({
  eventId: uuid(),
  eventTitle: string("In the request's language"),
  eventEndsAt: dateTime(),
  editableUntil: dateTime('7 days after the end'),
  editable: boolean('The event has ended and the 7 days have not passed'),
  questions: arrayOf(object({ id: string(), type: oneOfValues(QUESTION_TYPES), label: string(), help: string(), required: boolean(), options: arrayOf(object({ value: string(), label: string() })) })),
  response: nullable(
    object({
      usefulness: integer(),
      overall: integer(),
      improve: nullable(string()),
      answers: arrayOf(object({ questionId: string(), value: nullable(string()), values: arrayOf(string()) })),
      language: oneOfValues(LANGUAGES),
      createdAt: dateTime(),
      updatedAt: dateTime(),
    }),
  ),
});

/** The attendee's form by the mailed link (public) or signed in (My events). */
export const feedbackRoutes = [
  route('get', '/feedback/:token', 'public', {
    summary: 'The feedback form behind a mailed link',
    description: 'No sign-in: the token names the event and the person. 400 for a link that is not valid, 409 once answers have closed (7 days after the end).',
    tag: 'Feedback',
    params: { token: TOKEN },
    response: { description: 'The form, and the answers already given', schema: okData(formSchema) },
    errors: ['VALIDATION', 'CONFLICT', 'FORBIDDEN', 'EVENT_CANCELLED'],
    localized: true,
  }, async (ctx) => ({ success: true, data: await ctx.services.feedback.formByToken(ctx.params.token, ctx.lang) })),
  route('put', '/feedback/:token', 'public', {
    summary: 'Give or change feedback by the mailed link',
    description: 'One response per person and event; it can be changed until 7 days after the end.',
    tag: 'Feedback',
    params: { token: TOKEN },
    body: FeedbackInput,
    response: { description: 'Saved', schema: ok({ message: MESSAGE, data: formSchema }) },
    errors: ['CONFLICT', 'FORBIDDEN', 'EVENT_CANCELLED'],
    localized: true,
  }, async (ctx) => {
    const r = await ctx.services.feedback.submitByToken(ctx.params.token, ctx.body);
    return { success: true, message: r.message, data: r.form };
  }),
  route('get', '/events/:id/my-feedback', 'user', {
    summary: 'Your feedback form for an event you attended',
    tag: 'Feedback',
    params: { id: idParam('The event') },
    response: { description: 'The form, and your answers', schema: okData(formSchema) },
    errors: ['FORBIDDEN', 'EVENT_CANCELLED'],
    localized: true,
  }, async (ctx) => ({ success: true, data: await ctx.services.feedback.myForm(ctx.viewer!, ctx.params.id, ctx.lang) })),
  route('put', '/events/:id/my-feedback', 'user', {
    summary: 'Give or change your feedback on an event you attended',
    tag: 'Feedback',
    params: { id: idParam('The event') },
    body: FeedbackInput,
    response: { description: 'Saved', schema: ok({ message: MESSAGE, data: formSchema }) },
    errors: ['CONFLICT', 'FORBIDDEN', 'EVENT_CANCELLED'],
    localized: true,
  }, async (ctx) => {
    const r = await ctx.services.feedback.submitMine(ctx.viewer!, ctx.params.id, ctx.body);
    return { success: true, message: r.message, data: r.form };
  }),
];

/** The admins' summary, CSV and extra questions. */
export const feedbackAdminRoutes = [
  route('get', '/events/:id/feedback', 'admin', {
    summary: "An event's feedback",
    description: 'Responses and attendees (checked in), the response rate, the averages and distribution of both ratings, and the comments (what to improve), newest first.',
    tag: 'Feedback',
    params: { id: idParam('The event') },
    response: {
      description: 'The summary',
      schema: ok({
        responses: integer(),
        attendees: integer('People checked in'),
        responseRate: number('responses / attendees (0-1)'),
        averages: object({ usefulness: nullable(number()), overall: nullable(number()) }),
        distribution: object({ usefulness: arrayOf(integer()), overall: arrayOf(integer()) }, { description: 'How many gave 1..5 (the first is 1)' }),
        usefulness: rating,
        overall: rating,
        comments: arrayOf(object({ text: string(), language: oneOfValues(LANGUAGES), at: dateTime() })),
        questions: arrayOf(adminQuestion),
      }),
    },
  }, async (ctx) => {
    const s = await ctx.services.feedback.summary(ctx.params.id);
    return {
      success: true,
      responses: s.responses,
      attendees: s.attendees,
      responseRate: s.responseRate,
      averages: s.averages,
      distribution: { usefulness: s.usefulness.distribution, overall: s.overall.distribution },
      usefulness: s.usefulness,
      overall: s.overall,
      comments: s.comments,
      questions: s.questions,
    };
  }),
  route('put', '/events/:id/feedback/questions', 'admin', {
    summary: "Replace an event's extra feedback questions",
    tag: 'Feedback',
    params: { id: idParam('The event') },
    body: { schema: object({ questions: arrayOf(object({ id: string(), type: oneOfValues(QUESTION_TYPES), label: string(), labelHi: string(), help: string(), helpHi: string(), required: boolean(), options: arrayOf(object({ value: string(), label: string(), labelHi: string() }, { optional: ['value', 'labelHi'] })) }, { optional: ['id', 'labelHi', 'help', 'helpHi', 'required', 'options'] }), 'At most 10; checked with the registration questions\' rules') }) },
    response: { description: 'Saved', schema: ok({ message: MESSAGE, questions: arrayOf(adminQuestion) }) },
  }, async (ctx) => {
    const r = await ctx.services.feedback.setQuestions(ctx.viewer!, ctx.params.id, ctx.body.questions);
    return { success: true, message: r.message, questions: r.questions };
  }),
  route('get', '/admin/export/events/:id/feedback.csv', 'admin', {
    summary: "An event's feedback as CSV",
    description: 'One row per response: name, email, usefulness, overall, improve, one column per extra question, language, submittedAt, updatedAt.',
    tag: 'Feedback',
    params: { id: idParam('The event') },
    response: { description: 'The CSV file (an attachment, UTF-8)', contentType: 'text/csv' },
  }, async (ctx) => {
    const csv = await ctx.services.feedback.csv(ctx.params.id);
    ctx.res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    ctx.res.setHeader('Content-Disposition', `attachment; filename="event-${ctx.params.id}-feedback.csv"`);
    ctx.res.setHeader('Cache-Control', 'private, no-store');
    ctx.res.send(csv);
  }),
];
