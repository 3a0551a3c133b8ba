import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { trim, trimOptional, UUID_PATTERN } from '../common/validate';
import { MeetingLinkField } from '../meeting-links/meeting-link.field';

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const emptyToUndefined = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value ?? undefined);

export const MAX_SESSIONS = 50;

/** One session as an admin writes it: the date, start and (optional) end time, and optionally its own title and place. */
@InputType('EventSessionInput')
export class EventSessionInput {
  @Field(() => ID, { nullable: true, description: 'An existing session of this event (keeps its attendance); omit for a new one' })
  @Transform(emptyToUndefined) @IsOptional() @Matches(UUID_PATTERN, { message: 'Unknown session' })
  id?: string;

  @Field({ description: 'Local date, YYYY-MM-DD' })
  @Transform(trim) @IsString({ message: 'Date is required' }) @Matches(DATE, { message: 'Date is required (YYYY-MM-DD)' })
  date: string;

  @Field({ description: 'Local start time, HH:MM' })
  @Transform(trim) @IsString({ message: 'Start time is required' }) @Matches(TIME, { message: 'Start time is required (HH:MM)' })
  time: string;

  @Field(() => String, { nullable: true, description: 'Local end time, HH:MM, on the same day (after the start)' })
  @Transform(emptyToUndefined) @IsOptional() @Matches(TIME, { message: 'End time must be HH:MM' })
  endTime?: string;

  @Field(() => String, { nullable: true }) @Transform(trimOptional) @IsOptional() @IsString() @MaxLength(200, { message: 'Session title is too long (200 characters at most)' })
  title?: string;

  @Field(() => String, { nullable: true }) @Transform(trimOptional) @IsOptional() @IsString() @MaxLength(200, { message: 'Session title is too long (200 characters at most)' })
  titleHi?: string;

  @Field(() => String, { nullable: true }) @Transform(trimOptional) @IsOptional() @IsString() @MaxLength(200, { message: 'Session place is too long (200 characters at most)' })
  location?: string;

  @Field(() => String, { nullable: true }) @Transform(trimOptional) @IsOptional() @IsString() @MaxLength(200, { message: 'Session place is too long (200 characters at most)' })
  locationHi?: string;

  /** Its own online meeting, for this session instead of the event's (a hybrid course); absent or empty: the event's stands. */
  @MeetingLinkField()
  meetingLink?: string;
}

/** A session as the API shows it; `title` and `location` are in the request's language (EventSessionResolver). */
@ObjectType('EventSession')
export class EventSessionView {
  @Field(() => ID) id: string;
  /** Not a field: what EventSession.meetingLink asks the visibility rule about. */
  eventId: string;
  @Field(() => Int, { description: '0-based, in time order' }) position: number;
  @Field({ description: 'Local date, YYYY-MM-DD' }) date: string;
  @Field({ description: 'Local start time, HH:MM' }) time: string;
  @Field(() => String, { nullable: true, description: 'Local end time, HH:MM (null: none given)' }) endTime: string | null;
  @Field() startsAt: Date;
  @Field(() => Date, { nullable: true }) endsAt: Date | null;
  @Field(() => String, { nullable: true, description: 'Its own title in English, as written (admin forms)' }) titleEn: string | null;
  @Field(() => String, { nullable: true, description: 'Its own title in Hindi, as written' }) titleHi: string | null;
  @Field(() => String, { nullable: true, description: 'Its own place in English, as written' }) locationEn: string | null;
  @Field(() => String, { nullable: true, description: 'Its own place in Hindi, as written' }) locationHi: string | null;
  @Field({ description: 'It has an online meeting of its own (the link itself only for registrants and admins: meetingLink)' }) isOnline: boolean;
}

@ObjectType('SessionAttendance', { description: "The signed-in person's attendance at one session" })
export class SessionAttendanceView {
  @Field(() => ID) sessionId: string;
  @Field(() => Int) position: number;
  @Field() attended: boolean;
  @Field(() => Date, { nullable: true }) checkedInAt: Date | null;
}
