import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import { validationError } from '../common/errors';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN, PASSWORD_TOO_LONG } from './auth.types';

/** A hash of nothing anyone knows: compared against when the account does not exist, so timing tells nothing. */
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= bcrypt.hash(randomBytes(16).toString('hex'), 10));

/** Password rules shared by every place that sets one: 6 characters at least, 72 bytes at most (bcrypt's limit). */
export function assertPasswordShape(password: string, field = 'password'): void {
  if (password.length < 6) throw validationError(PASSWORD_MIN, { [field]: PASSWORD_MIN });
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) throw validationError(PASSWORD_TOO_LONG, { [field]: PASSWORD_TOO_LONG });
}

export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

/** False for a missing hash or a password bcrypt would truncate; always spends one bcrypt comparison. */
export async function checkPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const usable = typeof password === 'string' && password.length > 0 && Buffer.byteLength(password, 'utf8') <= PASSWORD_MAX_BYTES;
  const ok = await bcrypt.compare(usable ? password : 'x', hash || (await dummy()));
  return ok && usable && !!hash;
}
