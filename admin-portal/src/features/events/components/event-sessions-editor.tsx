import { useFieldArray, type Control, type FieldErrors, type UseFormGetValues, type UseFormRegister } from 'react-hook-form';
import { en } from '@/i18n/en';
import { Field, fieldA11y } from '@/components/ui/field';
import type { ContentLanguage } from '@/lib/content-languages';
import type { EventFormValues } from '../lib/event-rules';
import { emptySessionRow, MAX_SESSIONS } from '../lib/session-rules';
import './event-sessions-editor.css';

const t = en.sessions;

interface Props {
  control: Control<EventFormValues>;
  register: UseFormRegister<EventFormValues>;
  getValues: UseFormGetValues<EventFormValues>;
  errors: FieldErrors<EventFormValues>;
  /** The form's language tab: the sessions' title and place are written in it. */
  lang: ContentLanguage;
}

/** A session field's message: the form's own rules name it `sessions.2.time`; the server's land nested. */
function errorAt(errors: FieldErrors<EventFormValues>, i: number, field: string): string | undefined {
  const flat = (errors as Record<string, { message?: string } | undefined>)[`sessions.${i}.${field}`]?.message;
  const nested = (errors.sessions as unknown as Record<string, { message?: string }>[] | undefined)?.[i]?.[field]?.message;
  return flat ?? nested;
}

/**
 * The event form's sessions: none (the date and time above make the one session), or a list of rows
 * to add, remove and reorder, each with its date, times, and optional title and place in the language of
 * the form's tab; and the K-of-N certificate rule.
 */
export function EventSessionsEditor({ control, register, getValues, errors, lang }: Props) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'sessions', keyName: 'key' });
  const language = en.content.languages[lang];
  const titleName = lang === 'hi' ? 'titleHi' : 'title';
  const placeName = lang === 'hi' ? 'locationHi' : 'location';
  const minError = (errors as Record<string, { message?: string } | undefined>).certificateMinSessions?.message;
  const listError = (errors as Record<string, { message?: string } | undefined>).sessions?.message;

  const addSession = () => {
    if (fields.length === 0) {
      // The one session so far (the date and time above) becomes the first row.
      const v = getValues();
      append([{ ...emptySessionRow(v.date, v.time), endTime: v.endTime }, emptySessionRow(v.date)]);
      return;
    }
    const last = getValues(`sessions.${fields.length - 1}`);
    append(emptySessionRow(last?.date ?? ''));
  };

  return (
    <section className="form-span event-sessions-editor" aria-labelledby="event-sessions-title">
      <h3 id="event-sessions-title" className="section-title">
        {t.title}
      </h3>
      <p className="muted small">{fields.length ? t.several(fields.length) : t.intro}</p>
      {listError && (
        <p className="field-error" role="alert">
          {listError}
        </p>
      )}
      {fields.length > 0 && (
        <ol className="event-sessions-rows">
          {fields.map((row, i) => {
            const id = (name: string) => `event-sessions-${i}-${name}`;
            const a11y = (name: string, required = false, hint?: string) => fieldA11y(id(name), errorAt(errors, i, name), hint, required);
            return (
              <li key={row.key} className="event-sessions-row" aria-label={t.session(i + 1)}>
                <div className="event-sessions-row-head">
                  <span className="strong">{t.session(i + 1)}</span>
                  <div className="event-sessions-row-actions">
                    <button type="button" className="btn btn-small btn-secondary" onClick={() => move(i, i - 1)} disabled={i === 0} aria-label={t.moveUp(i + 1)}>
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button type="button" className="btn btn-small btn-secondary" onClick={() => move(i, i + 1)} disabled={i === fields.length - 1} aria-label={t.moveDown(i + 1)}>
                      <span aria-hidden="true">↓</span>
                    </button>
                    <button type="button" className="btn btn-small btn-secondary" onClick={() => remove(i)} aria-label={t.removeSession(i + 1)}>
                      {t.remove}
                    </button>
                  </div>
                </div>
                <div className="event-sessions-fields">
                  <Field id={id('date')} label={t.date} error={errorAt(errors, i, 'date')} required>
                    <input {...a11y('date', true)} type="date" {...register(`sessions.${i}.date`)} />
                  </Field>
                  <Field id={id('time')} label={t.time} error={errorAt(errors, i, 'time')} required>
                    <input {...a11y('time', true)} type="time" {...register(`sessions.${i}.time`)} />
                  </Field>
                  <Field id={id('endTime')} label={t.endTime} error={errorAt(errors, i, 'endTime')}>
                    <input {...a11y('endTime')} type="time" {...register(`sessions.${i}.endTime`)} />
                  </Field>
                  <Field id={id(titleName)} label={t.titleIn(language)} error={errorAt(errors, i, titleName)}>
                    <input {...a11y(titleName)} lang={lang} maxLength={200} {...register(`sessions.${i}.${titleName}`)} />
                  </Field>
                  <Field id={id(placeName)} label={t.placeIn(language)} error={errorAt(errors, i, placeName)} hint={t.placeHint}>
                    <input {...a11y(placeName, false, t.placeHint)} lang={lang} maxLength={200} {...register(`sessions.${i}.${placeName}`)} />
                  </Field>
                  <Field id={id('meetingLink')} label={t.meetingLink} error={errorAt(errors, i, 'meetingLink')} hint={t.meetingLinkHint}>
                    <input {...a11y('meetingLink', false, t.meetingLinkHint)} type="url" placeholder="https://" autoComplete="off" maxLength={500} {...register(`sessions.${i}.meetingLink`)} />
                  </Field>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="event-sessions-footer">
        <button type="button" className="btn btn-secondary" onClick={addSession} disabled={fields.length >= MAX_SESSIONS}>
          {fields.length ? t.add : t.addFirst}
        </button>
        <Field id="event-certificateMinSessions" label={t.minSessions} error={minError} hint={t.minSessionsHint}>
          <input
            {...fieldA11y('event-certificateMinSessions', minError, t.minSessionsHint)}
            type="number"
            min={1}
            max={Math.max(fields.length, 1)}
            step={1}
            inputMode="numeric"
            {...register('certificateMinSessions')}
          />
        </Field>
      </div>
    </section>
  );
}
