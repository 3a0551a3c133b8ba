import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';

/**
 * Check-in codes. Each registration has two random values, neither derived from any id:
 *  - the secret (26 characters, 130 random bits), which the QR code carries;
 *  - the short code (8 characters, 40 random bits), written XXXX-XXXX, for reading out at the door.
 * Both use Crockford's base32 alphabet (no I, L, O, U), so a typed code has no look-alike letters; both are
 * unique across all registrations (unique indexes; the ledger draws again on a collision).
 */
export const CHECKIN_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const SECRET_LENGTH = 26;
export const SHORT_CODE_LENGTH = 8;

/** `n` characters of the alphabet, 5 random bits each (a byte's low 5 bits: 256 is a multiple of 32, no bias). */
function randomChars(n: number): string {
  const bytes = randomBytes(n);
  let out = '';
  for (const b of bytes) out += CHECKIN_ALPHABET[b & 31];
  return out;
}

export interface CheckInCodes {
  /** 26 characters; what the QR code carries. */
  secret: string;
  /** 8 characters, stored without the dash. */
  code: string;
}

export function newCheckInCodes(): CheckInCodes {
  return { secret: randomChars(SECRET_LENGTH), code: randomChars(SHORT_CODE_LENGTH) };
}

/** Where the ledger draws codes from (a test may make it draw a taken code, to see the retry). */
export const checkInCodeSource = { draw: newCheckInCodes };

/** "ABCD2345" → "ABCD-2345". */
export const formatShortCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/**
 * What someone typed or a scanner read: upper case, without spaces and dashes, with Crockford's
 * look-alikes read as digits (O → 0, I and L → 1). A short code or a secret by its length; null when neither.
 */
export function parseCheckInInput(raw: string): { kind: 'code' | 'secret'; value: string } | null {
  const value = raw
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]+$/.test(value)) return null;
  if (value.length === SHORT_CODE_LENGTH) return { kind: 'code', value };
  if (value.length === SECRET_LENGTH) return { kind: 'secret', value };
  return null;
}

/** The QR code of a secret as an SVG document (the event page). */
export function checkInQrSvg(secret: string): Promise<string> {
  return QRCode.toString(secret, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * The QR code of a secret as a PNG (the confirmation mail, inline), its rows unfiltered. pngjs's
 * default tries all five row filters on every row to pick the best, on the event loop: for this image it
 * saved 7 KB (8.3 → 1.2 KB) and cost most of a registration rush's CPU. In the capacity test (200
 * concurrent registrations for 20 places, on Postgres) encoding the 20 confirmations' codes held the
 * event loop for 9 s, so the transactions waiting behind them hit the statement timeout; unfiltered, the
 * registrations take 1.5 s.
 */
export function checkInQrPng(secret: string): Promise<Buffer> {
  return QRCode.toBuffer(secret, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6, rendererOpts: { filterType: 0 } as never });
}
