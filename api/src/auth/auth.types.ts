import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { trim, trimOptional } from '../common/validate';
import { PHONE_MESSAGE, PHONE_PATTERN, UserView } from '../users/user.types';

export const REQUIRED_FIELDS = 'Please fill all required fields';
export const INVALID_EMAIL = 'Invalid email address';
export const INVALID_CATEGORY = 'Please select a valid user category';
export const PASSWORD_MIN = 'Must be at least 6 characters';
/** bcrypt reads only the first 72 bytes of a password: longer ones are refused rather than silently cut. */
export const PASSWORD_MAX_BYTES = 72;
export const PASSWORD_TOO_LONG = 'Password is too long (at most 72 characters)';

const lowerEmail = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
/** Phone numbers may arrive as JSON numbers from old clients. */
export const digits = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value);
const EMAIL_OPTIONS = { allow_ip_domain: false, require_tld: true } as const;

/** The categories the public registration dialog offers (admin is listed in SPEC but refused: see AuthService). */
export const DIALOG_CATEGORIES = ['primary', 'secondary', 'graduate', 'admin'] as const;

@InputType()
export class RegisterInput {
  @Field() @Transform(trim) @IsString({ message: REQUIRED_FIELDS }) @MinLength(1, { message: REQUIRED_FIELDS }) @MaxLength(100, { message: 'Name is too long (100 characters at most)' })
  name: string;

  @Field() @Transform(lowerEmail) @IsEmail(EMAIL_OPTIONS, { message: INVALID_EMAIL }) @MaxLength(254, { message: INVALID_EMAIL })
  email: string;

  @Field() @Transform(digits) @IsString({ message: PHONE_MESSAGE }) @Matches(PHONE_PATTERN, { message: PHONE_MESSAGE })
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
  @Field() @Transform(lowerEmail) @IsEmail(EMAIL_OPTIONS, { message: INVALID_EMAIL }) @MaxLength(254, { message: INVALID_EMAIL })
  email: string;
}

@InputType()
export class PasswordLoginInput {
  @Field() @Transform(lowerEmail) @IsEmail(EMAIL_OPTIONS, { message: INVALID_EMAIL }) @MaxLength(254, { message: INVALID_EMAIL })
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
  @Field() @Transform(lowerEmail) @IsEmail(EMAIL_OPTIONS, { message: INVALID_EMAIL }) @MaxLength(254, { message: INVALID_EMAIL })
  email: string;

  @Field() @Transform(digits) @IsString({ message: PHONE_MESSAGE }) @Matches(PHONE_PATTERN, { message: PHONE_MESSAGE })
  phone: string;
}

/** The registration page variant (SPEC 2.12, rules of SPEC 5 with their exact messages). */
@InputType()
export class SignUpInput {
  @Field() @Transform(trim) @IsString({ message: 'Required' }) @MinLength(1, { message: 'Required' }) @MaxLength(100, { message: 'Name is too long (100 characters at most)' })
  name: string;

  @Field() @Transform(lowerEmail) @IsEmail(EMAIL_OPTIONS, { message: INVALID_EMAIL }) @MaxLength(254, { message: INVALID_EMAIL })
  email: string;

  @Field() @Transform(digits) @IsString({ message: PHONE_MESSAGE }) @Matches(PHONE_PATTERN, { message: PHONE_MESSAGE })
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
  @Field() @Transform(trim) @IsString({ message: REQUIRED_FIELDS }) @MinLength(1, { message: REQUIRED_FIELDS }) @MaxLength(100, { message: 'Name is too long (100 characters at most)' })
  name: string;

  @Field() @Transform(lowerEmail) @IsEmail(EMAIL_OPTIONS, { message: INVALID_EMAIL }) @MaxLength(254, { message: INVALID_EMAIL })
  email: string;

  @Field() @Transform(digits) @IsString({ message: PHONE_MESSAGE }) @Matches(PHONE_PATTERN, { message: PHONE_MESSAGE })
  phone: string;

  @Field() @Transform(trim) @IsString({ message: REQUIRED_FIELDS }) @MinLength(1, { message: REQUIRED_FIELDS }) @MaxLength(100, { message: 'Area is too long (100 characters at most)' })
  area: string;

  @Field() @Transform(trim) @IsString({ message: REQUIRED_FIELDS }) @MinLength(1, { message: REQUIRED_FIELDS }) @MaxLength(100, { message: 'District is too long (100 characters at most)' })
  district: string;

  @Field() @Transform(trim) @IsString({ message: REQUIRED_FIELDS }) @MinLength(1, { message: REQUIRED_FIELDS }) @MaxLength(150, { message: 'School name is too long (150 characters at most)' })
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
