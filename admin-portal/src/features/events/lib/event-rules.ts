// The event form, defined once: its values, its rules (English text required, Hindi optional, both
// within the API's limits), how an event fills it, and how it becomes the create / update input.
import type { AdminEventFieldsFragment, AdminEventSessionFieldsFragment, EventCategory, EventInput, EventUpdateInput } from '@/gql/graphql';
import { en } from '@/i18n/en';
import { fieldIn, textLength, translationIn, type TextFieldSpec } from '@/lib/content-languages';
import { isUrl } from '@/lib/is-url';
import { minSessionsOf, sessionRowsOf, toSessionsInput, validateSessions, type SessionRow } from './session-rules';
import { toQuestionDrafts, toQuestionInputs, type QuestionDraft } from '@/features/questions/lib/question-drafts';
import { isMeetingLink } from '@/features/online/meeting-link-field';
import { DEFAULT_FEEDBACK_DELAY_HOURS, isFeedbackDelay } from '@/features/feedback/lib/feedback-delay';

const t = en.events;
const v = t.validation;
export const DEFAULT_WAITLIST_OFFER_HOURS = 24;
export const MAX_WAITLIST_OFFER_HOURS = 168;

/** The waiting-list offer window: a whole number of hours from 1 to 168 (a week). */
export function isOfferHours(value: string): boolean {
  const s = value.trim();
  if (!/^\d+$/.test(s)) return false;
  const n = Number(s);
  return n >= 1 && n <= MAX_WAITLIST_OFFER_HOURS;
}

export const eventCategories: readonly EventCategory[] = ['GENERAL', 'PRIMARY', 'SECONDARY', 'GRADUATE'];

export type EventTextField = 'title' | 'description' | 'location' | 'speaker';

/** The event's text written per language, with the API's limits (EventInput). */
export const eventTextFields: readonly TextFieldSpec<EventTextField>[] = [
  { field: 'title', label: t.fields.title, max: 200, required: true },
  { field: 'description', label: t.fields.description, max: 10000, required: true, rows: 5 },
  { field: 'location', label: t.fields.location, max: 200, required: true },
  { field: 'speaker', label: t.fields.speaker, max: 120, required: false },
];
const requiredMessage: Partial<Record<EventTextField, string>> = {
  title: v.titleRequired,
  description: v.descriptionRequired,
  location: v.locationRequired,
};

export interface EventFormValues {
  title: string;
  titleHi: string;
  category: EventCategory | '';
  description: string;
  descriptionHi: string;
  date: string;
  time: string;
  endDate: string;
  endTime: string;
  location: string;
  locationHi: string;
  maxParticipants: string;
  externalLink: string;
  speaker: string;
  speakerHi: string;
  waitlistOfferHours: string;
  feedbackDelayHours: string;
  removeImage: boolean;
  /** Several sessions (lib/session-rules.ts); none: one session from date and time. */
  sessions: SessionRow[];
  certificateMinSessions: string;
  /** Registration questions (features/questions: the editor, its drafts). */
  questions: QuestionDraft[];
  meetingLink: string;
  /** A date of a series: which dates the save changes. */
  applyTo: 'this' | 'following';
}
/** Field errors; a session's fields are named `sessions.{i}.{field}`. */
export type EventFormErrors = Partial<Record<keyof EventFormValues, string>> & Record<string, string>;

export const emptyEventForm: EventFormValues = {
  title: '',
  titleHi: '',
  category: '',
  description: '',
  descriptionHi: '',
  date: '',
  time: '',
  endDate: '',
  endTime: '',
  location: '',
  locationHi: '',
  maxParticipants: '',
  externalLink: '',
  speaker: '',
  speakerHi: '',
  waitlistOfferHours: String(DEFAULT_WAITLIST_OFFER_HOURS),
  feedbackDelayHours: String(DEFAULT_FEEDBACK_DELAY_HOURS),
  removeImage: false,
  sessions: [],
  certificateMinSessions: '',
  questions: [],
  meetingLink: '',
  applyTo: 'this',
};

/** The language-neutral fields in the order the form shows them (the first one in error gets the focus). */
export const eventDetailFields = ['category', 'maxParticipants', 'date', 'time', 'endDate', 'endTime', 'waitlistOfferHours', 'feedbackDelayHours', 'externalLink', 'meetingLink'] as const;


export function validateEventForm(values: EventFormValues): EventFormErrors {
  const errors: EventFormErrors = {};
  for (const { field, label, max } of eventTextFields) {
    const english = values[field].trim();
    const required = requiredMessage[field];
    if (required && !english) errors[field] = required;
    else if (textLength(english) > max) errors[field] = en.content.tooLong(label, max);
    if (textLength(values[fieldIn(field, 'hi')].trim()) > max) errors[fieldIn(field, 'hi')] = en.content.tooLong(en.content.fieldIn(label, en.content.languages.hi), max);
  }
  if (!values.category) errors.category = v.categoryRequired;
  // With sessions, the event's date and time are the first session's.
  const sessions = values.sessions ?? [];
  if (!values.date && !sessions.length) errors.date = v.dateRequired;
  if (!values.time && !sessions.length) errors.time = v.timeRequired;
  Object.assign(errors, validateSessions(sessions, values.certificateMinSessions ?? ''));
  const max = values.maxParticipants;
  if (max && !(Number.isInteger(Number(max)) && Number(max) >= 1)) errors.maxParticipants = v.maxParticipantsMin;
  if (!isOfferHours(values.waitlistOfferHours)) errors.waitlistOfferHours = v.waitlistOfferHoursRange;
  if (!isFeedbackDelay(values.feedbackDelayHours)) errors.feedbackDelayHours = en.feedback.delayRange;
  if (values.externalLink.trim() && !isUrl(values.externalLink.trim())) errors.externalLink = v.externalLinkInvalid;
  if (values.meetingLink.trim() && !isMeetingLink(values.meetingLink.trim())) errors.meetingLink = en.online.meetingLinkInvalid;
  return errors;
}

