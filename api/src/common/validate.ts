import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { validationError } from './errors';

function collect(errors: ValidationError[], prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const e of errors) {
    const key = prefix ? `${prefix}.${e.property}` : e.property;
    const messages = Object.values(e.constraints ?? {});
    if (messages.length && !into[key]) into[key] = messages[messages.length - 1];
    if (e.children?.length) collect(e.children, key, into);
  }
  return into;
}

const NUL_MESSAGE = 'Text must not contain NUL characters';

/** The first field (dotted path) holding a string with U+0000, which Postgres text cannot store. */
function nulField(value: unknown, prefix: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? prefix || 'input' : null;
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const found = nulField(v, prefix ? `${prefix}.${k}` : k, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Validates untrusted input (from GraphQL or REST alike) against a class-validator class.
 * Unknown properties are dropped; the first message becomes the error's message.
 */
export async function validateInput<T extends object>(cls: new () => T, plain: unknown, summary?: string): Promise<T> {
  if (plain === null || typeof plain !== 'object' || Array.isArray(plain)) throw validationError(summary ?? 'Invalid input');
  const nul = nulField(plain, '', 0);
  if (nul) throw validationError(NUL_MESSAGE, { [nul]: NUL_MESSAGE });
  const instance = plainToInstance(cls, plain, { excludeExtraneousValues: false });
  const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: false, forbidUnknownValues: true });
  if (errors.length) {
    const fields = collect(errors);
    const first = Object.values(fields)[0] ?? 'Invalid input';
    throw validationError(summary && Object.keys(fields).some((f) => fields[f] === summary) ? summary : first, fields);
  }
  return instance;
}

/** Trims strings; leaves everything else alone (so wrong types still fail IsString). */
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Trims and turns '' into undefined, for optional fields. */
export const trimOptional = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value === null ? undefined : value;
  const t = value.trim();
  return t === '' ? undefined : t;
};
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);
