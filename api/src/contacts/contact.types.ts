import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { trim } from '../common/validate';
import { CONTACT_STATUSES, type ContactStatusValue } from './contact.entity';

export const FILL_ALL = 'Please fill all required fields';
export const PHONE_MESSAGE = 'Please enter a valid 10-digit phone number';

export enum ContactStatus {
  NEW = 'new',
  IN_PROGRESS = 'in-progress',
  RESOLVED = 'resolved',
}
registerEnumType(ContactStatus, { name: 'ContactStatus' });

@InputType()
export class ContactInput {
  @Field() @Transform(trim) @IsString({ message: FILL_ALL }) @MinLength(1, { message: FILL_ALL }) @MaxLength(100, { message: 'Name is too long (100 characters at most)' })
  name: string;

  @Field() @Transform(trim) @IsString({ message: FILL_ALL }) @MinLength(1, { message: FILL_ALL }) @IsEmail({}, { message: 'Invalid email address' }) @MaxLength(254, { message: 'Invalid email address' })
  email: string;

  @Field() @Transform(({ value }) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : typeof value === 'number' ? String(value) : value))
  @IsString({ message: FILL_ALL }) @MinLength(1, { message: FILL_ALL }) @Matches(/^\d{10}$/, { message: PHONE_MESSAGE })
  phone: string;

  @Field() @Transform(trim) @IsString({ message: FILL_ALL }) @MinLength(1, { message: FILL_ALL }) @MaxLength(200, { message: 'Subject is too long (200 characters at most)' })
  subject: string;

  @Field() @Transform(trim) @IsString({ message: FILL_ALL }) @MinLength(1, { message: FILL_ALL }) @MaxLength(5000, { message: 'Message is too long (5000 characters at most)' })
  message: string;
}

export class ContactStatusInput {
  @IsIn(CONTACT_STATUSES, { message: 'Status must be new, in-progress or resolved' })
  status: ContactStatusValue;
}

@ObjectType()
export class ContactPayload {
  @Field(() => ID) id: string;
  @Field() message: string;
}

@ObjectType('ContactSubmission')
export class ContactSubmissionView {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field() email: string;
  @Field(() => String, { nullable: true }) phone: string | null;
  @Field() subject: string;
  @Field() message: string;
  @Field(() => ContactStatus) status: ContactStatusValue;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType()
export class ContactPage {
  @Field(() => [ContactSubmissionView]) items: ContactSubmissionView[];
  @Field(() => Int) total: number;
  @Field(() => Int) offset: number;
  @Field(() => Int) limit: number;
}
