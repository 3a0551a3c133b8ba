import { GraphQLError, type ASTVisitor, type ValidationContext } from 'graphql';

/** Mutations that check a secret (a one-time code or a password): one per request, so aliases cannot multiply tries. */
export const SECRET_CHECKING_FIELDS = new Set(['verifyRegistration', 'verifyLoginCode', 'loginWithPassword', 'signUp', 'adminLogin']);

/**
 * Rejects a document that selects more than one secret-checking mutation field, counted over the
 * whole document (aliases, fragments and every operation in it). Batching is already off.
 */
export function singleSecretCheck() {
  return (context: ValidationContext): ASTVisitor => {
    let count = 0;
    return {
      Field(node) {
        if (SECRET_CHECKING_FIELDS.has(node.name.value) && ++count === 2) {
          context.reportError(
            new GraphQLError('One request may check only one code or password', { nodes: [node], extensions: { code: 'QUERY_TOO_COMPLEX' } }),
          );
        }
      },
    };
  };
}
