import { useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { describeError, validationFields } from '@/lib/errors';
import { rulesResolver } from '@/lib/rules-resolver';
import { useObjectUrl } from '@/lib/use-object-url';
import { Field, fieldA11y } from '@/components/ui/field';
import { ImagePicker } from '@/components/ui/image-picker';
import { LanguageTabs } from '@/components/ui/language-tabs';
import {
  MAX_WAITLIST_OFFER_HOURS,
  emptyEventForm,
  eventCategories,
  eventDetailFields,
  eventTextFields,
  validateEventForm,
  type EventFormValues,
} from '../lib/event-rules';
import { LanguageTextPanel } from '@/components/ui/language-text-panel';
import { useLanguageForm } from '@/lib/use-language-form';
import { EventCardPreview } from './event-card-preview';
import { EventSessionsEditor } from './event-sessions-editor';
import type { SessionRow } from '../lib/session-rules';
import { QuestionsEditor } from '@/features/questions/components/questions-editor';
import { questionErrorsOf } from '@/features/questions/lib/question-drafts';
import { MeetingLinkField } from '@/features/online/meeting-link-field';
import { SeriesApplyChoice } from '@/features/series/series-apply-choice';
import { FeedbackDelayField } from '@/features/feedback/components/feedback-delay-field';

const t = en.events;
/** A session row's date and time as the note above the sessions names them ("2026-06-17 10:00"; blank parts left out). */
const sessionMoment = (r: SessionRow) => [r.date, r.time].filter(Boolean).join(' ') || '…';
const resolver = rulesResolver(validateEventForm);

interface Props {
  mode: 'create' | 'edit';
  initialValues?: EventFormValues;
  currentImageUrl?: string | null;
  /** The event's series, when it is a date of one (the save asks: this one, or the following ones too). */
  seriesId?: string | null;
  /** Receives the values and the chosen image file (not yet uploaded). */
  onSubmit: (values: EventFormValues, image: File | null) => Promise<void>;
}

export function EventForm({ mode, initialValues = emptyEventForm, currentImageUrl, seriesId, onSubmit }: Props) {
  const [formError, setFormError] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const [questionErrors, setQuestionErrors] = useState<Record<string, string>>({});
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    watch,
    getValues,
    formState: { errors, isSubmitting },
    // The form focuses the first error itself: it may sit on the other language's tab, which must open first.
  } = useForm<EventFormValues>({ defaultValues: initialValues, resolver, shouldFocusError: false });
  const removeImage = watch('removeImage');
  const sessionRows = watch('sessions') ?? [];
  const chosenImageUrl = useObjectUrl(image);
  const cardImageUrl = chosenImageUrl ?? (removeImage ? null : (currentImageUrl ?? null));
  const { lang, setLang, tabs, revealFirstError } = useLanguageForm({ control, setFocus, specs: eventTextFields, otherNames: eventDetailFields });

  const submit = async (values: EventFormValues) => {
    setFormError(null);
    setQuestionErrors({});
    try {
      await onSubmit(values, image);
    } catch (err) {
      const serverErrors: FieldErrors<EventFormValues> = {};
      for (const [name, message] of Object.entries(validationFields(err))) {
        if (!(name in emptyEventForm) && !name.startsWith('sessions.')) continue;
        setError(name as keyof EventFormValues, { type: 'server', message });
        serverErrors[name as keyof EventFormValues] = { type: 'server', message };
      }
      setQuestionErrors(questionErrorsOf(validationFields(err)));
      setFormError(describeError(err, mode === 'create' ? t.submitFailed : t.updateFailed));
      revealFirstError(serverErrors);
    }
  };

  const pickImage = (file: File | null) => {
    if (file && !file.type.startsWith('image/')) {
      setImageError(t.validation.imageType);
      setImage(null);
      return;
    }
    setImageError(undefined);
    setImage(file);
  };

  const err = (name: keyof EventFormValues) => errors[name]?.message;
  const a11y = (name: keyof EventFormValues, required = false, hint?: string) => fieldA11y(`event-${name}`, err(name), hint, required);

  return (
    <form onSubmit={handleSubmit(submit, revealFirstError)} noValidate className="form card">
      {formError && (
        <div className="alert alert-error" role="alert">
          {formError}
        </div>
      )}
      <LanguageTabs
        id="event-text"
        active={lang}
        onSelect={setLang}
        tabs={tabs}
      >
        {(shown) => (
          <LanguageTextPanel
            lang={shown}
            idPrefix="event"
            specs={eventTextFields}
            register={register}
            control={control}
            errors={errors}
            preview={<EventCardPreview lang={shown} control={control} imageUrl={cardImageUrl} />}
          />
        )}
      </LanguageTabs>
      <h3 className="section-title shared-fields-title">{en.content.sharedFields}</h3>
      <div className="form-grid">
        <Field id="event-category" label={t.fields.category} error={err('category')} required>
          <select {...a11y('category', true)} {...register('category')}>
            <option value="">{t.fields.selectCategory}</option>
            {eventCategories.map((c) => (
              <option key={c} value={c}>
                {t.categories[c]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="event-maxParticipants" label={t.fields.maxParticipants} error={err('maxParticipants')}>
          <input {...a11y('maxParticipants')} type="number" min={1} step={1} inputMode="numeric" {...register('maxParticipants')} />
        </Field>
        {/* With sessions, the event's own date and time are the first session's and its end the last's (the API
            derives them): the sessions are the one place to write them, so the event's own fields go. */}
        {sessionRows.length > 0 ? (
          <p className="form-span muted small event-dates-from-sessions" data-testid="event-dates-from-sessions">
            {en.sessions.datesFromSessions(sessionMoment(sessionRows[0]), sessionMoment(sessionRows[sessionRows.length - 1]))}
          </p>
        ) : (
          <>
            <Field id="event-date" label={t.fields.date} error={err('date')} required>
              <input {...a11y('date', true)} type="date" {...register('date')} />
            </Field>
            <Field id="event-time" label={t.fields.time} error={err('time')} required>
              <input {...a11y('time', true)} type="time" {...register('time')} />
            </Field>
            <Field id="event-endDate" label={t.fields.endDate} error={err('endDate')}>
              <input {...a11y('endDate')} type="date" {...register('endDate')} />
            </Field>
            <Field id="event-endTime" label={t.fields.endTime} error={err('endTime')}>
              <input {...a11y('endTime')} type="time" {...register('endTime')} />
            </Field>
          </>
        )}
        <Field id="event-waitlistOfferHours" label={t.fields.waitlistOfferHours} error={err('waitlistOfferHours')} hint={t.fields.waitlistOfferHoursHint} required>
          <input
            {...a11y('waitlistOfferHours', true, t.fields.waitlistOfferHoursHint)}
            type="number"
            min={1}
            max={MAX_WAITLIST_OFFER_HOURS}
            step={1}
            inputMode="numeric"
            {...register('waitlistOfferHours')}
          />
        </Field>
        <FeedbackDelayField registration={register('feedbackDelayHours')} error={err('feedbackDelayHours')} />
        <Field id="event-externalLink" label={t.fields.externalLink} error={err('externalLink')}>
          <input {...a11y('externalLink')} type="url" placeholder="https://" {...register('externalLink')} />
        </Field>
        <MeetingLinkField registration={register('meetingLink')} error={err('meetingLink')} />
        <div className="form-span">
          <ImagePicker
            id="event-image"
            label={t.fields.image}
            hint={t.fields.imageHint}
            previewAlt={t.fields.imagePreview}
            currentUrl={removeImage ? null : currentImageUrl}
            currentAlt={t.fields.currentImage}
            error={imageError}
            file={image}
            onChange={pickImage}
          />
          {mode === 'edit' && currentImageUrl && !image && (
            <label className="checkbox">
              <input type="checkbox" {...register('removeImage')} /> {t.fields.removeImage}
            </label>
          )}
        </div>
        <EventSessionsEditor control={control} register={register} getValues={getValues} errors={errors} lang={lang} />
        {mode === 'edit' && seriesId && <SeriesApplyChoice registration={register('applyTo')} />}
      </div>
      <Controller name="questions" control={control} render={({ field }) => <QuestionsEditor value={field.value} onChange={field.onChange} lang={lang} onLangChange={setLang} errors={questionErrors} />} />
      <div className="form-actions">
        <Link to={paths.events.getHref()} className="btn btn-secondary">
          {en.common.cancel}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? en.common.saving : mode === 'create' ? t.createSubmit : t.updateSubmit}
        </button>
      </div>
    </form>
  );
}
