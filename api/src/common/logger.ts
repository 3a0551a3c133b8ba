import pino, { type DestinationStream } from 'pino';
import { currentRequestId } from './request-context';

/**
 * The application's logger: one JSON object per line (pino), with `requestId` on every line written
 * while an HTTP request is handled (wherever in the code it is written: see common/request-context.ts).
 * Callers only see this small interface; LOG_LEVEL=silent (the tests) makes it a no-op.
 */
export interface Logger {
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: unknown): void;
  error(message: string, error?: unknown): void;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface LoggerOptions {
  /** Which process writes: `api` (default) or `worker`. */
  name?: string;
  /** Where the lines go (default stdout); tests pass a stream to read them. */
  destination?: DestinationStream;
}

/**
 * Never written, wherever a caller puts them: credentials in extras or headers, and the SQL parameters
 * a failed query carries (password hashes, codes, e-mail addresses).
 */
const REDACTED = [
  'password',
  '*.password',
  'newPassword',
  'currentPassword',
  'authorization',
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  'token',
  '*.token',
  'accessToken',
  'refreshToken',
  'secret',
  'err.parameters',
  'err.driverError.parameters',
];

/** The second argument of info/warn/error as pino fields: an Error under `err` (stack, cause), an object as is. */
function fields(extra: unknown): object | undefined {
  if (extra === undefined) return undefined;
  if (extra instanceof Error) return { err: extra };
  if (extra !== null && typeof extra === 'object' && !Array.isArray(extra)) return extra;
  return { detail: extra };
}

export function createLogger(level: LogLevel, options: LoggerOptions = {}): Logger {
  if (level === 'silent') return { info() {}, warn() {}, error() {} };
  const log = pino(
    {
      name: options.name ?? 'api',
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED, censor: '[redacted]' },
      // The request being handled, if any: set once where the request arrives (http/observe.ts).
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    options.destination ?? pino.destination({ dest: 1, sync: false }),
  );
  const write = (lvl: 'info' | 'warn' | 'error', message: string, extra: unknown) => {
    const f = fields(extra);
    if (f) log[lvl](f, message);
    else log[lvl](message);
  };
  return {
    info: (m, e) => write('info', m, e),
    warn: (m, e) => write('warn', m, e),
    error: (m, e) => write('error', m, e),
  };
}
