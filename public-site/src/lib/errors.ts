import { CombinedGraphQLErrors } from '@apollo/client/errors';

// The API's codes, generated from schema.graphql's ErrorCode enum (npm run codegen); each has a message
// under errors.* in both catalogues (errors.test.ts).
import { errorCodes, type ErrorCode } from '@/gql/error-codes';

export { errorCodes, type ErrorCode };

/** The first known `extensions.code` of a GraphQL error, if any. */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  for (const e of error.errors) {
    const code = e.extensions?.code;
    if (typeof code === 'string' && (errorCodes as readonly string[]).includes(code)) return code as ErrorCode;
  }
  return undefined;
}

/** Field → server message of a VALIDATION error (`extensions.fields`). */
export function validationFields(error: unknown): Record<string, string> {
  if (!CombinedGraphQLErrors.is(error)) return {};
  const fields: Record<string, string> = {};
  for (const e of error.errors) {
    if (e.extensions?.code !== 'VALIDATION') continue;
    const raw = e.extensions.fields;
    if (raw && typeof raw === 'object') {
      for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
        if (typeof value === 'string') fields[key] = value;
      }
    }
  }
  return fields;
}

/** Catalogue key for an error: the code's message, or a network/generic message. */
export function errorMessageKey(error: unknown): string {
  const code = errorCode(error);
  if (code) return `errors.${code}`;
  if (CombinedGraphQLErrors.is(error)) return 'errors.generic';
  return 'errors.network';
}

/** `extensions.retryAfterSeconds` of a RATE_LIMITED error (how long until another code may be sent). */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  for (const e of error.errors) {
    const value = e.extensions?.retryAfterSeconds;
    if (e.extensions?.code === 'RATE_LIMITED' && typeof value === 'number' && value > 0) return Math.ceil(value);
  }
  return undefined;
}

/** Codes whose server message is written for the person (not an internal failure). */
const speakingCodes: readonly ErrorCode[] = [
  'VALIDATION',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'EVENT_FULL',
  'EVENT_PAST',
  'EVENT_CANCELLED',
  'RATE_LIMITED',
  'MAIL_UNAVAILABLE',
];

/** Whether the API's message for this code is written for the person. */
export function isSpeakingCode(code: string | undefined): boolean {
  return !!code && (speakingCodes as readonly string[]).includes(code);
}

/**
 * The server's own message of a coded GraphQL error meant for the person,
 * or undefined for network failures and internal errors (the caller shows its catalogue fallback).
 */
export function serverMessage(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const first = error.errors.find((e) => {
    const code = e.extensions?.code;
    return typeof code === 'string' && (speakingCodes as readonly string[]).includes(code);
  });
  return first?.message?.trim() || undefined;
}
