import { useTranslation } from '@/i18n/translator';
import type { PublicQuestion } from '../lib/answers';

interface Props {
  question: PublicQuestion;
  value: string | string[];
  onChange: (value: string | string[]) => void;
  error?: string;
  /** Prefix of the ids (one page may show the questions of several events). */
  idPrefix: string;
}

/**
 * One registration question with the input its type asks for: a text field, a text area, a number,
 * radio buttons (single choice, yes/no) or checkboxes (multiple choice). Its help and its error are
 * tied to it (aria-describedby); groups are fieldsets with the question as their legend.
 */
export function QuestionField({ question: q, value, onChange, error, idPrefix }: Props) {
  const { t } = useTranslation();
  const id = `${idPrefix}-${q.id}`;
  const helpId = q.help ? `${id}-help` : null;
  const errorId = error ? `${id}-error` : null;
  const described = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      {q.label}
      {q.required ? (
        <span className="question-field__required" aria-hidden="true">
          {' '}*
        </span>
      ) : null}
    </>
  );
  const notes = (
    <>
      {q.help ? (
        <p className="field__hint" id={helpId!}>
          {q.help}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId!}>
          {error}
        </p>
      ) : null}
    </>
  );
  const text = Array.isArray(value) ? '' : value;

  if (q.type === 'SINGLE_CHOICE' || q.type === 'YES_NO' || q.type === 'MULTIPLE_CHOICE') {
    const multiple = q.type === 'MULTIPLE_CHOICE';
    const options = q.type === 'YES_NO' ? [{ value: 'true', label: t('questions.yes') }, { value: 'false', label: t('questions.no') }] : q.options;
    const chosen = Array.isArray(value) ? value : [value];
    const toggle = (v: string, on: boolean) => {
      if (!multiple) return onChange(v);
      // Kept in the options' order, whatever the order of the clicks.
      const next = new Set(chosen.filter(Boolean));
      if (on) next.add(v);
      else next.delete(v);
      onChange(options.map((o) => o.value).filter((o) => next.has(o)));
    };
    return (
      <fieldset className="field question-field" aria-describedby={described} aria-invalid={error ? true : undefined} aria-required={q.required || undefined}>
        <legend className="field__label">{label}</legend>
        <div className={`question-field__options${q.type === 'YES_NO' ? ' question-field__options--inline' : ''}`}>
          {options.map((o) => (
            <label key={o.value} className="question-field__option">
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={id}
                value={o.value}
                checked={chosen.includes(o.value)}
                onChange={(e) => toggle(o.value, e.target.checked)}
              />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
        {notes}
      </fieldset>
    );
  }

  const common = {
    id,
    className: 'field__control',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': q.required || undefined,
    value: text,
  } as const;
  return (
    <div className="field question-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {q.type === 'LONG_TEXT' ? (
        <textarea {...common} rows={4} maxLength={3000} onChange={(e) => onChange(e.target.value)} />
      ) : q.type === 'NUMBER' ? (
        <input {...common} type="text" inputMode="decimal" onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" maxLength={300} onChange={(e) => onChange(e.target.value)} />
      )}
      {notes}
    </div>
  );
}
