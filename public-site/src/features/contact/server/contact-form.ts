// The contact form sent before (or without) the page's script (rendering/server-form.ts): the same
// checks as contact-form.tsx, then the same submitContact, as the reader. The page is drawn with the
// outcome: the thank-you banner, the fields' errors with what was typed, or the failure message.
import { SubmitContactDocument } from '@/gql/graphql';
import { EMAIL_PATTERN, PHONE_PATTERN } from '@/lib/validation';
import { ApiRefusal, mutate, text, type FormAction } from '@/rendering/server-form';

export const contactForm: FormAction = async (fields, context) => {
  const values = {
    name: text(fields, 'name').trim(),
    email: text(fields, 'email').trim(),
    phone: text(fields, 'phone').trim(),
    subject: text(fields, 'subject').trim(),
    message: text(fields, 'message').trim(),
  };
  const fieldErrors: Record<string, string> = {};
  if (!values.name) fieldErrors.name = 'validation.nameRequired';
  if (!values.email) fieldErrors.email = 'validation.emailRequired';
  else if (!EMAIL_PATTERN.test(values.email)) fieldErrors.email = 'validation.emailInvalid';
  if (!values.phone) fieldErrors.phone = 'validation.phoneRequired';
  else if (!PHONE_PATTERN.test(values.phone)) fieldErrors.phone = 'validation.phoneInvalid';
  if (!values.subject) fieldErrors.subject = 'validation.subjectRequired';
  if (!values.message) fieldErrors.message = 'validation.messageRequired';
  if (Object.keys(fieldErrors).length > 0) return { form: { form: 'contact', outcome: 'invalid', values, fieldErrors } };
  try {
    await mutate<{ submitContact: { id: string } }>(SubmitContactDocument, { input: values }, context);
    // Sent: nothing of it is drawn again (the form starts empty under the thank-you banner).
    return { form: { form: 'contact', outcome: 'sent', values: {} } };
  } catch (error) {
    if (!(error instanceof ApiRefusal)) throw error;
    return { form: { form: 'contact', outcome: 'failed', values, error: error.error } };
  }
};
