import { arrayOf, boolean, dateTime, named, object, oneOfValues, string, uuid, type JsonSchema } from '../openapi/schema';
import { QUESTION_TYPES } from './question-rules';

/** The REST reference's shapes of questions and answers (the rules are in question-rules.ts). */
export const restQuestionSchema = named(
  'Question',
  object(
    {
      id: string('Answers are keyed by it'),
      type: oneOfValues(QUESTION_TYPES),
      label: string("In the request's language (English where it has no Hindi)"),
      help: string('Empty when there is none'),
      required: boolean(),
      options: arrayOf(object({ value: string('The code to send as the answer'), label: string() }), 'Only for single_choice and multiple_choice'),
    },
    { description: 'A registration question' },
  ),
);

const optionDefinition = object({ value: string('A stable code (made from the English label when left out)'), label: string(), labelHi: string() }, { optional: ['value', 'labelHi'] });

/** A question as an admin writes it (POST/PUT /api/events `questions`, question sets). */
export const questionDefinitionSchema = named(
  'QuestionDefinition',
  object(
    {
      id: string('Letters, digits, - and _; keep it when editing so answers stay linked; made from the label when left out'),
      type: oneOfValues(QUESTION_TYPES),
      label: string('English, at most 200 characters'),
      labelHi: string('Hindi (optional)'),
      help: string('English help text (optional)'),
      helpHi: string('Hindi help text (optional)'),
      required: boolean('Default false'),
      options: arrayOf(optionDefinition, 'single_choice and multiple_choice: at least one, values unique'),
    },
    { optional: ['id', 'labelHi', 'help', 'helpHi', 'required', 'options'], description: 'A registration question, both languages' },
  ),
);

export const ANSWERS_DESCRIPTION =
  '{ [questionId]: value }: a string for text, long_text and single_choice (the option value); an array of option values for multiple_choice; a number (or numeric string) for number; true/false (or "yes"/"no") for yes_no. A missing required answer, a wrong type or an unknown option answers 400 with fields `answers.<questionId>`, naming the question in the request\'s language.';

const answerValue = { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'number' }, { type: 'boolean' }] } satisfies JsonSchema;

export const answersSchema: JsonSchema = { type: 'object', description: ANSWERS_DESCRIPTION, additionalProperties: answerValue };

/** `questions` of POST/PUT /api/events: the list, or (multipart bodies) the list as a JSON string. */
export const QUESTIONS_BODY_SCHEMA = {
  oneOf: [
    { type: 'array', items: { type: 'object', description: 'A question: { id?, type, label, labelHi?, help?, helpHi?, required?, options?: [{ value?, label, labelHi? }] } (see the QuestionDefinition schema)' } },
    { type: 'string', description: 'The same list as a JSON string (multipart bodies)' },
  ],
} satisfies JsonSchema;

export const questionSetSchema = named(
  'QuestionSet',
  object({ id: uuid(), name: string(), questions: arrayOf(questionDefinitionSchema), updatedAt: dateTime() }, { description: 'A saved list of questions' }),
);
