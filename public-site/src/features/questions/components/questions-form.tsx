import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/translator';
import type { AnswerInput } from '@/gql/graphql';
import { checkDrafts, initialDrafts, toAnswerInputs, type AnswerDrafts, type PublicQuestion, type StoredAnswer } from '../lib/answers';
import { QuestionField } from './question-field';
import '../questions.css';

export interface QuestionsFormProps {
  questions: readonly PublicQuestion[];
  stored?: readonly StoredAnswer[] | null;
  submitLabel: string;
  idPrefix: string;
  /** Sends the answers; resolves with the server's messages by question id when it refused them. */
  onSubmit: (answers: AnswerInput[]) => Promise<Record<string, string> | void>;
  onCancel: () => void;
}

/**
 * The questions as a form: checked before sending (required, numbers), then the server's field-level
 * messages shown at their questions; the first question in error takes the focus.
 */
export function QuestionsForm({ questions, stored, submitLabel, idPrefix, onSubmit, onCancel }: QuestionsFormProps) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<AnswerDrafts>(() => initialDrafts(questions, stored));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstError = (found: Record<string, string>) => {
    const first = questions.find((q) => found[q.id]);
    if (!first) return;
    const el = formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${idPrefix}-${first.id}`)}, input[name="${CSS.escape(`${idPrefix}-${first.id}`)}"]`);
    el?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const local = checkDrafts(questions, drafts, { required: t('questions.requiredError'), number: t('questions.numberError') });
    setErrors(local);
    if (Object.keys(local).length) {
      focusFirstError(local);
      return;
    }
    setSending(true);
    try {
      const refused = await onSubmit(toAnswerInputs(questions, drafts));
      if (refused && Object.keys(refused).length) {
        setErrors(refused);
        focusFirstError(refused);
      }
    } finally {
      setSending(false);
    }
  };

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form ref={formRef} className="questions-form" onSubmit={submit} noValidate>
      {hasErrors ? (
        <p className="alert alert--error" role="alert">
          {errors[''] ?? t('questions.fixErrors')}
        </p>
      ) : null}
      {questions.map((q) => (
        <QuestionField key={q.id} idPrefix={idPrefix} question={q} value={drafts[q.id] ?? ''} error={errors[q.id]} onChange={(v) => setDrafts((d) => ({ ...d, [q.id]: v }))} />
      ))}
      <div className="questions-form__buttons">
        <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
          {sending ? t('questions.saving') : submitLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('questions.cancel')}
        </button>
      </div>
    </form>
  );
}
