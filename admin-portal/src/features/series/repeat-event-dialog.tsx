import { useState } from 'react';
import { en } from '@/i18n/en';
import { describeError, validationFields } from '@/lib/errors';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, fieldA11y } from '@/components/ui/field';
import { emptyRepeat, MAX_SERIES_DATES, toRepeatInput, validateRepeat, type RepeatValues } from './repeat-rules';
import { useRepeatEvent } from './use-repeat-event';
import './series.css';

const t = en.series;

interface Props {
  eventId: string;
  /** The event's date, YYYY-MM-DD (the last date must come after it). */
  eventDate: string;
  onDone: (created: number) => void;
  onClose: () => void;
}

/** Repeat an event weekly or monthly, for a number of dates or until a date: the API creates each date as its own event. */
export function RepeatEventDialog({ eventId, eventDate, onDone, onClose }: Props) {
  const [values, setValues] = useState<RepeatValues>(emptyRepeat);
  const [errors, setErrors] = useState<Partial<Record<'count' | 'until', string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [repeat, busy] = useRepeatEvent();
  const set = <K extends keyof RepeatValues>(key: K, value: RepeatValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async () => {
    const found = validateRepeat(values, eventDate);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) {
      document.getElementById(`repeat-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    try {
      const result = await repeat(eventId, toRepeatInput(values));
      onDone(result?.events.length ?? 0);
    } catch (err) {
      const fields = validationFields(err);
      setErrors({ count: fields.count, until: fields.until });
      setFormError(describeError(err, t.failed));
    }
  };

  return (
    <ConfirmDialog title={t.dialogTitle} confirmLabel={busy ? t.submitting : t.submit} cancelLabel={en.common.cancel} onConfirm={() => void submit()} onCancel={onClose} busy={busy}>
      <p>{t.intro}</p>
      {formError && (
        <div className="alert alert-error" role="alert">
          {formError}
        </div>
      )}
      <div className="repeat-form">
        <Field id="repeat-frequency" label={t.frequency}>
          <select id="repeat-frequency" value={values.frequency} onChange={(e) => set('frequency', e.target.value as RepeatValues['frequency'])}>
            <option value="WEEKLY">{t.weekly}</option>
            <option value="MONTHLY">{t.monthly}</option>
          </select>
        </Field>
        {values.frequency === 'MONTHLY' && <p className="field-hint">{t.monthlyNote}</p>}
        <fieldset className="repeat-ends">
          <legend>{t.ends}</legend>
          <label className="checkbox">
            <input type="radio" name="repeat-ends" value="count" checked={values.ends === 'count'} onChange={() => set('ends', 'count')} /> {t.endsAfter}
          </label>
          <label className="checkbox">
            <input type="radio" name="repeat-ends" value="until" checked={values.ends === 'until'} onChange={() => set('ends', 'until')} /> {t.endsOn}
          </label>
        </fieldset>
        {values.ends === 'count' ? (
          <Field id="repeat-count" label={t.count} error={errors.count} required>
            <input {...fieldA11y('repeat-count', errors.count, undefined, true)} type="number" min={2} max={MAX_SERIES_DATES} step={1} inputMode="numeric" value={values.count} onChange={(e) => set('count', e.target.value)} />
          </Field>
        ) : (
          <Field id="repeat-until" label={t.until} error={errors.until} required>
            <input {...fieldA11y('repeat-until', errors.until, undefined, true)} type="date" min={eventDate.slice(0, 10)} value={values.until} onChange={(e) => set('until', e.target.value)} />
          </Field>
        )}
      </div>
    </ConfirmDialog>
  );
}