/** An event as the form shows it; the Hindi fields come from `translations` (as written, no fallback). */
export function toEventFormValues(e: AdminEventFieldsFragment & Partial<AdminEventSessionFieldsFragment>): EventFormValues {
  const hi = translationIn(e.translations, 'hi');
  return {
    ...emptyEventForm,
    title: e.title,
    titleHi: hi.title ?? '',
    category: e.category,
    description: e.description,
    descriptionHi: hi.description ?? '',
    date: e.date.slice(0, 10),
    time: e.time,
    endDate: e.endDate?.slice(0, 10) ?? '',
    endTime: e.endTime ?? '',
    location: e.location,
    locationHi: hi.location ?? '',
    maxParticipants: e.maxParticipants ? String(e.maxParticipants) : '',
    externalLink: e.externalLink ?? '',
    speaker: e.speaker ?? '',
    speakerHi: hi.speaker ?? '',
    waitlistOfferHours: String(e.waitlistOfferHours),
    sessions: sessionRowsOf(e),
    certificateMinSessions: e.certificateMinSessions ? String(e.certificateMinSessions) : '',
    questions: toQuestionDrafts(e.questionDefinitions),
    meetingLink: e.meetingLink ?? '',
    feedbackDelayHours: String(e.feedbackDelayHours),
  };
}

const maxParticipantsOf = (values: EventFormValues) => (values.maxParticipants.trim() ? Number(values.maxParticipants) : null);

/** A new event: empty optional fields, Hindi ones included, are left out. */
export function toCreateEventInput(values: EventFormValues, imageKey?: string): EventInput {
  const optional = (s: string) => s.trim() || undefined;
  return {
    title: values.title.trim(),
    titleHi: optional(values.titleHi),
    category: values.category as EventCategory,
    description: values.description.trim(),
    descriptionHi: optional(values.descriptionHi),
    date: values.date,
    time: values.time,
    location: values.location.trim(),
    locationHi: optional(values.locationHi),
    endDate: values.endDate || undefined,
    endTime: values.endTime || undefined,
    maxParticipants: maxParticipantsOf(values) ?? undefined,
    externalLink: optional(values.externalLink),
    speaker: optional(values.speaker),
    speakerHi: optional(values.speakerHi),
    waitlistOfferHours: Number(values.waitlistOfferHours.trim()),
    feedbackDelayHours: Number(values.feedbackDelayHours.trim()),
    imageKey,
    ...sessionsFields(values),
    questions: values.questions.length ? toQuestionInputs(values.questions) : undefined,
    meetingLink: optional(values.meetingLink),
  };
}

/** The sessions and the K-of-N rule (with sessions, the event's date and time are the first one's). */
function sessionsFields(values: EventFormValues) {
  const sessions = toSessionsInput(values.sessions ?? []);
  const min = minSessionsOf(values.certificateMinSessions ?? '');
  // Left out for a one-session event without a rule, so such an event is sent exactly as before.
  return {
    ...(sessions ? { sessions, date: sessions[0].date, time: sessions[0].time } : {}),
    ...(sessions || min !== null ? { certificateMinSessions: min } : {}),
  };
}

/**
 * An edit: every field is sent, and an empty optional one clears it (the API reads '' / null as
 * "remove"); so a Hindi field the admin emptied goes back to showing English.
 */
export function toUpdateEventInput(values: EventFormValues, imageKey?: string): EventUpdateInput {
  return {
    title: values.title.trim(),
    titleHi: values.titleHi.trim(),
    category: (values.category || undefined) as EventCategory | undefined,
    description: values.description.trim(),
    descriptionHi: values.descriptionHi.trim(),
    date: values.date,
    time: values.time,
    location: values.location.trim(),
    locationHi: values.locationHi.trim(),
    endDate: values.endDate,
    endTime: values.endTime,
    maxParticipants: maxParticipantsOf(values),
    externalLink: values.externalLink.trim(),
    speaker: values.speaker.trim(),
    speakerHi: values.speakerHi.trim(),
    waitlistOfferHours: Number(values.waitlistOfferHours.trim()),
    feedbackDelayHours: Number(values.feedbackDelayHours.trim()),
    imageKey: imageKey ?? (values.removeImage ? '' : undefined),
    ...sessionsFields(values),
    questions: toQuestionInputs(values.questions),
    meetingLink: values.meetingLink.trim(),
    applyTo: values.applyTo === 'following' ? 'FOLLOWING' : undefined,
  };
}
