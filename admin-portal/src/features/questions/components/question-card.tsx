import { en } from '@/i18n/en';
import { Field, fieldA11y } from '@/components/ui/field';
import type { ContentLanguage } from '@/lib/content-languages';
import type { QuestionType } from '@/gql/graphql';
import { questions as t, questionTypes } from '../strings';
import { emptyOption, isChoice, type OptionDraft, type QuestionDraft } from '../lib/question-drafts';

interface Props {
  index: number;
  count: number;
  question: QuestionDraft;
  /** The language the text fields are written in (the form's tab). */
  lang: ContentLanguage;
  /** The API's messages keyed `questions[i].field`. */
  errors: Record<string, string>;
  onChange: (next: QuestionDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One question of the editor: its text in the tab's language, its type, required, help and options. */
export function QuestionCard({ index, count, question: q, lang, errors, onChange, onMove, onRemove }: Props) {
  const n = index + 1;
  const hi = lang === 'hi';
  const language = en.content.languages[lang];
  const id = (field: string) => `question-${index}-${field}`;
  const err = (field: string) => errors[`questions[${index}].${field}`];
  const set = (patch: Partial<QuestionDraft>) => onChange({ ...q, ...patch });
  const setOption = (j: number, patch: Partial<OptionDraft>) => set({ options: q.options.map((o, k) => (k === j ? { ...o, ...patch } : o)) });
  const labelField = hi ? 'labelHi' : 'label';
  const helpField = hi ? 'helpHi' : 'help';
  // The Hindi tab shows the English beside each field, so the translator sees what to translate.
  const englishHint = (text: string) => (hi && text.trim() ? t.english(text) : undefined);
  const labelHint = englishHint(q.label);
  const helpHint = englishHint(q.help);

  return (
    <fieldset className="question-card">
      <legend>
        {t.number(n)}
        {q.label.trim() ? <span className="muted"> — {hi && q.labelHi.trim() ? q.labelHi : q.label}</span> : null}
      </legend>
      <div className="question-card-actions">
        <button type="button" className="btn btn-small btn-secondary" onClick={() => onMove(-1)} disabled={index === 0} aria-label={t.moveUp(n)}>
          {t.up}
        </button>
        <button type="button" className="btn btn-small btn-secondary" onClick={() => onMove(1)} disabled={index === count - 1} aria-label={t.moveDown(n)}>
          {t.down}
        </button>
        <button type="button" className="btn btn-small btn-danger" onClick={onRemove} aria-label={t.remove(n)}>
          {t.removeShort}
        </button>
      </div>
      <div className="form-grid">
        <Field id={id(labelField)} label={hi ? t.labelIn(language) : t.label} error={err(labelField)} hint={labelHint} required={!hi}>
          <input
            {...fieldA11y(id(labelField), err(labelField), labelHint, !hi)}
            lang={lang}
            maxLength={200}
            value={hi ? q.labelHi : q.label}
            onChange={(e) => set(hi ? { labelHi: e.target.value } : { label: e.target.value })}
          />
        </Field>
        <Field id={id('type')} label={t.type} error={err('type')}>
          <select {...fieldA11y(id('type'), err('type'))} value={q.type} onChange={(e) => set({ type: e.target.value as QuestionType })}>
            {questionTypes.map((type) => (
              <option key={type} value={type}>
                {t.types[type]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id(helpField)} label={hi ? t.helpIn(language) : t.help} error={err(helpField)} hint={helpHint}>
          <input {...fieldA11y(id(helpField), err(helpField), helpHint)} lang={lang} maxLength={500} value={hi ? q.helpHi : q.help} onChange={(e) => set(hi ? { helpHi: e.target.value } : { help: e.target.value })} />
        </Field>
        <div className="field question-required">
          <label className="checkbox">
            <input type="checkbox" id={id('required')} checked={q.required} onChange={(e) => set({ required: e.target.checked })} /> {t.required}
          </label>
        </div>
      </div>
      {isChoice(q.type) && (
        <div className="question-options" role="group" aria-labelledby={id('options-title')}>
          <h4 id={id('options-title')} className="question-options-title">
            {t.options}
          </h4>
          {err('options') && (
            <p className="field-error" role="alert">
              {err('options')}
            </p>
          )}
          <ul className="question-option-list">
            {q.options.map((o, j) => {
              const oid = `${id('option')}-${j}`;
              const oerr = errors[`questions[${index}].options[${j}].label`] ?? errors[`questions[${index}].options[${j}].value`];
              const ohint = englishHint(o.label);
              return (
                <li key={o.key} className="question-option">
                  <Field id={oid} label={hi ? t.optionIn(j + 1, language) : t.option(j + 1)} error={oerr} hint={ohint} required={!hi}>
                    <input
                      {...fieldA11y(oid, oerr, ohint, !hi)}
                      lang={lang}
                      maxLength={200}
                      value={hi ? o.labelHi : o.label}
                      onChange={(e) => setOption(j, hi ? { labelHi: e.target.value } : { label: e.target.value })}
                    />
                  </Field>
                  <button type="button" className="btn btn-small btn-secondary" onClick={() => set({ options: q.options.filter((_, k) => k !== j) })} aria-label={t.removeOption(j + 1)}>
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" className="btn btn-small btn-secondary" onClick={() => set({ options: [...q.options, emptyOption()] })}>
            {t.addOption}
          </button>
        </div>
      )}
    </fieldset>
  );
}
