import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType()
export class VisitPayload {
  @Field(() => Int) visitorCount: number;
}
