import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsDate, IsIn, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { trim, trimOptional } from '../common/validate';
import { MESSAGE_SEGMENTS, type MessageSegment } from './message.entity';

/** The most events one message may go to (a category's year is a few dozen). */
export const MAX_MESSAGE_EVENTS = 200;
const SEGMENT_MESSAGE = `Segment must be one of ${MESSAGE_SEGMENTS.join(', ')}`;

@InputType({ description: 'A message to the people of some events: subject and text in English, optionally in Hindi' })
export class MessageInput {
  @Field()
  @Transform(trim) @IsString({ message: 'Subject is required' }) @MinLength(1, { message: 'Subject is required' }) @MaxLength(200, { message: 'Subject is too long (200 characters at most)' })
  subject: string;

  @Field()
  @Transform(trim) @IsString({ message: 'Text is required' }) @MinLength(1, { message: 'Text is required' }) @MaxLength(10_000, { message: 'Text is too long (10000 characters at most)' })
  text: string;

  @Field(() => String, { nullable: true, description: 'The subject in Hindi (with textHi: people who read Hindi get it in Hindi)' })
  @Transform(trimOptional) @IsOptional() @IsString({ message: 'Hindi subject must be text' }) @MaxLength(200, { message: 'Hindi subject is too long (200 characters at most)' })
  subjectHi?: string | null;

  @Field(() => String, { nullable: true, description: 'The text in Hindi' })
  @Transform(trimOptional) @IsOptional() @IsString({ message: 'Hindi text must be text' }) @MaxLength(10_000, { message: 'Hindi text is too long (10000 characters at most)' })
  textHi?: string | null;

  @Field(() => [ID], { description: 'The events whose people receive it (one: service mail; several: news, which people may turn off)' })
  @IsArray({ message: 'Choose at least one event' }) @ArrayMinSize(1, { message: 'Choose at least one event' }) @ArrayMaxSize(MAX_MESSAGE_EVENTS, { message: `At most ${MAX_MESSAGE_EVENTS} events` })
  @IsUUID('all', { each: true, message: 'Each event id must be a UUID' })
  eventIds: string[];

  @Field(() => String, { description: `${MESSAGE_SEGMENTS.join(', ')} (absent: registered, not checked in)` })
  @IsIn(MESSAGE_SEGMENTS, { message: SEGMENT_MESSAGE })
  segment: MessageSegment;

  @Field(() => Date, { nullable: true, description: 'When to send it (ISO 8601); none or past: now' })
  @IsOptional() @Type(() => Date) @IsDate({ message: 'sendAt must be an ISO 8601 date and time' })
  sendAt?: Date | null;
}

export class NewsPreferenceInput {
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled: boolean;
}

export class StopNewsInput {
  @IsString({ message: 'This link is not valid' }) @MinLength(1, { message: 'This link is not valid' }) @MaxLength(1000, { message: 'This link is not valid' })
  token: string;
}

@ObjectType('MessageTotals', { description: "A message's deliveries by status" })
export class MessageTotalsView {
  @Field(() => Int) queued: number;
  @Field(() => Int) sent: number;
  @Field(() => Int) failed: number;
  @Field(() => Int, { description: 'Not sent: the person turned news off meanwhile, or the account is gone' }) skipped: number;
}

@ObjectType('Message', { description: 'A message from an admin to the people of some events' })
export class MessageView {
  @Field(() => ID) id: string;
  @Field() subject: string;
  @Field() text: string;
  @Field(() => String, { nullable: true }) subjectHi: string | null;
  @Field(() => String, { nullable: true }) textHi: string | null;
  @Field() segment: string;
  @Field(() => [ID]) eventIds: string[];
  @Field({ description: 'service (one event) or news (several events; people may turn news off)' }) kind: string;
  @Field({ description: 'scheduled, sending, sent or cancelled' }) status: string;
  @Field() sendAt: Date;
  @Field(() => Int, { description: 'People it goes to (counted when written; the deliveries made once it is sent)' }) recipients: number;
  @Field(() => MessageTotalsView) totals: MessageTotalsView;
  @Field(() => String, { nullable: true, description: 'Who wrote it' }) createdByEmail: string | null;
  @Field() createdAt: Date;
}

@ObjectType('MessageDelivery', { description: "One person's copy of a message" })
export class MessageDeliveryView {
  @Field(() => ID) id: string;
  @Field(() => ID, { nullable: true }) userId: string | null;
  @Field() recipient: string;
  @Field(() => String, { nullable: true }) name: string | null;
  @Field({ description: 'en or hi: the language it is written in' }) language: string;
  @Field({ description: 'queued, sending, sent, failed or skipped' }) status: string;
  @Field(() => Int) attempts: number;
  @Field(() => String, { nullable: true }) error: string | null;
  @Field(() => Date, { nullable: true }) sentAt: Date | null;
}

@ObjectType()
export class MessageDeliveryPage {
  @Field(() => [MessageDeliveryView]) items: MessageDeliveryView[];
  @Field(() => Int) total: number;
  @Field(() => Int) offset: number;
  @Field(() => Int) limit: number;
}

@ObjectType('MessagePreviewLanguage', { description: 'The message as people reading one language receive it' })
export class MessagePreviewLanguageView {
  @Field() language: string;
  @Field(() => Int, { description: 'People who receive it in this language' }) recipients: number;
  @Field() subject: string;
  @Field({ description: 'The plain-text part' }) text: string;
  @Field({ description: 'The HTML part' }) html: string;
}

@ObjectType('MessagePreview', { description: 'Who a message would reach and how it reads, before it is sent' })
export class MessagePreviewView {
  @Field(() => Int, { description: 'Distinct people it goes to' }) recipients: number;
  @Field({ description: 'service or news' }) kind: string;
  @Field(() => Int, { description: 'People left out because they turned news off (news only)' }) optedOut: number;
  @Field(() => Int, { description: 'People this admin may still message this hour' }) remainingThisHour: number;
  @Field(() => [MessagePreviewLanguageView]) languages: MessagePreviewLanguageView[];
}

@ObjectType({ description: 'The message made: its id and how many people it goes to' })
export class SendMessagePayload {
  @Field(() => ID) id: string;
  @Field(() => Int) recipients: number;
  @Field(() => MessageView) message: MessageView;
}
