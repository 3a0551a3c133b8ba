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

function ExtraQuestion({ q, value, onChange, error }: { q: Question; value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation();
  const id = `feedback-q-${q.id}`;
  const label = `${q.label}${q.required ? ' *' : ''}`;
  const err = error ? (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
  const described = error ? `${id}-error` : undefined;
  if (q.kind === 'rating') return <Rating name={id} legend={label} value={value ? Number(value) : null} onChange={(n) => onChange(String(n))} error={error} />;
  if (q.kind === 'choice' || q.kind === 'yesno') {
    const options = q.kind === 'yesno' ? [{ value: 'yes', label: t('feedback.yes') }, { value: 'no', label: t('feedback.no') }] : q.options.map((o) => ({ value: o, label: o }));
    return (
      <fieldset className="feedback-choice" aria-describedby={described} aria-invalid={error ? true : undefined}>
        <legend className="field__label">{label}</legend>
        {options.map((o) => (
          <label key={o.value} className="feedback-choice__option">
            <input type="radio" name={id} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} /> {o.label}
          </label>
        ))}
        {err}
      </fieldset>
    );
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {q.kind === 'textarea' ? (
        <textarea id={id} className="field__control" rows={3} maxLength={2000} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={described} aria-invalid={error ? true : undefined} />
      ) : (
        <input id={id} className="field__control" maxLength={2000} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={described} aria-invalid={error ? true : undefined} />
      )}
      {err}
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
  const [answers, setAnswers] = useState<Record<string, string>>(() => Object.fromEntries((given?.answers ?? []).map((a) => [a.questionId, a.value])));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!usefulness) found.usefulness = t('feedback.pickRating');
    if (!overall) found.overall = t('feedback.pickRating');
    for (const q of form.questions) if (q.required && !answers[q.id]?.trim()) found[q.id] = t('feedback.required');
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
      answers: Object.entries(answers).filter(([, v]) => v.trim()).map(([questionId, value]) => ({ questionId, value })),
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
