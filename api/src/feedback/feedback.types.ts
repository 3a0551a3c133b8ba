import { Transform, Type } from 'class-transformer';
import { JSONSchema } from 'class-validator-jsonschema';
import { IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { trimOptional } from '../common/validate';
import { LANGUAGES } from '../i18n/languages';

const RATING = 'Choose from 1 to 5';
const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);

@InputType()
export class FeedbackAnswerInput {
  @Field(() => ID) @IsString() @MaxLength(40, { message: 'Unknown question' })
  questionId: string;

  @Field(() => String, { nullable: true, description: "Text, a number, 'yes'/'no', or the value of the chosen option" })
  @IsOptional() @IsString({ message: 'An answer must be text' }) @MaxLength(3000, { message: 'An answer is too long' })
  value?: string | null;

  @Field(() => [String], { nullable: true, description: 'For a multiple choice: the values of the chosen options' })
  @IsOptional() @IsArray({ message: 'Choices must be a list' }) @IsString({ each: true, message: 'Choices must be text' })
  values?: string[] | null;
}

/** One person's feedback on an event. */
@InputType()
export class FeedbackInput {
  @Field(() => Int, { description: 'How useful the event was, 1-5' })
  @Transform(toInt) @IsInt({ message: RATING }) @Min(1, { message: RATING }) @Max(5, { message: RATING })
  usefulness: number;

  @Field(() => Int, { description: 'Overall, 1-5' })
  @Transform(toInt) @IsInt({ message: RATING }) @Min(1, { message: RATING }) @Max(5, { message: RATING })
  overall: number;

  @Field(() => String, { nullable: true, description: 'What to improve (at most 2000 characters)' })
  @Transform(trimOptional) @IsOptional() @IsString() @MaxLength(2000, { message: 'Please keep it under 2000 characters' })
  improve?: string;

  @Field(() => [FeedbackAnswerInput], { nullable: true, description: "Answers to the event's extra questions" })
  @IsOptional() @IsArray({ message: 'Answers must be a list' }) @ValidateNested({ each: true }) @Type(() => FeedbackAnswerInput)
  @JSONSchema({ type: 'array', items: { $ref: '#/components/schemas/FeedbackAnswerInput' } })
  answers?: FeedbackAnswerInput[];

  @Field(() => String, { nullable: true, description: "The language the person answered in ('en' or 'hi'; default 'en')" })
  @Transform(trimOptional) @IsOptional() @IsIn(LANGUAGES, { message: 'Unknown language' })
  language?: string;
}

@ObjectType()
export class FeedbackAnswer {
  @Field(() => ID) questionId: string;
  @Field(() => String, { nullable: true, description: "One answer: text, a number, 'yes'/'no', or the chosen option's value" }) value: string | null;
  @Field(() => [String], { description: "A multiple choice: the chosen options' values" }) values: string[];
}

