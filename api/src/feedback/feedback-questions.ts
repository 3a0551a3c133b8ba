import { validationError } from '../common/errors';
import type { Language } from '../i18n/languages';
import { formatAnswer, localizeQuestion, validateAnswers, validateQuestions, type AnswerValue, type Answers, type Question } from '../questions/question-rules';

/**
 * The extra questions of an event's feedback form (events.feedback_questions): the same kinds and rules
 * as registration questions (questions/question-rules.ts, brought in unchanged from the `questions`
 * branch), with the feedback form's own limit on how many.
 */
export type FeedbackQuestion = Question;
export const MAX_FEEDBACK_QUESTIONS = 10;

/** The admin's list, checked and normalised (ids and option values made where missing), or a 400 naming the field. */
export function parseQuestions(raw: unknown): FeedbackQuestion[] {
  // The list replaces the old one: none sent is a mistake, not "remove them all" (send [] for that).
  if (raw === undefined || raw === null) throw validationError('Questions are required (send [] to remove them)', { questions: 'Questions are required' });
  if (Array.isArray(raw) && raw.length > MAX_FEEDBACK_QUESTIONS) throw validationError(`At most ${MAX_FEEDBACK_QUESTIONS} extra questions`, { questions: 'Too many' });
  const { value, errors } = validateQuestions(raw);
  const fields = Object.keys(errors);
  if (fields.length) throw validationError(errors[fields[0]], errors);
  return value;
}

/** The stored list as it is (it was checked when saved); an unreadable one asks nothing. */
export function storedQuestions(raw: unknown): FeedbackQuestion[] {
  const { value, errors } = validateQuestions(raw ?? []);
  return Object.keys(errors).length ? [] : value;
}

export { localizeQuestion };

/** An answer given over GraphQL/REST: one value, or several for a multiple choice. */
export interface GivenAnswer {
  questionId: string;
  value?: string | null;
  values?: string[] | null;
}

/** The answers checked against the questions (messages in the person's language), as stored: keyed by question id. */
export function checkAnswers(questions: FeedbackQuestion[], given: GivenAnswer[] | undefined, language: Language): Answers {
  const raw: Record<string, unknown> = {};
  for (const a of given ?? []) raw[a.questionId] = a.values && a.values.length ? a.values : a.value;
  const { value, errors } = validateAnswers(questions, raw, language);
  const fields = Object.keys(errors);
  if (fields.length) throw validationError(errors[fields[0]], Object.fromEntries(fields.map((f) => [`answers.${f}`, errors[f]])));
  return value;
}

/** A stored answer as the API gives it back: `value` for one, `values` for a multiple choice; yes/no as 'yes' or 'no'. */
export function answerOut(questionId: string, v: AnswerValue): { questionId: string; value: string | null; values: string[] } {
  if (Array.isArray(v)) return { questionId, value: null, values: v.map(String) };
  if (typeof v === 'boolean') return { questionId, value: v ? 'yes' : 'no', values: [] };
  return { questionId, value: String(v), values: [] };
}

/** For the CSV: the answer in words (option labels, Yes/No). */
export const answerText = (q: FeedbackQuestion, v: AnswerValue | undefined) => formatAnswer(q, v, 'en');
