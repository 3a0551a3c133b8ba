import type { ErrorRequestHandler } from 'express';
import { DomainError, httpStatusOf, toDomainError } from '../common/errors';
import type { Logger } from '../common/logger';

/** The REST translator of domain errors: a status, and the text under msg, message and error. */
export function errorBody(err: DomainError) {
  const body: Record<string, unknown> = { success: false, code: err.code, msg: err.message, message: err.message, error: err.message };
  if (err.details.fields) body.fields = err.details.fields;
  return body;
}

function fromTransport(err: unknown): DomainError | null {
  const e = err as { type?: string; code?: string; status?: number; name?: string };
  if (e?.type === 'entity.parse.failed') return new DomainError('VALIDATION', 'Malformed JSON body');
  if (e?.type === 'entity.too.large') return new DomainError('PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') return new DomainError('VALIDATION', 'Unsupported request encoding');
  if (e?.name === 'MulterError') {
    if (e.code === 'LIMIT_FILE_SIZE') return new DomainError('PAYLOAD_TOO_LARGE', 'Image is too large (5 MB at most)');
    return new DomainError('VALIDATION', e.code === 'LIMIT_UNEXPECTED_FILE' ? 'Unexpected file field (one image at most)' : 'Malformed upload');
  }
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return new DomainError('VALIDATION', 'Malformed request');
  return null;
}

/** The same error as a GraphQL client reads it: errors[].extensions.code (body-parser failures on /graphql). */
export function graphqlErrorBody(err: DomainError) {
  const extensions: Record<string, unknown> = { code: err.code };
  if (err.details.fields) extensions.fields = err.details.fields;
  if (err.details.retryAfterSeconds !== undefined) extensions.retryAfterSeconds = err.details.retryAfterSeconds;
  return { errors: [{ message: err.message, extensions }] };
}

const isGraphqlPath = (url: string) => url === '/graphql' || url.startsWith('/graphql?') || url.startsWith('/graphql/');

export function createErrorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const domain = fromTransport(err) ?? toDomainError(err);
    if (domain.code === 'INTERNAL' || domain.code === 'DATABASE_UNAVAILABLE') {
      logger.error(`${req.method} ${req.path} failed [${res.locals.requestId ?? '-'}]`, err);
    }
    if (domain.details.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(domain.details.retryAfterSeconds))));
    if (res.headersSent) return;
    res.status(httpStatusOf[domain.code]).json(isGraphqlPath(req.originalUrl) ? graphqlErrorBody(domain) : errorBody(domain));
  };
}
