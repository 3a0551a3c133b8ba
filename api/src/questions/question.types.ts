import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { QUESTION_TYPES, type QuestionType } from './question-rules';

/**
 * GraphQL shapes of registration questions. The rules (types, limits, messages) are in question-rules.ts;
 * these inputs only carry the values to it, so GraphQL and REST refuse the same things with the same words.
 */
export enum QuestionKind {
  TEXT = 'text',
  LONG_TEXT = 'long_text',
  SINGLE_CHOICE = 'single_choice',
  MULTIPLE_CHOICE = 'multiple_choice',
  NUMBER = 'number',
  YES_NO = 'yes_no',
}
registerEnumType(QuestionKind, { name: 'QuestionType', description: `One of ${QUESTION_TYPES.join(', ')}` });

@ObjectType('QuestionOption', { description: 'A choice, in the request\'s language' })
export class QuestionOptionView {
  @Field({ description: 'The stable code stored in answers' }) value: string;
  @Field() label: string;
}

@ObjectType('EventQuestion', { description: "A registration question in the request's language (Hindi falls back to English)" })
export class EventQuestionView {
  @Field(() => ID, { description: 'Answers are keyed by it' }) id: string;
  @Field(() => QuestionKind) type: QuestionType;
  @Field() label: string;
  @Field({ description: 'Empty when there is none' }) help: string;
  @Field() required: boolean;
  @Field(() => [QuestionOptionView], { description: 'Only for single and multiple choice' }) options: QuestionOptionView[];
}

@ObjectType('QuestionOptionDefinition')
export class QuestionOptionDefinitionView {
  @Field() value: string;
  @Field() label: string;
  @Field() labelHi: string;
}

@ObjectType('QuestionDefinition', { description: 'A registration question as the admin wrote it, both languages' })
export class QuestionDefinitionView {
  @Field(() => ID) id: string;
  @Field(() => QuestionKind) type: QuestionType;
  @Field() label: string;
  @Field() labelHi: string;
  @Field() help: string;
  @Field() helpHi: string;
  @Field() required: boolean;
  @Field(() => [QuestionOptionDefinitionView]) options: QuestionOptionDefinitionView[];
}

@InputType()
export class QuestionOptionInput {
  @Field({ nullable: true, description: 'A stable code; made from the English label when left out' }) value?: string;
  @Field() label: string;
  @Field({ nullable: true }) labelHi?: string;
}

@InputType({ description: 'A registration question (checked by the same rules as REST: field-level messages keyed questions[i].field)' })
export class QuestionInput {
  @Field(() => ID, { nullable: true, description: 'Keep it when editing, so the answers stay linked; made from the label when left out' }) id?: string;
  @Field(() => QuestionKind) type: QuestionType;
  @Field() label: string;
  @Field({ nullable: true }) labelHi?: string;
  @Field({ nullable: true }) help?: string;
  @Field({ nullable: true }) helpHi?: string;
  @Field({ nullable: true, defaultValue: false }) required?: boolean;
  @Field(() => [QuestionOptionInput], { nullable: true }) options?: QuestionOptionInput[];
}

@InputType({ description: 'One answer: `value` for text, number ("12"), yes/no ("true"/"false") and single choice; `values` for multiple choice' })
export class AnswerInput {
  @Field(() => ID) questionId: string;
  @Field(() => String, { nullable: true }) value?: string | null;
  @Field(() => [String], { nullable: true }) values?: string[] | null;
}

@ObjectType('Answer', { description: 'One stored answer: `value` as text (numbers and yes/no as "12", "true"), `values` for multiple choice; `display` in words for people' })
export class AnswerView {
  @Field(() => ID) questionId: string;
  @Field(() => String, { nullable: true }) value: string | null;
  @Field(() => [String], { nullable: true }) values: string[] | null;
  @Field({ description: "Option labels, Yes/No, in the request's language" }) display: string;
}

@ObjectType('RegistrantAnswers', { description: "One registrant's answers (the admin's registrations page)" })
export class RegistrantAnswersView {
  @Field(() => ID) userId: string;
  @Field(() => [AnswerView]) answers: AnswerView[];
}

@InputType()
export class UpdateAnswersInput {
  @Field(() => ID) eventId: string;
  @Field(() => [AnswerInput]) answers: AnswerInput[];
}

@ObjectType()
export class UpdateAnswersPayload {
  @Field(() => [AnswerView]) answers: AnswerView[];
  @Field() message: string;
}

@ObjectType('QuestionSet', { description: 'A saved list of questions, applied to events by copying it into their form' })
export class QuestionSetView {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field(() => [QuestionDefinitionView]) questions: QuestionDefinitionView[];
  @Field() updatedAt: Date;
}

@InputType({ description: 'Saving under an existing name replaces that set' })
export class QuestionSetInput {
  @Field() name: string;
  @Field(() => [QuestionInput]) questions: QuestionInput[];
}
