import { Transform } from 'class-transformer';
import { IsEmail, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { trim } from './validate';

/**
 * The validation rules that many inputs share (a person's name, e-mail, phone; a required text),
 * written once. The messages stay per form because the forms word them differently (clients show them as they are).
 */
export const INVALID_EMAIL = 'Invalid email address';
export const PHONE_MESSAGE = 'Phone must be 10 digits';
export const PHONE_PATTERN = /^\d{10}$/;

/** Applies several property decorators as one. */
export const rules =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) => {
    for (const decorator of decorators) decorator(target, key);
  };

const lowerEmail = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
/** Phone numbers may arrive as JSON numbers from old clients. */
export const digits = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value);

/** A required, trimmed text of at most `max` characters. */
export const RequiredText = (max: number, label: string, requiredMessage: string) =>
  rules(
    Transform(trim),
    IsString({ message: requiredMessage }),
    MinLength(1, { message: requiredMessage }),
    MaxLength(max, { message: `${label} is too long (${max} characters at most)` }),
  );

/** A lower-cased e-mail address with a real domain. */
export const EmailAddress = (message = INVALID_EMAIL) =>
  rules(Transform(lowerEmail), IsEmail({ allow_ip_domain: false, require_tld: true }, { message }), MaxLength(254, { message }));

/** A 10-digit phone number. */
export const PhoneNumber = (message = PHONE_MESSAGE) => rules(Transform(digits), IsString({ message }), Matches(PHONE_PATTERN, { message }));
