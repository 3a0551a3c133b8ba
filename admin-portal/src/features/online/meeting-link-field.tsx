import type { UseFormRegisterReturn } from 'react-hook-form';
import { en } from '@/i18n/en';
import { Field, fieldA11y } from '@/components/ui/field';

const t = en.online;

/** The event form's online meeting link (https), with the reminder of who sees it. */
export function MeetingLinkField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <Field id="event-meetingLink" label={t.meetingLink} error={error} hint={t.meetingLinkHint}>
      <input {...fieldA11y('event-meetingLink', error, t.meetingLinkHint)} type="url" placeholder="https://" autoComplete="off" {...registration} />
    </Field>
  );
}

/** An https URL, as the API accepts it. */
export function isMeetingLink(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' && !!u.hostname;
  } catch {
    return false;
  }
}
