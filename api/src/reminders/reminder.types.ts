import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { Field, Int, ObjectType } from 'type-graphql';
import { trim } from '../common/validate';

import { LANGUAGES, type Language } from '../i18n/languages';

@ObjectType()
export class ReminderQueuedPayload {
  @Field(() => Int, { description: 'How many reminder mails were queued (a second click within the same minute queues none)' }) queued: number;
  @Field() message: string;
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
