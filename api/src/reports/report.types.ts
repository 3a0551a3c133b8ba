import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { trimOptional } from '../common/validate';
import { EVENT_CATEGORIES, type EventCategoryValue } from '../events/event.entity';
import { EventCategory } from '../events/event.types';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_MESSAGE = (what: string) => `${what} must be a date written YYYY-MM-DD`;
const noCategory = ({ value }: { value: unknown }) => (value === 'all' || value === '' || value === null ? undefined : trimOptional({ value }));

/** The report's period (India dates, both days included) and, optionally, one event category. */
@InputType({ description: 'The period of an impact report, both days included, and optionally one event category' })
export class ImpactReportFilter {
  @Field({ description: 'First day, YYYY-MM-DD (India date)' })
  @IsString({ message: DATE_MESSAGE('From') }) @Matches(DATE, { message: DATE_MESSAGE('From') })
  from: string;

  @Field({ description: 'Last day, YYYY-MM-DD (India date), included' })
  @IsString({ message: DATE_MESSAGE('To') }) @Matches(DATE, { message: DATE_MESSAGE('To') })
  to: string;

  @Field(() => EventCategory, { nullable: true, description: 'Only events of this category (none: every category)' })
  @Transform(noCategory) @IsOptional() @IsIn(EVENT_CATEGORIES, { message: 'Category is invalid' })
  category?: EventCategoryValue;
}

@ObjectType({ description: "People reached, grouped by district or school: their answer to an event's district or school question, else their profile's; name null: not given" })
export class ReachGroup {
  @Field(() => String, { nullable: true }) name: string | null;
  @Field(() => Int) people: number;
}

@ObjectType({ description: 'Attendees per user category (primary = teachers; student, secondary, graduate = learners)' })
export class ReachCategory {
  @Field() category: string;
  @Field(() => Int) people: number;
}

@ObjectType({ description: 'One calendar month of the period (India dates)' })
export class ImpactMonth {
  @Field({ description: 'YYYY-MM' }) month: string;
  @Field(() => Int) events: number;
  @Field(() => Int) registrations: number;
  @Field(() => Int) attended: number;
  @Field(() => Int) certificates: number;
}

@ObjectType({ description: 'Feedback given on the events of the period (null averages: no answers)' })
export class ImpactFeedback {
  @Field(() => Int) responses: number;
  @Field(() => Float, { nullable: true, description: 'How useful, 1 to 5' }) usefulness: number | null;
  @Field(() => Float, { nullable: true, description: 'Overall, 1 to 5' }) overall: number | null;
}

/**
 * What the charity achieved in a period, for donors: the events held (started by now, not cancelled) whose
 * date is in the period, their registrations and attendance, the distinct people reached, certificates and
 * feedback, and the month-by-month trend.
 */
@ObjectType()
export class ImpactReport {
  @Field() from: string;
  @Field() to: string;
  @Field(() => EventCategory, { nullable: true }) category: EventCategoryValue | null;
  @Field({ description: 'When the figures were computed' }) generatedAt: Date;
  @Field(() => Int, { description: 'Events held: date in the period, started by now, not cancelled' }) events: number;
  @Field(() => Int, { description: 'Registrations for those events (a person at two events counts twice)' }) registrations: number;
  @Field(() => Int, { description: 'Registrations checked in' }) attended: number;
  @Field(() => Float, { description: 'attended / registrations (0 when nobody registered)' }) attendanceRate: number;
  @Field(() => Int, { description: 'Distinct people registered' }) peopleRegistered: number;
  @Field(() => Int, { description: 'Distinct people who attended at least one event' }) peopleReached: number;
  @Field(() => Int, { description: 'Distinct teachers (category primary) who attended' }) teachersReached: number;
  @Field(() => Int, { description: 'Distinct students (categories student, secondary, graduate) who attended' }) studentsReached: number;
  @Field(() => Int, { description: 'Certificates issued for those events and not revoked' }) certificates: number;
  @Field(() => ImpactFeedback) feedback: ImpactFeedback;
  @Field(() => [ReachCategory], { description: 'People reached per user category' }) reachedByCategory: ReachCategory[];
  @Field(() => [ReachGroup], { description: 'People reached per district (answered, else from the profile), most first, at most 20' }) reachedByDistrict: ReachGroup[];
  @Field(() => [ReachGroup], { description: 'People reached per school (answered, else from the profile), most first, at most 20' }) reachedBySchool: ReachGroup[];
  @Field(() => [ImpactMonth], { description: 'Every month of the period, oldest first' }) months: ImpactMonth[];
}
