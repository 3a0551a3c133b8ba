import { Transform, Type } from 'class-transformer';
import { IsOptional, IsString, IsUrl, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { trim, trimOptional } from '../common/validate';
import { IMAGE_KEY_PATTERN } from '../uploads/image.service';
import { withTranslationInputs } from '../i18n/translation-inputs';
import type { LocalizedText, TextSpec } from '../i18n/translations';

/** The fields of a team member written per language (English required; others fall back to English). */
export type TeamTextField = 'name' | 'designation' | 'description';
export const TEAM_TEXT: TextSpec<TeamTextField> = {
  fields: ['name', 'designation', 'description'],
  required: ['name', 'designation', 'description'],
  maxLength: { name: 100, designation: 100, description: 5000 },
  label: { name: 'Name', designation: 'Designation', description: 'Description' },
};

@ObjectType()
export class SocialLinks {
  @Field(() => String, { nullable: true }) facebook: string | null;
  @Field(() => String, { nullable: true }) linkedin: string | null;
  @Field(() => String, { nullable: true }) twitter: string | null;
  @Field(() => String, { nullable: true }) github: string | null;
}

@ObjectType('TeamMemberTranslation', { description: "A team member's own text in one language, as written (null where that language has none)" })
export class TeamMemberTranslationView {
  @Field({ description: "'en' or 'hi'" }) lang: string;
  @Field(() => String, { nullable: true }) name: string | null;
  @Field(() => String, { nullable: true }) designation: string | null;
  @Field(() => String, { nullable: true }) description: string | null;
}

/** A team member as the API shows it; name, designation and description follow the request's language (TeamResolver). */
@ObjectType('TeamMember')
export class TeamMemberView {
  @Field(() => ID) id: string;
  text: LocalizedText<TeamTextField>;
  @Field(() => String, { nullable: true }) imageUrl: string | null;
  @Field(() => String, { nullable: true }) imageSrcSet: string | null;
  @Field(() => SocialLinks) socialLinks: SocialLinks;
}

const URL_RULE = { protocols: ['http', 'https'], require_protocol: true };
const LINK_MESSAGE = 'Social links must be http(s) URLs';
const emptyToUndefined = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value ?? undefined);

@InputType()
export class SocialLinksInput {
  @Field(() => String, { nullable: true }) @Transform(emptyToUndefined) @IsOptional() @IsUrl(URL_RULE, { message: LINK_MESSAGE }) @MaxLength(500, { message: LINK_MESSAGE })
  facebook?: string;
  @Field(() => String, { nullable: true }) @Transform(emptyToUndefined) @IsOptional() @IsUrl(URL_RULE, { message: LINK_MESSAGE }) @MaxLength(500, { message: LINK_MESSAGE })
  linkedin?: string;
  @Field(() => String, { nullable: true }) @Transform(emptyToUndefined) @IsOptional() @IsUrl(URL_RULE, { message: LINK_MESSAGE }) @MaxLength(500, { message: LINK_MESSAGE })
  twitter?: string;
  @Field(() => String, { nullable: true }) @Transform(emptyToUndefined) @IsOptional() @IsUrl(URL_RULE, { message: LINK_MESSAGE }) @MaxLength(500, { message: LINK_MESSAGE })
  github?: string;
}

/** The team member form: name, designation, description required; image required on create. */
@InputType()
export class TeamMemberInput {
  @Field() @Transform(trim) @IsString({ message: 'Name is required' }) @MinLength(1, { message: 'Name is required' }) @MaxLength(100, { message: 'Name is too long (100 characters at most)' })
  name: string;

  @Field() @Transform(trim) @IsString({ message: 'Designation is required' }) @MinLength(1, { message: 'Designation is required' }) @MaxLength(100, { message: 'Designation is too long (100 characters at most)' })
  designation: string;

  @Field() @Transform(trim) @IsString({ message: 'Description is required' }) @MinLength(1, { message: 'Description is required' }) @MaxLength(5000, { message: 'Description is too long' })
  description: string;

  @Field(() => SocialLinksInput, { nullable: true }) @IsOptional() @ValidateNested() @Type(() => SocialLinksInput)
  socialLinks?: SocialLinksInput;

  @Field(() => String, { nullable: true, description: 'An image uploaded with POST /api/uploads (required on create)' })
  @Transform(trimOptional) @IsOptional() @Matches(IMAGE_KEY_PATTERN, { message: 'Image key is invalid' })
  imageKey?: string;
}

@InputType()
export class TeamMemberUpdateInput {
  @Field({ nullable: true }) @Transform(trimOptional) @IsOptional() @IsString() @MinLength(1, { message: 'Name is required' }) @MaxLength(100, { message: 'Name is too long (100 characters at most)' })
  name?: string;

  @Field({ nullable: true }) @Transform(trimOptional) @IsOptional() @IsString() @MinLength(1, { message: 'Designation is required' }) @MaxLength(100, { message: 'Designation is too long (100 characters at most)' })
  designation?: string;

  @Field({ nullable: true }) @Transform(trimOptional) @IsOptional() @IsString() @MinLength(1, { message: 'Description is required' }) @MaxLength(5000, { message: 'Description is too long' })
  description?: string;

  @Field(() => SocialLinksInput, { nullable: true, description: 'Replaces all four links' }) @IsOptional() @ValidateNested() @Type(() => SocialLinksInput)
  socialLinks?: SocialLinksInput;

  @Field(() => String, { nullable: true, description: 'An image uploaded with POST /api/uploads' })
  @Transform(trimOptional) @IsOptional() @Matches(IMAGE_KEY_PATTERN, { message: 'Image key is invalid' })
  imageKey?: string;
}

withTranslationInputs(TeamMemberInput, TEAM_TEXT);
withTranslationInputs(TeamMemberUpdateInput, TEAM_TEXT);
