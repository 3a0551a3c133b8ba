import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { en } from '@/i18n/en';

// The API's codes, generated from schema.graphql's ErrorCode enum (npm run codegen).
import { errorCodes, type ErrorCode } from '@/gql/error-codes';

export { errorCodes, type ErrorCode };

/** A code the API raises (Apollo's own codes, such as GRAPHQL_VALIDATION_FAILED, are not). */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (errorCodes as readonly string[]).includes(code);
}

/** The first API `extensions.code` of a GraphQL error, or the REST error's code. */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (CombinedGraphQLErrors.is(error)) {
    for (const e of error.errors) {
      const code = e.extensions?.code;
      if (isErrorCode(code)) return code;
    }
    return undefined;
  }
  if (ServerError.is(error) && error.statusCode === 429) return 'RATE_LIMITED';
  if (error instanceof RestError && isErrorCode(error.code)) return error.code;
  return undefined;
}

/** Field → server message of a VALIDATION error (`extensions.fields`). */
export function validationFields(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (CombinedGraphQLErrors.is(error)) {
    for (const e of error.errors) {
      const raw = e.extensions?.fields;
      if (raw && typeof raw === 'object') {
        for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
          if (typeof value === 'string') fields[key] = value;
        }
      }
    }
  }
  return fields;
}

/** Seconds to wait after a RATE_LIMITED error, when the server says. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (CombinedGraphQLErrors.is(error)) {
    for (const e of error.errors) {
      const s = e.extensions?.retryAfterSeconds;
      if (typeof s === 'number') return s;
    }
  }
  if (error instanceof RestError) return error.retryAfterSeconds;
  return undefined;
}

/** The server's own message for a coded (domain) error, if there is one. */
export function serverMessage(error: unknown): string | undefined {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors.find((e) => typeof e.extensions?.code === 'string' && e.extensions.code !== 'INTERNAL');
    return first?.message || undefined;
  }
  if (error instanceof RestError) return error.message || undefined;
  return undefined;
}

/**
 * What to tell the admin: the server's message (it is written for people), a rate-limit hint when
 * it applies, or the fallback (a fixed text such as 'Error submitting form').
 */
export function describeError(error: unknown, fallback: string = en.errors.generic): string {
  const code = errorCode(error);
  if (code === 'RATE_LIMITED') {
    const base = serverMessage(error) ?? en.errors.RATE_LIMITED;
    const wait = retryAfterSeconds(error);
    return wait ? `${base} ${en.errors.retryAfter(wait)}` : base;
  }
  const message = serverMessage(error);
  if (message) return message;
  if (!code && !CombinedGraphQLErrors.is(error) && !(error instanceof RestError) && isNetworkError(error)) return en.errors.network;
  return fallback;
}

function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && /fetch|network/i.test(error.message));
}

/** A failed REST call, with the adapter's `{code, msg}` body. */
export class RestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'RestError';
  }
}
