import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { trim, trimOptional } from '../common/validate';
import { UserView } from '../users/user.types';
import { EmailAddress, INVALID_EMAIL, PhoneNumber, RequiredText, digits } from '../common/field-rules';

export { INVALID_EMAIL, digits };

export const REQUIRED_FIELDS = 'Please fill all required fields';
export const INVALID_CATEGORY = 'Please select a valid user category';
export const PASSWORD_MIN = 'Must be at least 6 characters';
/** bcrypt reads only the first 72 bytes of a password: longer ones are refused rather than silently cut. */
export const PASSWORD_MAX_BYTES = 72;
export const PASSWORD_TOO_LONG = 'Password is too long (at most 72 characters)';


/** The categories the public registration dialog sends (admin is a known value but refused with 403: see AuthService). */
export const DIALOG_CATEGORIES = ['primary', 'secondary', 'graduate', 'admin'] as const;

@InputType()
export class RegisterInput {
  @Field() @RequiredText(100, 'Name', REQUIRED_FIELDS)
  name: string;

  @Field() @EmailAddress()
  email: string;

  @Field() @PhoneNumber()
  phone: string;

  @Field({ description: 'primary, secondary or graduate (admin is refused here)' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsIn(DIALOG_CATEGORIES, { message: INVALID_CATEGORY })
  category: string;
}

@InputType()
export class VerifyCodeInput {
  @Field(() => ID) @Transform(trim) @IsString({ message: 'userId is required' }) @MinLength(1, { message: 'userId is required' }) @MaxLength(64, { message: 'Invalid or expired OTP' })
  userId: string;

  @Field({ description: 'The 6-digit code from the e-mail' })
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'OTP is required' }) @MinLength(1, { message: 'OTP is required' })
  otp: string;
}

@InputType()
export class EmailInput {
  @Field() @EmailAddress()
  email: string;
}

@InputType()
export class PasswordLoginInput {
  @Field() @EmailAddress()
  email: string;

  @Field(() => String, { nullable: true }) @IsOptional() @IsString({ message: 'Password is required' })
  password?: string;

  @Field(() => String, { nullable: true })
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : trimOptional({ value })))
  @IsOptional() @IsString({ message: 'OTP is required' })
  otp?: string;
}

@InputType()
export class SignupCodeInput {
  @Field() @EmailAddress()
  email: string;

  @Field() @PhoneNumber()
  phone: string;
}

/** The registration page variant of POST /api/auth/register (the SignUpInput schema of GET /api/openapi.json), with the page's exact messages. */
@InputType()
export class SignUpInput {
  @Field() @RequiredText(100, 'Name', 'Required')
  name: string;

  @Field() @EmailAddress()
  email: string;

  @Field() @PhoneNumber()
  phone: string;

  @Field() @IsString({ message: PASSWORD_MIN }) @MinLength(6, { message: PASSWORD_MIN })
  password: string;

  @Field() @IsString({ message: 'Passwords must match' })
  confirmPassword: string;

  @Field({ description: 'student, upperStudent or graduate (the category names primary, secondary, graduate are accepted too)' })
  @Transform(trim) @IsString({ message: 'User type is required' }) @MinLength(1, { message: 'User type is required' })
  userType: string;

  @Field()
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'OTP is required' }) @MinLength(1, { message: 'OTP is required' }) @Matches(/^[0-9]{6}$/, { message: 'OTP must be 6 digits' })
  otp: string;
}

@InputType()
export class TeacherRegistrationInput {
  @Field() @RequiredText(100, 'Name', REQUIRED_FIELDS)
  name: string;

  @Field() @EmailAddress()
  email: string;

  @Field() @PhoneNumber()
  phone: string;

  @Field() @RequiredText(100, 'Area', REQUIRED_FIELDS)
  area: string;

  @Field() @RequiredText(100, 'District', REQUIRED_FIELDS)
  district: string;

  @Field() @RequiredText(150, 'School name', REQUIRED_FIELDS)
  schoolName: string;

  @Field() @IsString({ message: REQUIRED_FIELDS }) @MinLength(6, { message: PASSWORD_MIN })
  password: string;
}

@ObjectType()
export class CodeSentPayload {
  @Field(() => ID, { nullable: true }) userId: string | null;
  @Field() message: string;
}

@ObjectType()
export class AuthPayload {
  @Field() token: string;
  @Field(() => UserView) user: UserView;
  @Field() message: string;
}

@ObjectType()
export class MessagePayload {
  @Field() message: string;
}
