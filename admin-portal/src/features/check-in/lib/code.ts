// What the door types or scans, made forgiving: upper case, no spaces or dashes, Crockford's
// look-alikes (O → 0, I and L → 1) — the API reads codes the same way.
const ALPHABET = /^[0-9A-HJKMNP-TV-Z]+$/;

export function normaliseCode(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** A typed short code (8 characters) as XXXX-XXXX, or a scanned secret (26) as is; null when neither. */
export function parseCode(raw: string): string | null {
  const value = normaliseCode(raw);
  if (!ALPHABET.test(value)) return null;
  if (value.length === 8) return `${value.slice(0, 4)}-${value.slice(4)}`;
  if (value.length === 26) return value;
  return null;
}
