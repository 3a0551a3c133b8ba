import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import { validationError } from '../common/errors';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN, PASSWORD_TOO_LONG } from './auth.types';

/**
 * Hashes of nothing anyone knows, one per cost: compared against when the account does not exist. It is made
 * at the cost real passwords are hashed with (BCRYPT_COST), so an unknown e-mail takes as long as a known one.
 */
const dummies = new Map<number, Promise<string>>();
function dummy(cost: number): Promise<string> {
  let hash = dummies.get(cost);
  if (!hash) dummies.set(cost, (hash = bcrypt.hash(randomBytes(16).toString('hex'), cost)));
  return hash;
}

/** Password rules shared by every place that sets one: 6 characters at least, 72 bytes at most (bcrypt's limit). */
export function assertPasswordShape(password: string, field = 'password'): void {
  if (password.length < 6) throw validationError(PASSWORD_MIN, { [field]: PASSWORD_MIN });
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) throw validationError(PASSWORD_TOO_LONG, { [field]: PASSWORD_TOO_LONG });
}

export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

/**
 * False for a missing hash or a password bcrypt would truncate; always spends one bcrypt comparison, at `cost`
 * (the configured BCRYPT_COST) when there is no hash.
 */
export async function checkPassword(password: string, hash: string | null | undefined, cost: number): Promise<boolean> {
  const usable = typeof password === 'string' && password.length > 0 && Buffer.byteLength(password, 'utf8') <= PASSWORD_MAX_BYTES;
  const ok = await bcrypt.compare(usable ? password : 'x', hash || (await dummy(cost)));
  return ok && usable && !!hash;
}
