import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('AuditEntry')
export class AuditEntryView {
  @Field(() => ID) id: string;
  @Field(() => String, { nullable: true }) actorId: string | null;
  @Field(() => String, { nullable: true }) actorEmail: string | null;
  @Field(() => String, { nullable: true, description: 'The API key that acted for the actor, if one did' }) apiKeyId: string | null;
  @Field(() => String, { nullable: true, description: "That key's name" }) apiKeyName: string | null;
  @Field({ description: 'e.g. event.create, user.update, contact.status' }) action: string;
  @Field() entityType: string;
  @Field(() => String, { nullable: true }) entityId: string | null;
  @Field(() => String, { nullable: true, description: 'The record before the change, as JSON text (secrets removed)' }) before: string | null;
  @Field(() => String, { nullable: true, description: 'The record after the change, as JSON text (secrets removed)' }) after: string | null;
  @Field() createdAt: Date;
}

@ObjectType()
export class AuditPage {
  @Field(() => [AuditEntryView]) items: AuditEntryView[];
  @Field(() => Int) total: number;
  @Field(() => Int) offset: number;
  @Field(() => Int) limit: number;
}
