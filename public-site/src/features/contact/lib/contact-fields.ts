// The contact form's rules, one place for the form (contact-form.tsx) and its action before script
// (server/contact-form.ts): the catalogue key of a field's problem, or undefined.
import type { ContactInput } from '@/gql/graphql';
import { EMAIL_PATTERN, PHONE_PATTERN } from '@/lib/validation';

export type ContactField = keyof ContactInput;

export function contactFieldProblem(field: ContactField, raw: string): string | undefined {
  const value = raw.trim();
  switch (field) {
    case 'name':
      return value ? undefined : 'validation.nameRequired';
    case 'email':
      return !value ? 'validation.emailRequired' : EMAIL_PATTERN.test(value) ? undefined : 'validation.emailInvalid';
    case 'phone':
      return !value ? 'validation.phoneRequired' : PHONE_PATTERN.test(value) ? undefined : 'validation.phoneInvalid';
    case 'subject':
      return value ? undefined : 'validation.subjectRequired';
    case 'message':
      return value ? undefined : 'validation.messageRequired';
  }
}
