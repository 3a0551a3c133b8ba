import { useState, type FormEvent } from 'react';
import type { FeedbackQuestionFieldsFragment } from '@/gql/graphql';
import { en } from '@/i18n/en';
import { describeError } from '@/lib/errors';
import { Notice, type NoticeValue } from '@/components/ui/notice';
import { useSetFeedbackQuestions } from '../api/use-feedback-questions';

const t = en.feedback;
const KINDS = ['text', 'textarea', 'choice', 'yesno', 'rating'] as const;
const MAX_QUESTIONS = 10;

interface Draft {
  id: string;
  kind: string;
  label: string;
  labelHi: string;
  required: boolean;
  options: string;
  optionsHi: string;
}

const toDrafts = (questions: readonly FeedbackQuestionFieldsFragment[]): Draft[] =>
  questions.map((q) => ({ id: q.id, kind: q.kind, label: q.label, labelHi: q.labelHi ?? '', required: q.required, options: q.options.join('\n'), optionsHi: q.optionsHi.join('\n') }));
const lines = (s: string) => s.split('\n').map((l) => l.trim()).filter(Boolean);
/** A stable id from the English question (the answers are stored under it). */
const slug = (label: string, taken: Set<string>) => {
  const base = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 30) || 'q';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
};

/** The event's extra feedback questions: a short list edited in place and saved together. */
export function FeedbackQuestionsEditor({ eventId, questions }: { eventId: string; questions: readonly FeedbackQuestionFieldsFragment[] }) {
  const [drafts, setDrafts] = useState<Draft[]>(() => toDrafts(questions));
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [save, { loading }] = useSetFeedbackQuestions();

  const change = (i: number, patch: Partial<Draft>) => setDrafts((d) => d.map((q, j) => (j === i ? { ...q, ...patch } : q)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const taken = new Set(drafts.filter((d) => d.id).map((d) => d.id));
    const list = drafts.map((d) => {
      const id = d.id || slug(d.label, taken);
      taken.add(id);
      return { id, kind: d.kind, label: d.label.trim(), labelHi: d.labelHi.trim() || null, required: d.required, options: d.kind === 'choice' ? lines(d.options) : [], optionsHi: d.kind === 'choice' ? lines(d.optionsHi) : [] };
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
                <label htmlFor={`${id}-kind`}>{t.questionKind}</label>
                <select id={`${id}-kind`} value={q.kind} onChange={(e) => change(i, { kind: e.target.value })}>
                  {KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t.kinds[k]}
                    </option>
                  ))}
                </select>
              </div>
              <label className="checkbox">
                <input type="checkbox" checked={q.required} onChange={(e) => change(i, { required: e.target.checked })} /> {t.questionRequired}
              </label>
              {q.kind === 'choice' && (
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
          <button type="button" className="btn btn-secondary" onClick={() => setDrafts((d) => [...d, { id: '', kind: 'text', label: '', labelHi: '', required: false, options: '', optionsHi: '' }])}>
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
