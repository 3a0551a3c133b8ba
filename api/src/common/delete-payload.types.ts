import { Field, ID, ObjectType } from 'type-graphql';

/** What every delete mutation returns. */
@ObjectType()
export class DeletePayload {
  @Field(() => ID) id: string;
  @Field() success: boolean;
  @Field() message: string;
}
