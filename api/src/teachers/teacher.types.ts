import { Transform } from 'class-transformer';
import { IsEmail, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Field, InputType, Int, ID, ObjectType, registerEnumType } from 'type-graphql';
import { INVALID_EMAIL, REQUIRED_FIELDS, digits } from '../auth/auth.types';
import { trim } from '../common/validate';
import { PHONE_MESSAGE, PHONE_PATTERN } from '../users/user.types';

export enum ApprovalStatus {
  APPROVED = 'approved',
  REJECTED = 'rejected',
}
registerEnumType(ApprovalStatus, { name: 'ApprovalStatus' });

const required = (max: number, what: string) => [
  Transform(trim),
  IsString({ message: REQUIRED_FIELDS }),
  MinLength(1, { message: REQUIRED_FIELDS }),
  MaxLength(max, { message: `${what} is too long (${max} characters at most)` }),
];
const apply = (decorators: PropertyDecorator[]): PropertyDecorator => (target, key) => decorators.forEach((d) => d(target, key));

/** A student as a teacher adds them (SPEC 2.14, 7.5): every field required. */
@InputType()
export class StudentInput {
  @Field() @apply(required(100, 'Name')) name: string;
  @Field() @apply(required(100, "Father's name")) fatherName: string;

  @Field() @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail({ require_tld: true }, { message: INVALID_EMAIL }) @MaxLength(254, { message: INVALID_EMAIL })
  email: string;

  @Field() @Transform(digits) @IsString({ message: PHONE_MESSAGE }) @Matches(PHONE_PATTERN, { message: PHONE_MESSAGE })
  phone: string;

  @Field() @apply(required(100, 'District')) district: string;
  @Field() @apply(required(100, 'Area')) area: string;
  @Field() @apply(required(150, 'School name')) schoolName: string;
}

@InputType()
export class ApprovalInput {
  @Field(() => [ID]) userIds: string[];
  @Field(() => ApprovalStatus) status: ApprovalStatus;
}

@ObjectType()
export class ApprovalPayload {
  @Field(() => Int) updated: number;
  @Field() message: string;
}
