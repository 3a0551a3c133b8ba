import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsDate, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { API_SCOPES, type ApiScope } from '../common/access';
import { trim } from '../common/validate';

const SCOPES_MESSAGE = `Scopes must be some of ${API_SCOPES.join(', ')}`;

@InputType()
export class ApiKeyInput {
  @Field({ description: 'What the key is for, e.g. "District dashboard"' })
  @Transform(trim) @IsString({ message: 'Name is required' }) @MinLength(1, { message: 'Name is required' }) @MaxLength(100, { message: 'Name is too long (100 characters at most)' })
  name: string;

  @Field(() => [String], { description: `Some of ${API_SCOPES.join(', ')}` })
  @IsArray({ message: SCOPES_MESSAGE }) @ArrayMinSize(1, { message: 'Choose at least one scope' }) @ArrayMaxSize(API_SCOPES.length, { message: SCOPES_MESSAGE })
  @IsIn(API_SCOPES, { each: true, message: SCOPES_MESSAGE })
  scopes: ApiScope[];

  @Field(() => Date, { nullable: true, description: 'When the key stops working (ISO 8601); none: it works until revoked' })
  @IsOptional() @Type(() => Date) @IsDate({ message: 'expiresAt must be an ISO 8601 date and time' })
  expiresAt?: Date | null;
}

@ObjectType('ApiKey', { description: 'An integrator key, without the key itself (shown once, when it is made)' })
export class ApiKeyView {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field({ description: 'gjk_ and the first characters, to recognise the key' }) prefix: string;
  @Field(() => [String]) scopes: string[];
  @Field(() => Date, { nullable: true }) expiresAt: Date | null;
  @Field(() => Date, { nullable: true, description: 'Updated at most once a minute' }) lastUsedAt: Date | null;
  @Field(() => Date, { nullable: true }) revokedAt: Date | null;
  @Field(() => ID) createdBy: string;
  @Field() createdAt: Date;
}

@ObjectType({ description: 'A new key: `key` is shown this once and never again' })
export class CreatedApiKeyPayload {
  @Field(() => ID) id: string;
  @Field() key: string;
  @Field(() => ApiKeyView) apiKey: ApiKeyView;
}
