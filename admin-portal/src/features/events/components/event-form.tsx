import { useEffect, useState } from 'react';
import { useForm, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { errorToReveal, missingTranslationFields, type ContentLanguage } from '@/lib/content-languages';
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
  eventTextNames,
  validateEventForm,
  type EventFormValues,
} from '../lib/event-rules';
import { EventTextFields } from './event-text-fields';

const t = en.events;
const resolver = rulesResolver(validateEventForm);

/** The Hindi fields still to write (the Hindi tab says how many). */
function useHindiMissing(control: Control<EventFormValues>): number {
  const [title, titleHi, description, descriptionHi, location, locationHi, speaker, speakerHi] = useWatch({
    control,
    name: ['title', 'titleHi', 'description', 'descriptionHi', 'location', 'locationHi', 'speaker', 'speakerHi'],
  });
  return missingTranslationFields(eventTextFields, { title, description, location, speaker }, { title: titleHi, description: descriptionHi, location: locationHi, speaker: speakerHi }).length;
}

interface Props {
  mode: 'create' | 'edit';
  initialValues?: EventFormValues;
  currentImageUrl?: string | null;
  /** Receives the values and the chosen image file (not yet uploaded). */
  onSubmit: (values: EventFormValues, image: File | null) => Promise<void>;
}

export function EventForm({ mode, initialValues = emptyEventForm, currentImageUrl, onSubmit }: Props) {
  const [formError, setFormError] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const [lang, setLang] = useState<ContentLanguage>('en');
  const [focusTarget, setFocusTarget] = useState<keyof EventFormValues | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
    // The form focuses the first error itself: it may sit on the other language's tab, which must open first.
  } = useForm<EventFormValues>({ defaultValues: initialValues, resolver, shouldFocusError: false });
  const removeImage = watch('removeImage');
  const chosenImageUrl = useObjectUrl(image);
  const cardImageUrl = chosenImageUrl ?? (removeImage ? null : (currentImageUrl ?? null));
  const hindiMissing = useHindiMissing(control);

  // Focus once the tab holding the field has rendered it.
  useEffect(() => {
    if (!focusTarget) return;
    setFocus(focusTarget);
    setFocusTarget(null);
  }, [focusTarget, setFocus]);

  const revealFirstError = (fieldErrors: FieldErrors<EventFormValues>) => {
    const target = errorToReveal<keyof EventFormValues>((name) => !!fieldErrors[name], eventTextNames, eventDetailFields, lang);
    if (!target) return;
    setLang(target.lang);
    setFocusTarget(target.name);
  };

  const submit = async (values: EventFormValues) => {
    setFormError(null);
    try {
      await onSubmit(values, image);
    } catch (err) {
      const serverErrors: FieldErrors<EventFormValues> = {};
      for (const [name, message] of Object.entries(validationFields(err))) {
        if (!(name in emptyEventForm)) continue;
        setError(name as keyof EventFormValues, { type: 'server', message });
        serverErrors[name as keyof EventFormValues] = { type: 'server', message };
      }
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
        tabs={[
          { lang: 'en' },
          { lang: 'hi', status: hindiMissing ? en.content.tabStatus.missing(hindiMissing) : en.content.tabStatus.complete, incomplete: hindiMissing > 0 },
        ]}
      >
        {(shown) => <EventTextFields lang={shown} register={register} control={control} errors={errors} imageUrl={cardImageUrl} />}
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
        <Field id="event-externalLink" label={t.fields.externalLink} error={err('externalLink')}>
          <input {...a11y('externalLink')} type="url" placeholder="https://" {...register('externalLink')} />
        </Field>
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
      </div>
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
