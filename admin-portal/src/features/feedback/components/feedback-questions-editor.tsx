import { useState, type FormEvent } from 'react';
import type { FeedbackQuestionFieldsFragment } from '@/gql/graphql';
import { en } from '@/i18n/en';
import { describeError } from '@/lib/errors';
import { Notice, type NoticeValue } from '@/components/ui/notice';
import { useSetFeedbackQuestions } from '../api/use-feedback-questions';

const t = en.feedback;
const TYPES = ['text', 'long_text', 'single_choice', 'multiple_choice', 'number', 'yes_no'] as const;
const isChoice = (type: string) => type === 'single_choice' || type === 'multiple_choice';
const MAX_QUESTIONS = 10;

interface Draft {
  id: string;
  type: string;
  label: string;
  labelHi: string;
  required: boolean;
  /** The options, one a line, in each language; `values` keeps the stored value of each line already saved. */
  options: string;
  optionsHi: string;
  values: string[];
}

const toDrafts = (questions: readonly FeedbackQuestionFieldsFragment[]): Draft[] =>
  questions.map((q) => ({
    id: q.id,
    type: q.type,
    label: q.label,
    labelHi: q.labelHi,
    required: q.required,
    options: q.options.map((o) => o.label).join('\n'),
    optionsHi: q.options.map((o) => o.labelHi).join('\n'),
    values: q.options.map((o) => o.value),
  }));
const lines = (s: string) => s.split('\n').map((l) => l.trim()).filter(Boolean);
/** The event's extra feedback questions: a short list edited in place and saved together. */
export function FeedbackQuestionsEditor({ eventId, questions }: { eventId: string; questions: readonly FeedbackQuestionFieldsFragment[] }) {
  const [drafts, setDrafts] = useState<Draft[]>(() => toDrafts(questions));
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [save, { loading }] = useSetFeedbackQuestions();

  const change = (i: number, patch: Partial<Draft>) => setDrafts((d) => d.map((q, j) => (j === i ? { ...q, ...patch } : q)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    // New questions and options get their ids and values from the API (made from the English label).
    const list = drafts.map((d) => {
      const hi = lines(d.optionsHi);
      const options = isChoice(d.type) ? lines(d.options).map((label, j) => ({ value: d.values[j] || null, label, labelHi: hi[j] ?? null })) : [];
      return { id: d.id || null, type: d.type, label: d.label.trim(), labelHi: d.labelHi.trim() || null, required: d.required, options };
    });
    try {
      const res = await save({ variables: { eventId, questions: list } });
      // The saved list, with the ids given to new questions (their answers are kept under them).
      if (res.data) setDrafts(toDrafts(res.data.setEventFeedbackQuestions.questions));
      setNotice({ kind: 'success', text: t.questionsSaved });
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.questionsFailed) });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="feedback-questions-title">
      <h4 id="feedback-questions-title" className="section-title">
        {t.questionsTitle}
      </h4>
      <p className="muted small">{t.questionsHint}</p>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      {drafts.map((q, i) => {
        const id = `feedback-question-${i}`;
        return (
          <fieldset key={i} className="feedback-question">
            <legend className="strong">{t.questionLegend(i + 1)}</legend>
            <div className="form-grid">
              <div className="field">
                <label htmlFor={`${id}-label`}>{t.questionLabel}</label>
                <input id={`${id}-label`} value={q.label} maxLength={300} required aria-required onChange={(e) => change(i, { label: e.target.value })} />
              </div>
              <div className="field">
                <label htmlFor={`${id}-labelHi`}>{t.questionLabelHi}</label>
                <input id={`${id}-labelHi`} lang="hi" value={q.labelHi} maxLength={300} onChange={(e) => change(i, { labelHi: e.target.value })} />
              </div>
              <div className="field">
                <label htmlFor={`${id}-type`}>{t.questionKind}</label>
                <select id={`${id}-type`} value={q.type} onChange={(e) => change(i, { type: e.target.value })}>
                  {TYPES.map((k) => (
                    <option key={k} value={k}>
                      {t.kinds[k]}
                    </option>
                  ))}
                </select>
              </div>
              <label className="checkbox">
                <input type="checkbox" checked={q.required} onChange={(e) => change(i, { required: e.target.checked })} /> {t.questionRequired}
              </label>
              {isChoice(q.type) && (
                <>
                  <div className="field">
                    <label htmlFor={`${id}-options`}>{t.questionOptions}</label>
                    <textarea id={`${id}-options`} rows={3} value={q.options} onChange={(e) => change(i, { options: e.target.value })} />
                  </div>
                  <div className="field">
                    <label htmlFor={`${id}-optionsHi`}>{t.questionOptionsHi}</label>
                    <textarea id={`${id}-optionsHi`} lang="hi" rows={3} value={q.optionsHi} onChange={(e) => change(i, { optionsHi: e.target.value })} />
                  </div>
                </>
              )}
            </div>
            <button type="button" className="btn btn-small btn-secondary" onClick={() => setDrafts((d) => d.filter((_, j) => j !== i))}>
              {t.removeQuestion(i + 1)}
            </button>
          </fieldset>
        );
      })}
      <div className="form-actions">
        {drafts.length < MAX_QUESTIONS && (
          <button type="button" className="btn btn-secondary" onClick={() => setDrafts((d) => [...d, { id: '', type: 'text', label: '', labelHi: '', required: false, options: '', optionsHi: '', values: [] }])}>
            {t.addQuestion}
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={loading} aria-busy={loading}>
          {loading ? t.savingQuestions : t.saveQuestions}
        </button>
      </div>
    </form>
  );
}
