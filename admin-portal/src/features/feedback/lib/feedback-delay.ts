// The event form's feedback delay: how many hours after the end attendees get the form (the API's 0-168).
export const DEFAULT_FEEDBACK_DELAY_HOURS = 2;
export const MAX_FEEDBACK_DELAY_HOURS = 168;

/** A whole number of hours from 0 to 168. */
export function isFeedbackDelay(value: string): boolean {
  const s = value.trim();
  return /^\d+$/.test(s) && Number(s) <= MAX_FEEDBACK_DELAY_HOURS;
}
