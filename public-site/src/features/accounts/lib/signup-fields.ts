// The sign-up form's rules, one place for the form (register-page.tsx) and its action before script
// (server/account-forms.ts): the catalogue key of a field's problem, or undefined. Passwords are not trimmed.
import { EMAIL_PATTERN, PHONE_PATTERN } from '@/lib/validation';
import { userTypes } from './user-types';

export type SignupField = 'name' | 'email' | 'phone' | 'password' | 'confirmPassword' | 'userType';

export function signupFieldProblem(field: SignupField, raw: string, password = ''): string | undefined {
  const value = raw.trim();
  switch (field) {
    case 'name':
      return value ? undefined : 'validation.requiredShort';
    case 'email':
      return !value ? 'validation.requiredShort' : EMAIL_PATTERN.test(value) ? undefined : 'validation.emailInvalidShort';
    case 'phone':
      return PHONE_PATTERN.test(value) ? undefined : 'validation.phoneDigits';
    case 'password':
      return raw.length >= 6 ? undefined : 'validation.passwordMin';
    case 'confirmPassword':
      return raw === password ? undefined : 'validation.passwordsMatch';
    case 'userType':
      return (userTypes as readonly string[]).includes(raw) ? undefined : 'register.userTypeRequired';
  }
}