@ObjectType({ description: "A person's own feedback on an event" })
export class FeedbackResponse {
  @Field(() => Int) usefulness: number;
  @Field(() => Int) overall: number;
  @Field(() => String, { nullable: true }) improve: string | null;
  @Field(() => [FeedbackAnswer]) answers: FeedbackAnswer[];
  @Field() language: string;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType('FeedbackQuestionChoice')
export class FeedbackQuestionChoice {
  @Field() value: string;
  @Field() label: string;
}

@ObjectType({ description: 'An extra question of a feedback form, in the language asked for (the kinds registration questions use)' })
export class FeedbackQuestionView {
  @Field(() => ID) id: string;
  @Field({ description: "'text', 'long_text', 'single_choice', 'multiple_choice', 'number' or 'yes_no'" }) type: string;
  @Field() label: string;
  @Field() help: string;
  @Field() required: boolean;
  @Field(() => [FeedbackQuestionChoice]) options: FeedbackQuestionChoice[];
}

@ObjectType({ description: 'The feedback form of one event for one person who attended it' })
export class FeedbackForm {
  @Field(() => ID) eventId: string;
  @Field({ description: "The event's title in the language asked for" }) eventTitle: string;
  @Field() eventEndsAt: Date;
  @Field({ description: '7 days after the end: answers can be given or changed until then' }) editableUntil: Date;
  @Field({ description: 'The event has ended and the 7 days have not passed' }) editable: boolean;
  @Field(() => [FeedbackQuestionView]) questions: FeedbackQuestionView[];
  @Field(() => FeedbackResponse, { nullable: true }) response: FeedbackResponse | null;
}

@ObjectType()
export class FeedbackPayload {
  @Field() message: string;
  @Field(() => FeedbackForm) form: FeedbackForm;
}

@ObjectType({ description: 'The signed-in person and an event they attended: can they give feedback now, and did they' })
export class MyFeedbackStatus {
  @Field({ description: 'The event has ended and answers are still open (7 days)' }) open: boolean;
  @Field() answered: boolean;
  @Field() editableUntil: Date;
}

@ObjectType()
export class FeedbackRating {
  @Field(() => Float, { nullable: true, description: 'null without responses' }) average: number | null;
  @Field(() => [Int], { description: 'How many gave 1, 2, 3, 4 and 5 (the first is 1)' }) distribution: number[];
}

@ObjectType()
export class FeedbackAverages {
  @Field(() => Float, { nullable: true }) usefulness: number | null;
  @Field(() => Float, { nullable: true }) overall: number | null;
}

@ObjectType()
export class FeedbackComment {
  @Field() text: string;
  @Field() language: string;
  @Field() at: Date;
}

@ObjectType()
export class FeedbackQuestionOption {
  @Field({ description: 'Stored in the answers; stays when the labels change' }) value: string;
  @Field() label: string;
  @Field() labelHi: string;
}

@ObjectType({ description: 'An extra question of a feedback form as stored (both languages)' })
export class FeedbackQuestionAdmin {
  @Field(() => ID) id: string;
  @Field() type: string;
  @Field() label: string;
  @Field() labelHi: string;
  @Field() help: string;
  @Field() helpHi: string;
  @Field() required: boolean;
  @Field(() => [FeedbackQuestionOption]) options: FeedbackQuestionOption[];
}

@ObjectType({ description: "An event's feedback for its admins" })
export class EventFeedbackSummary {
  @Field(() => ID) eventId: string;
  @Field(() => Int) responses: number;
  @Field(() => Int, { description: 'People checked in' }) attendees: number;
  @Field(() => Float, { description: 'responses / attendees (0-1)' }) responseRate: number;
  @Field(() => FeedbackAverages) averages: FeedbackAverages;
  @Field(() => FeedbackRating) usefulness: FeedbackRating;
  @Field(() => FeedbackRating) overall: FeedbackRating;
  @Field(() => [FeedbackComment], { description: 'What to improve, newest first' }) comments: FeedbackComment[];
  @Field(() => [FeedbackQuestionAdmin]) questions: FeedbackQuestionAdmin[];
}

@InputType()
export class FeedbackQuestionOptionInput {
  @Field(() => String, { nullable: true, description: 'Made from the English label when left out' }) value?: string | null;
  @Field() label: string;
  @Field(() => String, { nullable: true }) labelHi?: string | null;
}

/** Checked by the service with the registration questions' rules (questions/question-rules.ts). */
@InputType()
export class FeedbackQuestionInput {
  @Field(() => ID, { nullable: true, description: 'Made from the English label when left out; answers are stored under it' }) id?: string | null;
  @Field({ description: "'text', 'long_text', 'single_choice', 'multiple_choice', 'number' or 'yes_no'" }) type: string;
  @Field() label: string;
  @Field(() => String, { nullable: true }) labelHi?: string | null;
  @Field(() => String, { nullable: true }) help?: string | null;
  @Field(() => String, { nullable: true }) helpHi?: string | null;
  @Field({ defaultValue: false }) required: boolean;
  @Field(() => [FeedbackQuestionOptionInput], { nullable: true }) options?: FeedbackQuestionOptionInput[];
}

@ObjectType()
export class FeedbackQuestionsPayload {
  @Field() message: string;
  @Field(() => [FeedbackQuestionAdmin]) questions: FeedbackQuestionAdmin[];
}
