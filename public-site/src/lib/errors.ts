import { CombinedGraphQLErrors } from '@apollo/client/errors';

export const errorCodes = [
  'VALIDATION',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'EVENT_FULL',
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

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
