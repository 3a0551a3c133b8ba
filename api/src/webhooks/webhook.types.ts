import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { trim } from '../common/validate';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook.entity';

const EVENTS_MESSAGE = `Event types must be some of ${WEBHOOK_EVENT_TYPES.join(', ')}`;

@InputType()
export class WebhookEndpointInput {
  @Field({ description: 'Where deliveries are POSTed: https (http only in development or with WEBHOOK_ALLOW_PRIVATE), a public address' })
  @Transform(trim) @IsString({ message: 'URL is required' }) @MinLength(1, { message: 'URL is required' }) @MaxLength(2000, { message: 'URL is too long (2000 characters at most)' })
  url: string;

  @Field(() => [String], { description: `Some of ${WEBHOOK_EVENT_TYPES.join(', ')}` })
  @IsArray({ message: EVENTS_MESSAGE }) @ArrayMinSize(1, { message: 'Choose at least one event type' }) @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length, { message: EVENTS_MESSAGE })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: EVENTS_MESSAGE })
  events: WebhookEventType[];
}

export class WebhookEnabledInput {
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled: boolean;
}

@ObjectType('WebhookEndpoint', { description: 'Where signed webhooks go (the secret is shown once, when it is made)' })
export class WebhookEndpointView {
  @Field(() => ID) id: string;
  @Field() url: string;
  @Field(() => [String]) events: string[];
  @Field() enabled: boolean;
  @Field(() => String, { nullable: true, description: 'Why it was disabled: 410 Gone, three days of failures, or an admin' }) disabledReason: string | null;
  @Field(() => Date, { nullable: true }) disabledAt: Date | null;
  @Field(() => Date, { nullable: true, description: 'Since when every delivery has failed' }) failingSince: Date | null;
  @Field() createdAt: Date;
}

@ObjectType({ description: 'A new endpoint: `secret` (whsec_…) is shown this once' })
export class CreatedWebhookPayload {
  @Field(() => ID) id: string;
  @Field() secret: string;
  @Field(() => WebhookEndpointView) endpoint: WebhookEndpointView;
}

@ObjectType('WebhookAttempt')
export class WebhookAttemptView {
  @Field() at: string;
  @Field(() => Int, { nullable: true, description: 'HTTP status (null: no answer)' }) status: number | null;
  @Field(() => Int) durationMs: number;
  @Field(() => String, { nullable: true }) error: string | null;
}

@ObjectType('WebhookDelivery', { description: 'One change sent (or to be sent) to one endpoint' })
export class WebhookDeliveryView {
  @Field(() => ID) id: string;
  @Field({ description: 'The webhook-id header: the same on every retry and redelivery' }) messageId: string;
  @Field() eventType: string;
  @Field({ description: 'pending, sending, retrying, delivered or failed' }) status: string;
  @Field(() => Int) attempts: number;
  @Field({ description: 'The JSON body sent' }) payload: string;
  @Field(() => String, { nullable: true, description: 'The last request\'s headers, as JSON' }) requestHeaders: string | null;
  @Field(() => Int, { nullable: true }) responseStatus: number | null;
  @Field(() => String, { nullable: true, description: 'The first 4 KB of the last answer' }) responseBody: string | null;
  @Field(() => Int, { nullable: true }) durationMs: number | null;
  @Field(() => String, { nullable: true }) error: string | null;
  @Field(() => [WebhookAttemptView]) attemptLog: WebhookAttemptView[];
  @Field(() => Date, { nullable: true }) nextAttemptAt: Date | null;
  @Field(() => Date, { nullable: true }) lastAttemptAt: Date | null;
  @Field(() => Date, { nullable: true }) deliveredAt: Date | null;
  @Field() createdAt: Date;
}

@ObjectType()
export class WebhookDeliveryPage {
  @Field(() => [WebhookDeliveryView]) items: WebhookDeliveryView[];
  @Field(() => Int) total: number;
  @Field(() => Int) offset: number;
  @Field(() => Int) limit: number;
}
