import { useState } from 'react';
import { en } from '@/i18n/en';
import { LanguageTabs } from '@/components/ui/language-tabs';
import type { ContentLanguage } from '@/lib/content-languages';
import { questions as t } from '../strings';
import { emptyQuestion, move, type QuestionDraft } from '../lib/question-drafts';
import { QuestionCard } from './question-card';
import { QuestionSetTools } from './question-set-tools';
import '../questions.css';

interface Props {
  value: QuestionDraft[];
  onChange: (next: QuestionDraft[]) => void;
  /** The form's language tab: the questions' text is written in it too. */
  lang: ContentLanguage;
  onLangChange: (lang: ContentLanguage) => void;
  /** The API's messages keyed `questions[i].field`. */
  errors?: Record<string, string>;
}

/** An event's registration questions: add, remove, reorder, type, required, help, options, English and Hindi, saved sets. */
export function QuestionsEditor({ value, onChange, lang, onLangChange, errors = {} }: Props) {
  const [setsOpen, setSetsOpen] = useState(false);
  const hindiMissing = value.filter((q) => q.label.trim() && !q.labelHi.trim()).length;
  const listError = errors.questions;
  const addButton = (
    <button type="button" className="btn btn-secondary" onClick={() => onChange([...value, emptyQuestion()])}>
      {t.add}
    </button>
  );
  return (
    <section className="questions-editor" aria-labelledby="questions-title">
      <h3 id="questions-title" className="section-title">
        {t.title}
      </h3>
      <p className="muted">{t.intro}</p>
      {listError && (
        <p className="field-error" role="alert">
          {listError}
        </p>
      )}
      {value.length === 0 ? (
        <>
          <p className="muted">{t.empty}</p>
          {addButton}
        </>
      ) : (
        // The form's language, as a second set of tabs over the questions: switching either switches both.
        <LanguageTabs
          id="questions-text"
          active={lang}
          onSelect={onLangChange}
          tabs={[{ lang: 'en' }, { lang: 'hi', status: hindiMissing ? en.content.tabStatus.missing(hindiMissing) : en.content.tabStatus.complete, incomplete: hindiMissing > 0 }]}
        >
          {(shown) => (
            <div className="question-list-wrap">
              <ol className="question-list">
                {value.map((q, i) => (
                  <li key={q.key}>
                    <QuestionCard
                      index={i}
                      count={value.length}
                      question={q}
                      lang={shown}
                      errors={errors}
                      onChange={(next) => onChange(value.map((x, k) => (k === i ? next : x)))}
                      onMove={(by) => onChange(move(value, i, by))}
                      onRemove={() => onChange(value.filter((_, k) => k !== i))}
                    />
                  </li>
                ))}
              </ol>
              {addButton}
            </div>
          )}
        </LanguageTabs>
      )}
      {/* Closed until wanted: the saved sets are loaded when it opens. */}
      <details className="question-sets" onToggle={(e) => setSetsOpen(e.currentTarget.open)}>
        <summary>{t.sets.title}</summary>
        {setsOpen ? <QuestionSetTools questions={value} onApply={onChange} /> : null}
      </details>
    </section>
  );
}
