import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { trim } from '../common/validate';
import { LANGUAGES, type Language } from '../i18n/languages';
import type { UserCategory as UserCategoryValue, UserStatus as UserStatusValue } from './user.entity';

/** GraphQL names are upper case; the TS values are the stored lower-case strings. */
export enum UserCategory {
  PRIMARY = 'primary',
  SECONDARY = 'secondary',
  GRADUATE = 'graduate',
  ADMIN = 'admin',
  STUDENT = 'student',
  SUPERADMIN = 'superadmin',
}
registerEnumType(UserCategory, {
  name: 'UserCategory',
  description: 'PRIMARY is a teacher in the teacher/admin areas (and the primary programme in public registration); STUDENT is a pupil a teacher added',
});

export enum UserStatus {
  ACTIVE = 'active',
  PENDING = 'pending',
  APPROVED = 'approved',
  REJECTED = 'rejected',
}
registerEnumType(UserStatus, { name: 'UserStatus' });

@ObjectType('UserRef')
export class UserRef {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field() email: string;
}

/** The GraphQL view of a user account (never the entity itself: no password hash, no token version). */
@ObjectType('User')
export class UserView {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field() email: string;
  @Field(() => String, { nullable: true }) phone: string | null;
  @Field(() => UserCategory) category: UserCategoryValue;
  @Field(() => UserStatus) status: UserStatusValue;
  @Field(() => String, { nullable: true }) fatherName: string | null;
  @Field(() => String, { nullable: true }) schoolName: string | null;
  @Field(() => String, { nullable: true }) district: string | null;
  @Field(() => String, { nullable: true }) area: string | null;
  @Field(() => String, { nullable: true, description: "For a student: the teacher's e-mail" }) primaryEmail: string | null;
  @Field(() => UserRef, { nullable: true }) createdBy: UserRef | null;
  @Field({ description: 'Whether event reminder mails go to this person' }) remindersEnabled: boolean;
  @Field({ description: "The language of the person's mails: 'en' or 'hi'" }) language: string;
  @Field() createdAt: Date;
}

export { PHONE_MESSAGE, PHONE_PATTERN } from '../common/field-rules';
import { PHONE_MESSAGE, PHONE_PATTERN } from '../common/field-rules';

@InputType()
export class ProfileInput {
  @Field()
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @MinLength(1, { message: 'Name is required' })
  @MaxLength(100, { message: 'Name is too long (100 characters at most)' })
  name: string;

  @Field()
  @Transform(trim)
  @IsString({ message: 'Phone is required' })
  @Matches(PHONE_PATTERN, { message: PHONE_MESSAGE })
  phone: string;
}

/** The token of a reminder's stop link (rules for the service; GraphQL takes it as a plain argument). */
export class StopRemindersInput {
  @Transform(trim)
  @IsString({ message: 'This link is not valid' })
  @MinLength(1, { message: 'This link is not valid' })
  @MaxLength(2000, { message: 'This link is not valid' })
  token: string;
}

export class ReminderPreferenceInput {
  @IsBoolean({ message: 'Say whether reminders are on (true) or off (false)' })
  enabled: boolean;
}

export class LanguageInput {
  @Transform(trim)
  @IsIn(LANGUAGES, { message: "Language must be 'en' or 'hi'" })
  language: Language;
}
