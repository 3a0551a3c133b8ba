import type { UseFormRegisterReturn } from 'react-hook-form';
import { en } from '@/i18n/en';
import { Field, fieldA11y } from '@/components/ui/field';
import { MAX_FEEDBACK_DELAY_HOURS } from '../lib/feedback-delay';

const t = en.feedback;

/** The event form's "feedback mail, hours after the end" field (0-168). */
export function FeedbackDelayField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const id = 'event-feedbackDelayHours';
  return (
    <Field id={id} label={t.delayLabel} error={error} hint={t.delayHint} required>
      <input {...fieldA11y(id, error, t.delayHint, true)} type="number" min={0} max={MAX_FEEDBACK_DELAY_HOURS} step={1} inputMode="numeric" {...registration} />
    </Field>
  );
}
