import { validationError } from '../common/errors';
import type { Language } from '../i18n/languages';

/**
 * The extra questions of an event's feedback form (stored in events.feedback_questions) and the rules
 * for their answers. Kept here, small, because the registration questions' rules (branch `questions`,
 * questions/question-rules.ts) were not there to share when this was written: the kinds are the ones
 * registration questions use (short text, long text, one choice, yes/no, a 1-5 rating).
 */
export const FEEDBACK_QUESTION_KINDS = ['text', 'textarea', 'choice', 'yesno', 'rating'] as const;
export type FeedbackQuestionKind = (typeof FEEDBACK_QUESTION_KINDS)[number];

export interface FeedbackQuestion {
  id: string;
  kind: FeedbackQuestionKind;
  label: string;
  labelHi?: string | null;
  required: boolean;
  /** For 'choice': the options, English. */
  options?: string[];
  /** For 'choice': the options in Hindi, in the same order (English where missing). */
  optionsHi?: string[];
}

export const MAX_QUESTIONS = 10;
const MAX_TEXT = 2000;
const ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The stored list, or a 400 saying which question is wrong. */
export function parseQuestions(raw: unknown): FeedbackQuestion[] {
  if (!Array.isArray(raw)) throw validationError('Questions must be a list', { questions: 'Must be a list' });
  if (raw.length > MAX_QUESTIONS) throw validationError(`At most ${MAX_QUESTIONS} extra questions`, { questions: 'Too many' });
  const seen = new Set<string>();
  return raw.map((q, i) => {
    const field = `questions.${i}`;
    const bad = (why: string) => validationError(`Question ${i + 1}: ${why}`, { [field]: why });
    if (typeof q !== 'object' || q === null) throw bad('must be an object');
    const o = q as Record<string, unknown>;
    const id = typeof o.id === 'string' ? o.id.trim() : '';
    if (!ID.test(id)) throw bad('its id must be 1-40 lower-case letters, digits or dashes');
    if (seen.has(id)) throw bad('its id is used twice');
    seen.add(id);
    if (!FEEDBACK_QUESTION_KINDS.includes(o.kind as FeedbackQuestionKind)) throw bad(`its kind must be one of ${FEEDBACK_QUESTION_KINDS.join(', ')}`);
    const label = typeof o.label === 'string' ? o.label.trim() : '';
    if (!label || label.length > 300) throw bad('its label is required (at most 300 characters)');
    const labelHi = typeof o.labelHi === 'string' && o.labelHi.trim() ? o.labelHi.trim().slice(0, 300) : null;
    const kind = o.kind as FeedbackQuestionKind;
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string').map((s) => s.trim()).filter(Boolean) : []);
    const options = kind === 'choice' ? strings(o.options) : undefined;
    if (kind === 'choice' && (options!.length < 2 || options!.length > 20)) throw bad('a choice needs 2 to 20 options');
    const optionsHi = kind === 'choice' ? strings(o.optionsHi) : undefined;
    return { id, kind, label, labelHi, required: o.required === true, ...(options ? { options, optionsHi } : {}) };
  });
}

/** The question as a person reads it, in their language (English where it has no Hindi). */
export function localizeQuestion(q: FeedbackQuestion, language: Language): { id: string; kind: FeedbackQuestionKind; label: string; required: boolean; options: string[] } {
  const hi = language === 'hi';
  const options = (q.options ?? []).map((o, i) => (hi && q.optionsHi?.[i]) || o);
  return { id: q.id, kind: q.kind, label: (hi && q.labelHi) || q.label, required: q.required, options };
}

/**
 * The answers a person gave, checked against the questions: a map of question id to a string (a
 * choice is stored as the option's English text, so the admin's summary groups them whatever the
 * language; a rating as '1'..'5'; yes/no as 'yes' or 'no'). Unknown question ids are refused.
 */
export function validateFeedbackAnswers(questions: FeedbackQuestion[], raw: unknown): Record<string, string> {
  const given = new Map<string, string>();
  if (raw !== undefined && raw !== null) {
    if (!Array.isArray(raw)) throw validationError('Answers must be a list', { answers: 'Must be a list' });
    for (const a of raw) {
      const o = (a ?? {}) as Record<string, unknown>;
      if (typeof o.questionId !== 'string' || !questions.some((q) => q.id === o.questionId)) throw validationError('An answer is to an unknown question', { answers: 'Unknown question' });
      if (o.value !== null && o.value !== undefined && typeof o.value !== 'string') throw validationError('An answer must be text', { [`answers.${o.questionId}`]: 'Must be text' });
      const value = typeof o.value === 'string' ? o.value.trim() : '';
      if (value) given.set(o.questionId, value);
    }
  }
  const out: Record<string, string> = {};
  for (const q of questions) {
    const v = given.get(q.id);
    const field = `answers.${q.id}`;
    if (!v) {
      if (q.required) throw validationError(`Please answer "${q.label}"`, { [field]: 'Required' });
      continue;
    }
    if (q.kind === 'text' || q.kind === 'textarea') {
      if (v.length > MAX_TEXT) throw validationError(`The answer to "${q.label}" is too long (at most ${MAX_TEXT} characters)`, { [field]: 'Too long' });
      out[q.id] = v;
    } else if (q.kind === 'yesno') {
      if (v !== 'yes' && v !== 'no') throw validationError(`Answer "${q.label}" with yes or no`, { [field]: 'Yes or no' });
      out[q.id] = v;
    } else if (q.kind === 'rating') {
      if (!/^[1-5]$/.test(v)) throw validationError(`Rate "${q.label}" from 1 to 5`, { [field]: '1 to 5' });
      out[q.id] = v;
    } else {
      // A choice may come as the English or the Hindi option: it is kept as the English one.
      const i = (q.options ?? []).indexOf(v) >= 0 ? (q.options ?? []).indexOf(v) : (q.optionsHi ?? []).indexOf(v);
      if (i < 0) throw validationError(`Pick one of the options for "${q.label}"`, { [field]: 'Not an option' });
      out[q.id] = q.options![i];
    }
  }
  return out;
}

/** The question as its admins edit it: both languages, empty lists rather than missing ones. */
export const adminQuestion = (q: FeedbackQuestion) => ({ id: q.id, kind: q.kind, label: q.label, labelHi: q.labelHi ?? null, required: q.required, options: q.options ?? [], optionsHi: q.optionsHi ?? [] });
