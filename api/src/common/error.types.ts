import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ErrorCode } from './errors';

registerEnumType(ErrorCode, {
  name: 'ErrorCode',
  description: "The code of a domain error: extensions.code of a GraphQL error, and code of a REST error's body",
});

/**
 * The extensions of a GraphQL error the API raises (graphql/format-error.ts). No operation returns it;
 * it is in the schema so that ErrorCode is, and both apps generate their codes from it.
 */
@ObjectType('ErrorExtensions', { description: 'The extensions of a GraphQL error the API raises (no operation returns this type)' })
export class ErrorExtensions {
  @Field(() => ErrorCode)
  code: ErrorCode;

  @Field(() => Int, { nullable: true, description: 'RATE_LIMITED: seconds until another attempt may succeed' })
  retryAfterSeconds?: number;
}
