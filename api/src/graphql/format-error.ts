import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { DomainError, httpStatusOf, toDomainError } from '../common/errors';
import type { Logger } from '../common/logger';

/** Codes our own validation rules and plugins put on errors (graphql/limits.ts, single-code-check.ts). */
const OWN_REQUEST_CODES = new Set(['QUERY_TOO_COMPLEX']);

/** The code a rule of ours set, which Apollo's wrapper (GRAPHQL_VALIDATION_FAILED) would otherwise hide. */
function ownCode(error: unknown): string | undefined {
  for (let e = error as { extensions?: Record<string, unknown>; originalError?: unknown } | undefined, i = 0; e && i < 3; e = e.originalError as typeof e, i++) {
    const code = e.extensions?.code;
    if (typeof code === 'string' && OWN_REQUEST_CODES.has(code)) return code;
  }
  return undefined;
}

/** The GraphQL translator of domain errors: code in extensions.code, no stack, SQL or path leaks. */
export function createFormatError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    const apolloCode = ownCode(error) ?? (formatted.extensions?.code as string | undefined);
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

/**
 * A failure while building the context (the viewer lookup needs the database) becomes a coded
 * GraphQLError carrying its HTTP status, instead of Apollo's 'Context creation failed' 500.
 */
export function contextError(err: unknown): GraphQLError {
  const domain = toDomainError(err);
  return new GraphQLError(domain.message, { originalError: domain, extensions: { code: domain.code, http: { status: httpStatusOf[domain.code] } } });
}

/**
 * When the database is unavailable the whole answer is: HTTP 503 (with Retry-After), as on REST,
 * so load balancers, monitors and clients see an outage rather than a 200 carrying errors.
 */
export function unavailableStatusPlugin<T extends BaseContext>(): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          const errors = response.body.singleResult.errors ?? [];
          if (errors.some((e) => e.extensions?.code === 'DATABASE_UNAVAILABLE')) {
            response.http.status = 503;
            response.http.headers.set('retry-after', '5');
          }
        },
      };
    },
  };
}
