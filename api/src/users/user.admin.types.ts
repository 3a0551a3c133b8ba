import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { trim, trimOptional } from '../common/validate';
import { USER_CATEGORIES, USER_STATUSES, type UserCategory, type UserStatus } from './user.entity';
import { UserCategory as UserCategoryEnum, UserStatus as UserStatusEnum, UserView } from './user.types';

export const CATEGORY_MESSAGE = 'Please select a valid user category';
export const PHONE_MESSAGE = 'Phone must be 10 digits';
export const PASSWORD_MESSAGE = 'Password must be at least 6 characters';

const lowerEmail = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
const lowerEmailOptional = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value ?? undefined);
const phone = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : typeof value === 'number' ? String(value) : value);
const phoneOptional = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') || undefined : typeof value === 'number' ? String(value) : value ?? undefined);
/** Legacy forms send '' for untouched optional fields and sometimes the text "null". */
const optionalText = ({ value }: { value: unknown }) => {
  if (value === 'null' || value === 'undefined') return undefined;
  return trimOptional({ value });
};

@InputType()
export class UserFilter {
  @Field(() => UserCategoryEnum, { nullable: true })
  @Transform(({ value }) => (value === 'all' || value === '' || value === null ? undefined : value))
  @IsOptional() @IsIn(USER_CATEGORIES, { message: CATEGORY_MESSAGE })
  category?: UserCategory;

  @Field(() => UserStatusEnum, { nullable: true })
  @Transform(({ value }) => (value === 'all' || value === '' || value === null ? undefined : value))
  @IsOptional() @IsIn(USER_STATUSES, { message: 'Unknown status' })
  status?: UserStatus;

  @Field({ nullable: true, description: 'Matches name and email, case-insensitively' })
  @Transform(trimOptional) @IsOptional() @IsString() @MaxLength(100)
  search?: string;
}

/** Users are paged like every list (common/page.ts). */
export { PageArgs as UserPageArgs } from '../common/page';

/** The admin's user form (POST /api/auth/users: the UserInput schema of GET /api/openapi.json). The per-category rules (student, teacher, password) are checked by the service. */
@InputType()
export class UserInput {
  @Field() @Transform(trim) @IsString({ message: 'Name is required' }) @MinLength(1, { message: 'Name is required' }) @MaxLength(100, { message: 'Name is too long (100 characters at most)' })
  name: string;

  @Field() @Transform(lowerEmail) @IsString({ message: 'Email is required' }) @MinLength(1, { message: 'Email is required' }) @IsEmail({}, { message: 'Invalid email address' }) @MaxLength(254, { message: 'Invalid email address' })
  email: string;

  @Field() @Transform(phone) @IsString({ message: 'Phone is required' }) @MinLength(1, { message: 'Phone is required' }) @Matches(/^\d{10}$/, { message: PHONE_MESSAGE })
  phone: string;

  @Field(() => UserCategoryEnum) @Transform(trim) @IsIn(USER_CATEGORIES, { message: CATEGORY_MESSAGE })
  category: UserCategory;

  @Field(() => UserStatusEnum, { nullable: true, description: 'Default ACTIVE' }) @Transform(optionalText) @IsOptional() @IsIn(USER_STATUSES, { message: 'Unknown status' })
  status?: UserStatus;

  @Field(() => String, { nullable: true, description: 'Required for every category except PRIMARY (teacher); at least 6 characters' })
  @Transform(({ value }) => (value === '' || value === null ? undefined : value)) @IsOptional() @IsString({ message: PASSWORD_MESSAGE }) @MinLength(6, { message: PASSWORD_MESSAGE }) @MaxLength(200, { message: 'Password is too long' })
  password?: string;

  @Field(() => String, { nullable: true, description: 'Required for a student' }) @Transform(optionalText) @IsOptional() @IsString() @MaxLength(100)
  fatherName?: string;

  @Field(() => String, { nullable: true, description: "For a student: the e-mail of an existing teacher (required)" })
  @Transform(lowerEmailOptional) @IsOptional() @IsEmail({}, { message: "The teacher's email is invalid" })
  primaryEmail?: string;

  @Field(() => String, { nullable: true, description: 'Required for a teacher' }) @Transform(optionalText) @IsOptional() @IsString() @MaxLength(150)
  schoolName?: string;

  @Field(() => String, { nullable: true, description: 'Required for a teacher' }) @Transform(optionalText) @IsOptional() @IsString() @MaxLength(100)
  district?: string;

  @Field(() => String, { nullable: true, description: 'Required for a teacher' }) @Transform(optionalText) @IsOptional() @IsString() @MaxLength(100)
  area?: string;
}

/** An edit: every field optional; the merged record must still satisfy the per-category rules. */
@InputType()
export class UserUpdateInput {
  @Field({ nullable: true }) @Transform(trimOptional) @IsOptional() @IsString() @MinLength(1, { message: 'Name is required' }) @MaxLength(100, { message: 'Name is too long (100 characters at most)' })
  name?: string;

  @Field({ nullable: true }) @Transform(lowerEmailOptional) @IsOptional() @IsEmail({}, { message: 'Invalid email address' }) @MaxLength(254, { message: 'Invalid email address' })
  email?: string;

  @Field({ nullable: true }) @Transform(phoneOptional) @IsOptional() @Matches(/^\d{10}$/, { message: PHONE_MESSAGE })
  phone?: string;

  @Field(() => UserCategoryEnum, { nullable: true }) @Transform(optionalText) @IsOptional() @IsIn(USER_CATEGORIES, { message: CATEGORY_MESSAGE })
  category?: UserCategory;

  @Field(() => UserStatusEnum, { nullable: true }) @Transform(optionalText) @IsOptional() @IsIn(USER_STATUSES, { message: 'Unknown status' })
  status?: UserStatus;

  @Field(() => String, { nullable: true, description: 'A new password (blank keeps the current one)' })
  @Transform(({ value }) => (value === '' || value === null ? undefined : value)) @IsOptional() @IsString({ message: PASSWORD_MESSAGE }) @MinLength(6, { message: PASSWORD_MESSAGE }) @MaxLength(200, { message: 'Password is too long' })
  password?: string;

  @Field(() => String, { nullable: true }) @Transform(optionalText) @IsOptional() @IsString() @MaxLength(100)
  fatherName?: string;

  @Field(() => String, { nullable: true }) @Transform(lowerEmailOptional) @IsOptional() @IsEmail({}, { message: "The teacher's email is invalid" })
  primaryEmail?: string;

  @Field(() => String, { nullable: true }) @Transform(optionalText) @IsOptional() @IsString() @MaxLength(150)
  schoolName?: string;

  @Field(() => String, { nullable: true }) @Transform(optionalText) @IsOptional() @IsString() @MaxLength(100)
  district?: string;

  @Field(() => String, { nullable: true }) @Transform(optionalText) @IsOptional() @IsString() @MaxLength(100)
  area?: string;
}

@ObjectType()
export class UserPage {
  @Field(() => [UserView]) items: UserView[];
  @Field(() => Int) total: number;
  @Field(() => Int) offset: number;
  @Field(() => Int) limit: number;
}
