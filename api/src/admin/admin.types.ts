import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Field, InputType, ObjectType } from 'type-graphql';
import { trim, trimOptional } from '../common/validate';
import { UserCategory as UserCategoryEnum, UserView } from '../users/user.types';

export const LOGIN_REQUIRED = 'Email and password are required';
const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

@InputType()
export class AdminLoginInput {
  @Field() @Transform(lower) @IsString({ message: LOGIN_REQUIRED }) @MinLength(1, { message: LOGIN_REQUIRED }) @MaxLength(254, { message: 'Invalid admin credentials' })
  email: string;

  @Field() @IsString({ message: LOGIN_REQUIRED }) @MinLength(1, { message: LOGIN_REQUIRED }) @MaxLength(200, { message: 'Invalid admin credentials' })
  password: string;
}

/** The admin registration form (POST /api/admin/register): a new admin account, created by a signed-in admin. */
@InputType()
export class AdminRegistrationInput {
  @Field() @Transform(trim) @IsString({ message: 'Name is required' }) @MinLength(1, { message: 'Name is required' }) @MaxLength(100, { message: 'Name is too long (100 characters at most)' })
  name: string;

  @Field() @Transform(lower) @IsString({ message: 'Email is required' }) @MinLength(1, { message: 'Email is required' }) @IsEmail({}, { message: 'Invalid email address' }) @MaxLength(254, { message: 'Invalid email address' })
  email: string;

  @Field() @IsString({ message: 'Password is required' }) @MinLength(6, { message: 'Password must be at least 6 characters' }) @MaxLength(200, { message: 'Password is too long' })
  password: string;

  @Field(() => String, { nullable: true })
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') || undefined : typeof value === 'number' ? String(value) : value ?? undefined))
  @IsOptional() @Matches(/^\d{10}$/, { message: 'Phone must be 10 digits' })
  phone?: string;

  @Field(() => UserCategoryEnum, { nullable: true, description: 'ADMIN (default) or SUPERADMIN (a superadmin only)' })
  @Transform(trimOptional) @IsOptional() @IsIn(['admin', 'superadmin'], { message: 'Category must be admin or superadmin' })
  category?: 'admin' | 'superadmin';
}

@ObjectType()
export class AdminAuthPayload {
  @Field() success: boolean;
  @Field({ description: 'An admin bearer token (shorter lived than user tokens)' }) token: string;
  @Field(() => UserView) user: UserView;
}
