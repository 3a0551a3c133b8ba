// The questions editor's values: drafts as the admin edits them, how an event or a set fills them, and
// how they become the API's QuestionInput (the API checks them: its messages come back per field).
import type { AdminEventQuestionsFragment, QuestionInput, QuestionType } from '@/gql/graphql';

export interface OptionDraft {
  key: string;
  value: string;
  label: string;
  labelHi: string;
}

export interface QuestionDraft {
  /** React's key: new drafts have no id until the API makes one from the label. */
  key: string;
  id: string;
  type: QuestionType;
  label: string;
  labelHi: string;
  help: string;
  helpHi: string;
  required: boolean;
  options: OptionDraft[];
}

let counter = 0;
const nextKey = () => `draft-${++counter}`;

export const isChoice = (type: QuestionType) => type === 'SINGLE_CHOICE' || type === 'MULTIPLE_CHOICE';

export const emptyOption = (): OptionDraft => ({ key: nextKey(), value: '', label: '', labelHi: '' });

export const emptyQuestion = (): QuestionDraft => ({ key: nextKey(), id: '', type: 'TEXT', label: '', labelHi: '', help: '', helpHi: '', required: false, options: [] });

type Definition = AdminEventQuestionsFragment['questionDefinitions'][number];

export function toQuestionDrafts(definitions: readonly Definition[] | null | undefined): QuestionDraft[] {
  return (definitions ?? []).map((q) => ({
    key: nextKey(),
    id: q.id,
    type: q.type,
    label: q.label,
    labelHi: q.labelHi,
    help: q.help,
    helpHi: q.helpHi,
    required: q.required,
    options: q.options.map((o) => ({ key: nextKey(), value: o.value, label: o.label, labelHi: o.labelHi })),
  }));
}

/** The drafts as the API takes them: ids kept (answers stay linked), options only for choices. */
export function toQuestionInputs(drafts: readonly QuestionDraft[]): QuestionInput[] {
  return drafts.map((d) => ({
    ...(d.id ? { id: d.id } : {}),
    type: d.type,
    label: d.label.trim(),
    labelHi: d.labelHi.trim(),
    help: d.help.trim(),
    helpHi: d.helpHi.trim(),
    required: d.required,
    options: isChoice(d.type) ? d.options.map((o) => ({ ...(o.value ? { value: o.value } : {}), label: o.label.trim(), labelHi: o.labelHi.trim() })) : [],
  }));
}

/** A saved set's questions added after the current ones; a question whose id is there already is skipped. */
export function applySet(current: readonly QuestionDraft[], set: readonly Definition[]): QuestionDraft[] {
  const ids = new Set(current.map((q) => q.id).filter(Boolean));
  return [...current, ...toQuestionDrafts(set.filter((q) => !ids.has(q.id)))];
}

/** Moves the draft at `from` by one place (-1 up, +1 down). */
export function move<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** The API's field messages about questions (`questions[0].label`), as they are keyed. */
export function questionErrorsOf(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([k]) => k === 'questions' || k.startsWith('questions[')));
}
