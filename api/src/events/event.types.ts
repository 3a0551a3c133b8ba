import { Transform, Type } from 'class-transformer';
import { Allow, ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { trim, trimOptional } from '../common/validate';
import { IMAGE_KEY_PATTERN } from '../uploads/image.service';
import { TRANSLATION_LANGUAGES } from '../i18n/languages';
import { withTranslationInputs } from '../i18n/translation-inputs';
import type { LocalizedText, TextSpec } from '../i18n/translations';
import { EVENT_CATEGORIES, type EventCategoryValue } from './event.entity';
import { EventSessionInput, MAX_SESSIONS } from '../sessions/session.types';
import type { Question } from '../questions/question-rules';
import { QuestionInput } from '../questions/question.types';
import { JSONSchema } from 'class-validator-jsonschema';
import { QUESTIONS_BODY_SCHEMA } from '../questions/question.schema';
import { MeetingLinkField } from '../meeting-links/meeting-link.field';
import { SeriesApplyTo, SeriesApplyToField } from '../series/series-apply-to';

export enum EventWhen {
  UPCOMING = 'upcoming',
  ACTIVE = 'active',
  FUTURE = 'future',
  PAST = 'past',
  ALL = 'all',
}
registerEnumType(EventWhen, {
  name: 'EventWhen',
  description: 'UPCOMING: today or later (India time); ACTIVE: today; FUTURE: after today; PAST: before today; ALL: any date',
});

export enum EventOrder {
  DATE = 'date',
  UPCOMING_FIRST = 'upcoming_first',
}
registerEnumType(EventOrder, {
  name: 'EventOrder',
  description: 'DATE: by date and time (PAST latest first, the rest soonest first); UPCOMING_FIRST: today and later soonest first, then earlier events latest first (the admin list)',
});

export enum EventCategory {
  GENERAL = 'general',
  PRIMARY = 'primary',
  SECONDARY = 'secondary',
  GRADUATE = 'graduate',
}
registerEnumType(EventCategory, { name: 'EventCategory' });

export enum EventTiming {
  UPCOMING = 'upcoming',
  ACTIVE = 'active',
  PAST = 'past',
}
registerEnumType(EventTiming, { name: 'EventTiming', description: 'The admin reading: by date only, later is UPCOMING, today ACTIVE, earlier PAST' });

/** The fields of an event written per language (English required except the speaker; others fall back to English). */
export type EventTextField = 'title' | 'description' | 'location' | 'speaker';
export const EVENT_TEXT: TextSpec<EventTextField> = {
  fields: ['title', 'description', 'location', 'speaker'],
  required: ['title', 'description', 'location'],
  maxLength: { title: 200, description: 10000, location: 200, speaker: 120 },
  label: { title: 'Title', description: 'Description', location: 'Location', speaker: 'Speaker' },
};

@ObjectType('EventTranslation', { description: "An event's own text in one language, as written (null where that language has none)" })
export class EventTranslationView {
  @Field({ description: "'en' or 'hi'" }) lang: string;
  @Field(() => String, { nullable: true }) title: string | null;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => String, { nullable: true }) location: string | null;
  @Field(() => String, { nullable: true }) speaker: string | null;
}

/**
 * An event as the API shows it. Its title, description, location and speaker are resolved in the
 * request's language (EventResolver), from `text`.
 */
