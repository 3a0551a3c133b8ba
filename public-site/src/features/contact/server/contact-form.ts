// The contact form sent before (or without) the page's script (rendering/server-form.ts): the same
// checks as contact-form.tsx, then the same submitContact, as the reader. The page is drawn with the
// outcome: the thank-you banner, the fields' errors with what was typed, or the failure message.
import { SubmitContactDocument } from '@/gql/graphql';
import { contactFieldProblem, type ContactField } from '../lib/contact-fields';
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
  for (const field of Object.keys(values) as ContactField[]) {
    const problem = contactFieldProblem(field, values[field]);
    if (problem) fieldErrors[field] = problem;
  }
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
