import { Transform } from 'class-transformer';
import { IsDate, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { trimOptional, UUID_PATTERN } from '../common/validate';
import type { UserCategory as UserCategoryValue } from '../users/user.entity';
import { UserCategory } from '../users/user.types';

const toDate = ({ value }: { value: unknown }) => {
  if (value === undefined || value === null || value === '') return undefined;
  if (value instanceof Date) return value;
  return typeof value === 'string' || typeof value === 'number' ? new Date(value) : value;
};

/** A check-in at the door: a code (short XXXX-XXXX or the QR's secret) or a person, and when it was scanned. */
export class CheckInInput {
  @Transform(trimOptional) @IsOptional() @IsString({ message: 'The check-in code must be text' }) @MaxLength(100, { message: 'That is not a check-in code' })
  code?: string;

  @Transform(trimOptional) @IsOptional() @Matches(UUID_PATTERN, { message: 'Unknown person' })
  userId?: string;

  /** The session checked in for; without it, the one running or next today, else the first. */
  @Transform(trimOptional) @IsOptional() @Matches(UUID_PATTERN, { message: 'Unknown session' })
  sessionId?: string;

  /** When a check-in queued offline was scanned (ISO time); used when plausible, else the time it arrives. */
  @Transform(toDate) @IsOptional() @IsDate({ message: 'scannedAt must be an ISO date and time' })
  scannedAt?: Date;
}

export class RegistrantSearchInput {
  @Transform(trimOptional) @IsOptional() @IsString() @MaxLength(200, { message: 'Search is too long' })
  search?: string;
}

@ObjectType({ description: 'What the door sees after a check-in (or its undoing)' })
export class CheckInResult {
  @Field() success: boolean;
  @Field() message: string;
  @Field(() => ID) userId: string;
  @Field() name: string;
  @Field(() => UserCategory) category: UserCategoryValue;
  @Field(() => Date, { nullable: true, description: 'When the person was checked in (null after an undo)' }) checkedInAt: Date | null;
  @Field({ description: 'Check-in: the person was checked in before (never counted twice; the earliest scan time stands). Undo: there was a check-in to undo' })
  alreadyCheckedIn: boolean;
  @Field(() => ID, { description: 'The session checked in for (or undone)' }) sessionId: string;
}

@ObjectType({ description: 'A person registered for an event, as the door and attendance pages see them' })
export class Registrant {
  @Field(() => ID) userId: string;
  @Field() name: string;
  @Field() email: string;
  @Field(() => String, { nullable: true }) phone: string | null;
  @Field(() => UserCategory) category: UserCategoryValue;
  @Field() registeredAt: Date;
  @Field(() => Date, { nullable: true, description: 'First check-in, at any session' }) checkedInAt: Date | null;
  @Field(() => [ID], { description: 'The sessions this person was checked in for' }) attendedSessionIds: string[];
}

@ObjectType()
export class EventAttendance {
  @Field(() => ID) eventId: string;
  @Field(() => Int) registered: number;
  @Field(() => Int) checkedIn: number;
  @Field(() => Float, { description: 'checkedIn / registered (0 when nobody registered)' }) rate: number;
  @Field(() => [Registrant], { description: 'Who came, in the order they arrived' }) attendees: Registrant[];
}

@ObjectType({ description: "The signed-in person's check-in code for an event" })
export class MyCheckIn {
  @Field({ description: 'XXXX-XXXX' }) code: string;
  @Field({ description: 'The QR code (carrying the full secret) as an SVG document' }) qrSvg: string;
  @Field(() => Date, { nullable: true }) checkedInAt: Date | null;
}
