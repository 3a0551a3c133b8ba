import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/translator';
import type { FeedbackFormFieldsFragment, FeedbackInput } from '@/gql/graphql';
import { ErrorAlert } from '@/components/ui/error-alert';
import './feedback.css';

type Form = FeedbackFormFieldsFragment;
type Question = Form['questions'][number];

interface Props {
  form: Form;
  /** The page's language: the answers are saved with it. */
  language: string;
  saving: boolean;
  /** A message from the server (already translated), shown above the button. */
  serverError?: string | null;
  onSubmit: (input: FeedbackInput) => void | Promise<void>;
}

/** A 1-5 rating as five radio buttons in a fieldset, the legend its question; the ends say what 1 and 5 mean. */
function Rating({ name, legend, value, onChange, error }: { name: string; legend: string; value: number | null; onChange: (n: number) => void; error?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="feedback-rating" aria-describedby={`${id}-scale${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined}>
      <legend className="field__label">{legend}</legend>
      <p className="field__hint" id={`${id}-scale`}>
        {t('feedback.scale')}
      </p>
      <div className="feedback-rating__options">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="feedback-rating__option">
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} />
            <span>{n}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

type AnswerState = string | string[];
const isBlank = (v: AnswerState | undefined) => (Array.isArray(v) ? v.length === 0 : !v?.trim());

/** One extra question, drawn by its type (the kinds registration questions use), with its help and error tied to it. */
function ExtraQuestion({ q, value, onChange, error }: { q: Question; value: AnswerState; onChange: (v: AnswerState) => void; error?: string }) {
  const { t } = useTranslation();
  const id = `feedback-q-${q.id}`;
  const label = `${q.label}${q.required ? ' *' : ''}`;
  const described = [q.help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const notes = (
    <>
      {q.help ? (
        <p className="field__hint" id={`${id}-help`}>
          {q.help}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
  if (q.type === 'single_choice' || q.type === 'yes_no' || q.type === 'multiple_choice') {
    const options = q.type === 'yes_no' ? [{ value: 'yes', label: t('feedback.yes') }, { value: 'no', label: t('feedback.no') }] : q.options;
    const many = q.type === 'multiple_choice';
    const chosen = Array.isArray(value) ? value : value ? [value] : [];
    const toggle = (v: string) => onChange(many ? (chosen.includes(v) ? chosen.filter((c) => c !== v) : [...chosen, v]) : v);
    return (
      <fieldset className="feedback-choice" aria-describedby={described} aria-invalid={error ? true : undefined}>
        <legend className="field__label">{label}</legend>
        {options.map((o) => (
          <label key={o.value} className="feedback-choice__option">
            <input type={many ? 'checkbox' : 'radio'} name={id} value={o.value} checked={chosen.includes(o.value)} onChange={() => toggle(o.value)} /> {o.label}
          </label>
        ))}
        {notes}
      </fieldset>
    );
  }
  const text = Array.isArray(value) ? value.join(', ') : value;
  const common = { id, className: 'field__control', value: text, 'aria-describedby': described, 'aria-invalid': error ? true : undefined } as const;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {q.type === 'long_text' ? (
        <textarea {...common} rows={3} maxLength={3000} onChange={(e) => onChange(e.target.value)} />
      ) : q.type === 'number' ? (
        <input {...common} type="number" inputMode="decimal" onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} maxLength={300} onChange={(e) => onChange(e.target.value)} />
      )}
      {notes}
    </div>
  );
}

/**
 * The feedback form: how useful (1-5), overall (1-5), what to improve, and the event's extra questions.
 * Filled in with the person's earlier answers; read-only once the answers have closed.
 */
export function FeedbackForm({ form, language, saving, serverError, onSubmit }: Props) {
  const { t } = useTranslation();
  const given = form.response;
  const [usefulness, setUsefulness] = useState<number | null>(given?.usefulness ?? null);
  const [overall, setOverall] = useState<number | null>(given?.overall ?? null);
  const [improve, setImprove] = useState(given?.improve ?? '');
  const [answers, setAnswers] = useState<Record<string, AnswerState>>(() =>
    Object.fromEntries((given?.answers ?? []).map((a) => [a.questionId, a.values.length ? a.values : (a.value ?? '')])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!usefulness) found.usefulness = t('feedback.pickRating');
    if (!overall) found.overall = t('feedback.pickRating');
    for (const q of form.questions) if (q.required && isBlank(answers[q.id])) found[q.id] = t('feedback.required');
    setErrors(found);
    if (Object.keys(found).length) {
      // The first field with a problem takes the focus.
      const first = Object.keys(found)[0];
      document.querySelector<HTMLElement>(`[name="${first === 'usefulness' || first === 'overall' ? `feedback-${first}` : `feedback-q-${first}`}"], #feedback-q-${first}`)?.focus();
      return;
    }
    void onSubmit({
      usefulness: usefulness!,
      overall: overall!,
      improve: improve.trim() || null,
      answers: Object.entries(answers)
        .filter(([, v]) => !isBlank(v))
        .map(([questionId, v]) => (Array.isArray(v) ? { questionId, values: v } : { questionId, value: v.trim() })),
      language,
    });
  };

  return (
    <form className="feedback-form" onSubmit={submit} noValidate>
      <fieldset className="feedback-form__body" disabled={!form.editable || saving}>
        <Rating name="feedback-usefulness" legend={t('feedback.usefulness')} value={usefulness} onChange={setUsefulness} error={errors.usefulness} />
        <Rating name="feedback-overall" legend={t('feedback.overall')} value={overall} onChange={setOverall} error={errors.overall} />
        <div className="field">
          <label className="field__label" htmlFor="feedback-improve">
            {t('feedback.improve')}
          </label>
          <textarea id="feedback-improve" className="field__control" rows={4} maxLength={2000} value={improve} onChange={(e) => setImprove(e.target.value)} />
        </div>
        {form.questions.map((q) => (
          <ExtraQuestion key={q.id} q={q} value={answers[q.id] ?? ''} onChange={(v) => setAnswers((a) => ({ ...a, [q.id]: v }))} error={errors[q.id]} />
        ))}
        {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
        {form.editable ? (
          <button type="submit" className="button button--primary">
            {saving ? t('feedback.saving') : given ? t('feedback.update') : t('feedback.submit')}
          </button>
        ) : null}
      </fieldset>
    </form>
  );
}
