import { useState, type KeyboardEvent } from 'react';
import { useQuery } from '@apollo/client/react';
import { QuestionSetsDocument } from '@/gql/graphql';
import { describeError } from '@/lib/errors';
import { Notice, type NoticeValue } from '@/components/ui/notice';
import { questions as t } from '../strings';
import { applySet, toQuestionInputs, type QuestionDraft } from '../lib/question-drafts';
import { useSaveQuestionSet } from '../api/use-save-question-set';

/**
 * "Apply a saved set" (its questions are copied after the current ones) and "save as set". Inside the
 * event form: its buttons are not submit buttons, and Enter in the name saves the set, not the event.
 */
export function QuestionSetTools({ questions, onApply }: { questions: QuestionDraft[]; onApply: (next: QuestionDraft[]) => void }) {
  const { data, error } = useQuery(QuestionSetsDocument, { fetchPolicy: 'cache-and-network' });
  const saveSet = useSaveQuestionSet();
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const sets = data?.questionSets ?? [];

  const apply = () => {
    const set = sets.find((s) => s.id === chosen);
    if (!set) return;
    const next = applySet(questions, set.questions);
    const added = next.length - questions.length;
    onApply(next);
    setNotice({ kind: added ? 'success' : 'info', text: added ? t.sets.applied(set.name, added) : t.sets.nothingNew(set.name) });
  };

  const save = async () => {
    if (!name.trim() || saving) return;
    if (!questions.length) {
      setNotice({ kind: 'error', text: t.sets.noQuestions });
      return;
    }
    setSaving(true);
    try {
      const saved = await saveSet(name.trim(), toQuestionInputs(questions));
      if (saved) setNotice({ kind: 'success', text: t.sets.saved(saved.name) });
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.sets.saveFailed) });
    } finally {
      setSaving(false);
    }
  };

  const onNameKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void save();
  };

  return (
    <div className="question-sets-tools">
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      {error && !data ? <p className="field-error">{t.sets.loadFailed}</p> : null}
      <div className="question-sets-row">
        <label htmlFor="question-set-choice">{t.sets.apply}</label>
        <select id="question-set-choice" value={chosen} onChange={(e) => setChosen(e.target.value)} disabled={!sets.length}>
          <option value="">{sets.length ? t.sets.choose : t.sets.none}</option>
          {sets.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.questions.length})
            </option>
          ))}
        </select>
        <button type="button" className="btn btn-small btn-secondary" onClick={apply} disabled={!chosen}>
          {t.sets.applyButton}
        </button>
      </div>
      <div className="question-sets-row">
        <label htmlFor="question-set-name">{t.sets.saveAs}</label>
        <input id="question-set-name" value={name} maxLength={120} placeholder={t.sets.name} onChange={(e) => setName(e.target.value)} onKeyDown={onNameKey} />
        <button type="button" className="btn btn-small btn-secondary" onClick={() => void save()} disabled={!name.trim() || saving} aria-busy={saving}>
          {saving ? t.sets.saving : t.sets.save}
        </button>
      </div>
    </div>
  );
}
