import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { DomainError, toDomainError } from '../common/errors';
import type { Logger } from '../common/logger';

/** The GraphQL translator of domain errors: code in extensions.code, no stack, SQL or path leaks. */
export function createFormatError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    const apolloCode = formatted.extensions?.code as string | undefined;
    // Errors Apollo raises itself (parse, validation, bad variables) are the client's to fix; keep them.
    if (!(original instanceof Error) || (apolloCode && apolloCode !== 'INTERNAL_SERVER_ERROR' && !(original instanceof DomainError))) {
      return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code: apolloCode ?? 'BAD_REQUEST' } };
    }
    const domain = toDomainError(original);
    if (domain.code === 'INTERNAL' || domain.code === 'DATABASE_UNAVAILABLE') logger.error('graphql resolver failed', original);
    const extensions: Record<string, unknown> = { code: domain.code };
    if (domain.details.fields) extensions.fields = domain.details.fields;
    if (domain.details.retryAfterSeconds !== undefined) extensions.retryAfterSeconds = domain.details.retryAfterSeconds;
    return { message: domain.message, path: formatted.path, extensions };
  };
}