@ObjectType('Event')
export class EventView {
  @Field(() => ID) id: string;
  text: LocalizedText<EventTextField>;
  /** Registration questions, both languages; Event.questions answers them localized (questions/question.resolver.ts). */
  questionDefs: Question[];
  @Field({ description: 'Local date, YYYY-MM-DD' }) date: string;
  @Field({ description: 'Local start time, HH:MM (24h)' }) time: string;
  @Field(() => String, { nullable: true }) endDate: string | null;
  @Field(() => String, { nullable: true }) endTime: string | null;
  @Field() startsAt: Date;
  @Field(() => EventCategory) category: EventCategoryValue;
  @Field(() => String, { nullable: true }) externalLink: string | null;
  @Field(() => Int, { nullable: true }) maxParticipants: number | null;
  @Field(() => String, { nullable: true, description: 'Largest rendition' }) imageUrl: string | null;
  @Field(() => String, { nullable: true }) imageSrcSet: string | null;
  @Field(() => Int) registeredCount: number;
  @Field(() => Int, { description: 'Places held for people from the waiting list: offered to them, not yet accepted (they count towards isFull)' }) offeredCount: number;
  /** Registered or held places only; the GraphQL field (WaitlistEventFieldsResolver) also counts the people waiting. */
  @Field({ description: 'No place to register: every place is registered, held for someone from the waiting list, or due to someone waiting (a freed place goes to the waiting list first)' }) isFull: boolean;
  @Field(() => Int, { description: "How long a place offered to someone from the waiting list is held (hours), never past the event's start" }) waitlistOfferHours: number;
  @Field(() => Int, { description: 'Hours after the end when attendees get the feedback form by mail (0-168, default 2)' }) feedbackDelayHours: number;
  @Field({ description: 'Public reading: the date is today or later' }) isUpcoming: boolean;
  @Field({ description: 'The start date and time have passed' }) hasStarted: boolean;
  @Field({ description: 'Over: its end date and time have passed (without an end time, its last day), India time; certificates can be issued from then' }) hasEnded: boolean;
  @Field(() => EventTiming) timing: EventTiming;
  @Field({ description: 'An admin cancelled it: no registration, registrants were told' }) cancelled: boolean;
  @Field(() => Date, { nullable: true }) cancelledAt: Date | null;
  @Field(() => Int, { nullable: true, description: 'The certificate needs attendance at this many sessions (null: all of them)' }) certificateMinSessions: number | null;
  @Field() createdAt: Date;
  @Field(() => ID, { nullable: true, description: 'The series this date belongs to (an admin repeated an event), or null' }) seriesId: string | null;
  @Field({ description: "It has an online meeting, its own or one of its sessions' (the link itself only for registrants and admins: meetingLink)" }) isOnline: boolean;
}

@ObjectType()
export class EventPage {
  @Field(() => [EventView]) items: EventView[];
  @Field(() => Int) total: number;
  @Field(() => Int) offset: number;
  @Field(() => Int) limit: number;
}

@ObjectType()
export class DayCount {
  @Field({ description: 'YYYY-MM-DD' }) date: string;
  @Field(() => Int) count: number;
}

@InputType()
export class EventFilter {
  @Field(() => EventWhen, { defaultValue: EventWhen.ALL })
  @IsOptional()
  @IsIn(Object.values(EventWhen), { message: 'Unknown event type filter' })
  when?: EventWhen;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Month must be 1-12' })
  @Min(1, { message: 'Month must be 1-12' })
  @Max(12, { message: 'Month must be 1-12' })
  month?: number;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Year must be a number' })
  @Min(1900, { message: 'Year is out of range' })
  @Max(2200, { message: 'Year is out of range' })
  year?: number;

  @Field(() => EventCategory, { nullable: true })
  @IsOptional()
  @IsIn(EVENT_CATEGORIES, { message: 'Category is invalid' })
  category?: EventCategoryValue;

  @Field({ nullable: true, description: 'Finds an event by its title or speaker in any language, or its id' })
  @IsOptional()
  @Transform(trimOptional)
  @IsString()
  @MaxLength(100)
  search?: string;

  @Field(() => String, { nullable: true, description: "Only events not fully written in this language ('hi')" })
  @IsOptional()
  @Transform(trimOptional)
  @IsIn(TRANSLATION_LANGUAGES, { message: 'Unknown language' })
  missingLanguage?: string;

  @Field(() => EventOrder, { nullable: true, description: 'The order of the list (default DATE)' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(Object.values(EventOrder), { message: 'Unknown event order' })
  order?: EventOrder;
}

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const WAITLIST_HOURS_MESSAGE = 'Offer hours must be a whole number from 1 to 168';
const FEEDBACK_DELAY_MESSAGE = 'Feedback delay must be a whole number of hours from 0 to 168';
/** Waiting-list offer hours: a number, or a form field's string; empty or null means unchanged (the default on create). */
const offerHours = ({ value }: { value: unknown }) =>
  value === '' || value === null || value === 'null' || value === undefined ? undefined : typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;

/** Event fields as an admin submits them (create), with the admin form's messages: the EventInput schema of GET /api/openapi.json. */
@InputType()
export class EventInput {
  @Field() @Transform(trim) @IsString({ message: 'Title is required' }) @MinLength(1, { message: 'Title is required' }) @MaxLength(200, { message: 'Title is too long (200 characters at most)' })
  title: string;

  @Field(() => EventCategory) @IsIn(EVENT_CATEGORIES, { message: 'Category is required' })
  category: EventCategoryValue;

  @Field() @Transform(trim) @IsString({ message: 'Description is required' }) @MinLength(1, { message: 'Description is required' }) @MaxLength(10000, { message: 'Description is too long' })
  description: string;

  @Field({ description: 'YYYY-MM-DD (a longer ISO string is cut to its first 10 characters)' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().slice(0, 10) : value))
  @IsString({ message: 'Date is required' }) @Matches(DATE, { message: 'Date is required' })
  date: string;

  @Field() @Transform(trim) @IsString({ message: 'Time is required' }) @Matches(TIME, { message: 'Time is required' })
  time: string;

  @Field() @Transform(trim) @IsString({ message: 'Location is required' }) @MinLength(1, { message: 'Location is required' }) @MaxLength(200, { message: 'Location is too long' })
  location: string;

  @Field(() => String, { nullable: true })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().slice(0, 10) || undefined : value ?? undefined))
  @IsOptional() @Matches(DATE, { message: 'End date must be a date' })
  endDate?: string;

