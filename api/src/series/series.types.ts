import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { trimOptional } from '../common/validate';
import { EventView } from '../events/event.types';
import { MAX_SERIES_DATES } from './series-dates';
import { SERIES_FREQUENCIES, type SeriesFrequency } from './event-series.entity';

export enum RepeatFrequency {
  WEEKLY = 'weekly',
  MONTHLY = 'monthly',
}
registerEnumType(RepeatFrequency, {
  name: 'RepeatFrequency',
  description: 'WEEKLY: every 7 days; MONTHLY: the same day of each month, or its last day when the month is shorter (31 January → 28/29 February → 31 March)',
});

export const COUNT_MESSAGE = `Count must be a whole number from 2 to ${MAX_SERIES_DATES}`;

/** How to repeat an event: weekly or monthly, until a date or for a count of dates (this one included); exactly one of the two. */
@InputType()
export class RepeatEventInput {
  @Field(() => RepeatFrequency)
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsIn(SERIES_FREQUENCIES, { message: "Frequency must be 'weekly' or 'monthly'" })
  frequency: SeriesFrequency;

  @Field(() => String, { nullable: true, description: 'The last date allowed, YYYY-MM-DD (inclusive)' })
  @Transform(trimOptional)
  @IsOptional()
  @Matches(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/, { message: 'Until must be a date (YYYY-MM-DD)' })
  until?: string;

  @Field(() => Int, { nullable: true, description: `How many dates in all, this one included: 2 to ${MAX_SERIES_DATES}` })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: COUNT_MESSAGE })
  @Min(2, { message: COUNT_MESSAGE })
  @Max(MAX_SERIES_DATES, { message: COUNT_MESSAGE })
  count?: number;
}

@ObjectType('EventSeries', { description: 'The rule an admin repeated an event by' })
export class EventSeriesView {
  @Field(() => ID) id: string;
  @Field(() => RepeatFrequency) frequency: SeriesFrequency;
  @Field(() => String, { nullable: true }) until: string | null;
  @Field(() => Int, { nullable: true }) count: number | null;
}

@ObjectType()
export class RepeatEventPayload {
  @Field(() => EventSeriesView) series: EventSeriesView;
  @Field(() => [EventView], { description: 'The dates created (the repeated event not included), soonest first' }) events: EventView[];
}
