// The registration questions' form on the public site: its values per question, how stored answers
// fill it, the checks made before sending (the server makes the same ones and has the last word), and
// how the answers are sent (GraphQL's AnswerInput).
import type { AnswerInput, EventQuestionsFragment } from '@/gql/graphql';

export type PublicQuestion = EventQuestionsFragment['questions'][number];

/** One value per question: text (numbers and yes/no as "12", "true"/"false"), or the chosen options. */
export type AnswerDrafts = Record<string, string | string[]>;

export interface StoredAnswer {
  questionId: string;
  value?: string | null;
  values?: readonly string[] | null;
}

export function initialDrafts(questions: readonly PublicQuestion[], stored: readonly StoredAnswer[] | null | undefined = []): AnswerDrafts {
  const byId = new Map((stored ?? []).map((a) => [a.questionId, a]));
  return Object.fromEntries(
    questions.map((q) => {
      const a = byId.get(q.id);
      return [q.id, q.type === 'MULTIPLE_CHOICE' ? [...(a?.values ?? [])] : (a?.value ?? '')];
    }),
  );
}

const blank = (v: string | string[] | undefined) => (Array.isArray(v) ? v.length === 0 : !v || !v.trim());

/** The checks the reader can be told of before sending: required answers, numbers. Keyed by question id. */
export function checkDrafts(questions: readonly PublicQuestion[], drafts: AnswerDrafts, messages: { required: string; number: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const q of questions) {
    const v = drafts[q.id];
    if (blank(v)) {
      if (q.required) errors[q.id] = messages.required;
    } else if (q.type === 'NUMBER' && !/^\s*-?\d+(\.\d+)?\s*$/.test(String(v))) errors[q.id] = messages.number;
  }
  return errors;
}

/** The answers to send: blank ones left out. */
export function toAnswerInputs(questions: readonly PublicQuestion[], drafts: AnswerDrafts): AnswerInput[] {
  return questions.flatMap((q) => {
    const v = drafts[q.id];
    if (blank(v)) return [];
    return [Array.isArray(v) ? { questionId: q.id, values: v } : { questionId: q.id, value: v.trim() }];
  });
}

/** The server's field messages about answers (`answers.<questionId>`), by question id. */
export function answerErrorsOf(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (k.startsWith('answers.') ? [[k.slice('answers.'.length), v]] : k === 'answers' ? [['', v]] : [])));
}