  @Field(() => String, { nullable: true }) @Transform(trimOptional) @IsOptional() @Matches(TIME, { message: 'End time must be HH:MM' })
  endTime?: string;

  @Field(() => Int, { nullable: true })
  @Transform(({ value }) => (value === '' || value === null || value === 'null' || value === undefined ? undefined : typeof value === 'string' ? Number(value) : value))
  @IsOptional() @IsInt({ message: 'Max participants must be a whole number' }) @Min(1, { message: 'Max participants must be at least 1' }) @Max(1_000_000)
  maxParticipants?: number;

  @Field(() => String, { nullable: true }) @Transform(trimOptional) @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'External link must be a valid URL' }) @MaxLength(500)
  externalLink?: string;

  @Field(() => String, { nullable: true }) @Transform(trimOptional) @IsOptional() @IsString() @MaxLength(120, { message: 'Speaker is too long' })
  speaker?: string;

  @Field(() => Int, { nullable: true, description: 'How long a place offered from the waiting list is held: 1-168 hours (default 24)' })
  @Transform(offerHours)
  @IsOptional() @IsInt({ message: WAITLIST_HOURS_MESSAGE }) @Min(1, { message: WAITLIST_HOURS_MESSAGE }) @Max(168, { message: WAITLIST_HOURS_MESSAGE })
  waitlistOfferHours?: number;

  @Field(() => Int, { nullable: true, description: 'Hours after the end when attendees get the feedback form by mail: 0-168 (default 2)' })
  @Transform(offerHours)
  @IsOptional() @IsInt({ message: FEEDBACK_DELAY_MESSAGE }) @Min(0, { message: FEEDBACK_DELAY_MESSAGE }) @Max(168, { message: FEEDBACK_DELAY_MESSAGE })
  feedbackDelayHours?: number;

  @Field(() => String, { nullable: true, description: 'An image uploaded with POST /api/uploads' })
  @Transform(trimOptional) @IsOptional() @Matches(IMAGE_KEY_PATTERN, { message: 'Image key is invalid' })
  imageKey?: string;

  @Field(() => [EventSessionInput], { nullable: true, description: `The sessions, in time order (1-${MAX_SESSIONS}); without them, date, time, endDate and endTime make the one session. In a multipart form: JSON text` })
  @IsOptional() @IsArray({ message: 'Sessions must be a list of sessions (in a form: JSON text)' })
  @ArrayMinSize(1, { message: 'An event has at least one session' }) @ArrayMaxSize(MAX_SESSIONS, { message: `An event has at most ${MAX_SESSIONS} sessions` })
  @ValidateNested({ each: true }) @Type(() => EventSessionInput)
  sessions?: EventSessionInput[];

  @Field(() => Int, { nullable: true, description: 'Certificate rule: attended at least this many of the N sessions (1-N; null or absent: all)' })
  @Transform(({ value }) => (value === '' || value === 'null' ? null : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value))
  @IsOptional() @IsInt({ message: 'Sessions needed for a certificate must be a whole number' })
  certificateMinSessions?: number | null;
  @Field(() => [QuestionInput], { nullable: true, description: 'Registration questions (replace the list; keep ids so answers stay linked). In multipart bodies, a JSON string. Checked by the service: 400 with fields questions[i].field' })
  @IsOptional() @Allow() @JSONSchema(QUESTIONS_BODY_SCHEMA)
  questions?: unknown;
  @MeetingLinkField()
  meetingLink?: string;
}

/** An edit: every field optional (the old edit form has no required checks), the same shape rules. */
@InputType()
export class EventUpdateInput {
  @Field({ nullable: true }) @Transform(trimOptional) @IsOptional() @IsString() @MinLength(1, { message: 'Title is required' }) @MaxLength(200, { message: 'Title is too long (200 characters at most)' })
  title?: string;

  @Field(() => EventCategory, { nullable: true }) @Transform(trimOptional) @IsOptional() @IsIn(EVENT_CATEGORIES, { message: 'Category is required' })
  category?: EventCategoryValue;

  @Field({ nullable: true }) @Transform(trimOptional) @IsOptional() @IsString() @MaxLength(10000)
  description?: string;

