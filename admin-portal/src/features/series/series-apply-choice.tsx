import type { UseFormRegisterReturn } from 'react-hook-form';
import { en } from '@/i18n/en';
import './series.css';

const t = en.series;

/** Saving a date of a series: this event only, or this and the following ones (which keep their own dates). */
export function SeriesApplyChoice({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <fieldset className="form-span series-apply">
      <legend>{t.applyTo}</legend>
      <label className="checkbox">
        <input type="radio" value="this" {...registration} /> {t.applyThis}
      </label>
      <label className="checkbox">
        <input type="radio" value="following" aria-describedby="series-apply-hint" {...registration} /> {t.applyFollowing}
      </label>
      <p className="field-hint" id="series-apply-hint">
        {t.applyFollowingHint}
      </p>
    </fieldset>
  );
}
