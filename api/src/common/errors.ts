/**
 * Domain errors: services throw these; GraphQL and REST translate them once each.
 * The codes are the single source of the `ErrorCode` enum in schema.graphql (common/error.types.ts),
 * from which both apps' codes are generated (npm run codegen).
 */
export const ErrorCode = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  EVENT_FULL: 'EVENT_FULL',
  EVENT_PAST: 'EVENT_PAST',
  EVENT_CANCELLED: 'EVENT_CANCELLED',
  CHECKIN_OTHER_EVENT: 'CHECKIN_OTHER_EVENT',
  ATTENDANCE_CLOSED: 'ATTENDANCE_CLOSED',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA: 'UNSUPPORTED_MEDIA',
  MAIL_UNAVAILABLE: 'MAIL_UNAVAILABLE',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const httpStatusOf: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EVENT_FULL: 409,
  EVENT_PAST: 409,
  EVENT_CANCELLED: 409,
  CHECKIN_OTHER_EVENT: 409,
  ATTENDANCE_CLOSED: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 400,
  MAIL_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Field-level messages for VALIDATION; seconds to wait for RATE_LIMITED. */
    readonly details: { fields?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const validationError = (message: string, fields?: Record<string, string>) =>
  new DomainError('VALIDATION', message, { fields });
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const unauthenticated = (message = 'Please sign in to continue') => new DomainError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do this') => new DomainError('FORBIDDEN', message);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError('RATE_LIMITED', message, { retryAfterSeconds });

/** Errors from pg/PGlite that mean the database is gone rather than the request being bad. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = unwrapThrown(err) as { code?: string; message?: string } | undefined;
  if (!e) return false;
  if (typeof e.code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004'].includes(e.code)) return true;
  // 57014 with our statement_timeout is a stuck database too (the request itself is bounded and valid).
  if (e.code === '57014' && /statement timeout/i.test(e.message ?? '')) return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error|not queryable|timeout exceeded when trying to connect|Query read timeout|Connection is not established|Cannot use a pool after calling end/i.test(e.message ?? '');
}

/**
 * graphql-js wraps a thrown value that is not an Error of its own realm (a driver error created in
 * another VM context, a plain object) as NonErrorThrown, keeping the value under thrownValue.
 */
function unwrapThrown(err: unknown): unknown {
  const e = err as { name?: string; thrownValue?: unknown } | undefined;
  return e && e.name === 'NonErrorThrown' && e.thrownValue !== undefined ? e.thrownValue : err;
}

/** Map an unknown thrown value to a DomainError; unknown failures become a generic INTERNAL one. */
export function toDomainError(thrown: unknown): DomainError {
  const err = unwrapThrown(thrown);
  if (err instanceof DomainError) return err;
  if (isDatabaseUnavailable(err)) return new DomainError('DATABASE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again shortly.');
  const pgCode = (err as { code?: string } | undefined)?.code;
  if (pgCode === '22P02' || pgCode === '22007' || pgCode === '22008') return validationError('Invalid input');
  if (pgCode === '23505') return conflict('This record already exists');
  return new DomainError('INTERNAL', 'Something went wrong. Please try again.');
}
