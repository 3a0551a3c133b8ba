// The form validation rules (the API checks the same: see its REST reference, GET /api/openapi.json), defined once for the app (messages are catalogue keys).

/** Phone: exactly 10 digits. */
export const PHONE_PATTERN = /^\d{10}$/;

/** A pragmatic e-mail format check: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
