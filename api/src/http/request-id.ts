import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const ACCEPTED = /^[\w-]{1,64}$/;

/**
 * The request's id: the caller's `X-Request-Id` when it is a plain token, else a new one; echoed on the
 * answer. Idempotent, so the front door and Express can both ask without minting two ids.
 */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const already = res.getHeader('X-Request-Id');
  if (typeof already === 'string') return already;
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && ACCEPTED.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}