  @Field({ nullable: true })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().slice(0, 10) || undefined : value ?? undefined))
  @IsOptional() @Matches(DATE, { message: 'Date is required' })
  date?: string;

  @Field({ nullable: true }) @Transform(trimOptional) @IsOptional() @Matches(TIME, { message: 'Time is required' })
  time?: string;

  @Field({ nullable: true }) @Transform(trimOptional) @IsOptional() @IsString() @MaxLength(200)
  location?: string;

  @Field(() => String, { nullable: true, description: 'Empty string clears it' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().slice(0, 10) : value === null ? '' : value))
  @IsOptional() @Matches(/^(\d{4}-\d{2}-\d{2})?$/, { message: 'End date must be a date' })
  endDate?: string;

  @Field(() => String, { nullable: true, description: 'Empty string clears it' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value === null ? '' : value))
  @IsOptional() @Matches(/^(([01][0-9]|2[0-3]):[0-5][0-9])?$/, { message: 'End time must be HH:MM' })
  endTime?: string;

  @Field(() => Int, { nullable: true, description: 'null (or an empty string over REST) clears it' })
  @Transform(({ value }) => (value === '' || value === 'null' ? null : typeof value === 'string' ? Number(value) : value))
  @IsOptional() @IsInt({ message: 'Max participants must be a whole number' }) @Min(1, { message: 'Max participants must be at least 1' }) @Max(1_000_000)
  maxParticipants?: number | null;

  @Field(() => String, { nullable: true, description: 'Empty string clears it' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value === null ? '' : value))
  @IsOptional()
  @Matches(/^(https?:\/\/[^\s]+)?$/, { message: 'External link must be a valid URL' }) @MaxLength(500)
  externalLink?: string;

  @Field(() => String, { nullable: true, description: 'Empty string clears it' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value === null ? '' : value))
  @IsOptional() @IsString() @MaxLength(120)
  speaker?: string;

  @Field(() => Int, { nullable: true, description: 'How long a place offered from the waiting list is held: 1-168 hours' })
  @Transform(offerHours)
  @IsOptional() @IsInt({ message: WAITLIST_HOURS_MESSAGE }) @Min(1, { message: WAITLIST_HOURS_MESSAGE }) @Max(168, { message: WAITLIST_HOURS_MESSAGE })
  waitlistOfferHours?: number;

  @Field(() => Int, { nullable: true, description: 'Hours after the end when attendees get the feedback form by mail: 0-168 (default 2)' })
  @Transform(offerHours)
  @IsOptional() @IsInt({ message: FEEDBACK_DELAY_MESSAGE }) @Min(0, { message: FEEDBACK_DELAY_MESSAGE }) @Max(168, { message: FEEDBACK_DELAY_MESSAGE })
  feedbackDelayHours?: number;

  @Field(() => String, { nullable: true, description: 'An image uploaded with POST /api/uploads; an empty string removes the image' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value === null ? '' : value))
  @IsOptional() @Matches(/^([a-f0-9]{24})?$/, { message: 'Image key is invalid' })
  imageKey?: string;

  @Field(() => [EventSessionInput], { nullable: true, description: `Replaces the sessions (give an existing session's id to keep its attendance), in time order (1-${MAX_SESSIONS}); without them, a one-session event follows date, time, endDate and endTime. In a multipart form: JSON text` })
  @IsOptional() @IsArray({ message: 'Sessions must be a list of sessions (in a form: JSON text)' })
  @ArrayMinSize(1, { message: 'An event has at least one session' }) @ArrayMaxSize(MAX_SESSIONS, { message: `An event has at most ${MAX_SESSIONS} sessions` })
  @ValidateNested({ each: true }) @Type(() => EventSessionInput)
  sessions?: EventSessionInput[];

  @Field(() => Int, { nullable: true, description: 'Certificate rule: attended at least this many of the N sessions (1-N; null or absent: all)' })
  @Transform(({ value }) => (value === '' || value === 'null' ? null : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value))
  @IsOptional() @IsInt({ message: 'Sessions needed for a certificate must be a whole number' })
  certificateMinSessions?: number | null;
  @Field(() => [QuestionInput], { nullable: true, description: 'Registration questions (replace the list; keep ids so answers stay linked). In multipart bodies, a JSON string. Checked by the service: 400 with fields questions[i].field' })
  @IsOptional() @Allow() @JSONSchema(QUESTIONS_BODY_SCHEMA)
  questions?: unknown;
  @MeetingLinkField({ clearable: true })
  meetingLink?: string;

  @SeriesApplyToField()
  applyTo?: SeriesApplyTo;
}

withTranslationInputs(EventInput, EVENT_TEXT);
withTranslationInputs(EventUpdateInput, EVENT_TEXT);
