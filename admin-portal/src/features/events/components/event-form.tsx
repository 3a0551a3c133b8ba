import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { EventCategory } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { describeError, validationFields } from '@/lib/errors';
import { Field, fieldA11y } from '@/components/ui/field';
import { ImagePicker } from '@/components/ui/image-picker';

const t = en.events;
const v = t.validation;
export const DEFAULT_WAITLIST_OFFER_HOURS = 24;
export const MAX_WAITLIST_OFFER_HOURS = 168;

/** The waiting-list offer window: a whole number of hours from 1 to 168 (a week). */
export function isOfferHours(value: string): boolean {
  const s = value.trim();
  if (!/^\d+$/.test(s)) return false;
  const n = Number(s);
  return n >= 1 && n <= MAX_WAITLIST_OFFER_HOURS;
}

export const eventCategories: readonly EventCategory[] = ['GENERAL', 'PRIMARY', 'SECONDARY', 'GRADUATE'];

export interface EventFormValues {
  title: string;
  category: EventCategory | '';
  description: string;
  date: string;
  time: string;
  endDate: string;
  endTime: string;
  location: string;
  maxParticipants: string;
  externalLink: string;
  speaker: string;
  waitlistOfferHours: string;
  removeImage: boolean;
}

export const emptyEventForm: EventFormValues = {
  title: '',
  category: '',
  description: '',
  date: '',
  time: '',
  endDate: '',
  endTime: '',
  location: '',
  maxParticipants: '',
  externalLink: '',
  speaker: '',
  waitlistOfferHours: String(DEFAULT_WAITLIST_OFFER_HOURS),
  removeImage: false,
};

export function isUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
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
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<EventFormValues>({ defaultValues: initialValues });
  const removeImage = watch('removeImage');

  const submit = async (values: EventFormValues) => {
    setFormError(null);
    try {
      await onSubmit(values, image);
    } catch (err) {
      for (const [name, message] of Object.entries(validationFields(err))) {
        if (name in emptyEventForm) setError(name as keyof EventFormValues, { type: 'server', message });
      }
      setFormError(describeError(err, mode === 'create' ? t.submitFailed : t.updateFailed));
    }
  };

  const pickImage = (file: File | null) => {
    if (file && !file.type.startsWith('image/')) {
      setImageError(v.imageType);
      setImage(null);
      return;
    }
    setImageError(undefined);
    setImage(file);
  };

  const err = (name: keyof EventFormValues) => errors[name]?.message;
  const a11y = (name: keyof EventFormValues, required = false, hint?: string) => fieldA11y(`event-${name}`, err(name), hint, required);

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="form card">
      {formError && (
        <div className="alert alert-error" role="alert">
          {formError}
        </div>
      )}
      <div className="form-grid">
        <Field id="event-title" label={t.fields.title} error={err('title')} required>
          <input {...a11y('title', true)} type="text" {...register('title', { validate: (s) => !!s.trim() || v.titleRequired })} />
        </Field>
        <Field id="event-category" label={t.fields.category} error={err('category')} required>
          <select {...a11y('category', true)} {...register('category', { required: v.categoryRequired })}>
            <option value="">{t.fields.selectCategory}</option>
            {eventCategories.map((c) => (
              <option key={c} value={c}>
                {t.categories[c]}
              </option>
            ))}
          </select>
        </Field>
        <div className="form-span">
          <Field id="event-description" label={t.fields.description} error={err('description')} required>
            <textarea {...a11y('description', true)} rows={5} {...register('description', { validate: (s) => !!s.trim() || v.descriptionRequired })} />
          </Field>
        </div>
        <Field id="event-date" label={t.fields.date} error={err('date')} required>
          <input {...a11y('date', true)} type="date" {...register('date', { required: v.dateRequired })} />
        </Field>
        <Field id="event-time" label={t.fields.time} error={err('time')} required>
          <input {...a11y('time', true)} type="time" {...register('time', { required: v.timeRequired })} />
        </Field>
        <Field id="event-endDate" label={t.fields.endDate} error={err('endDate')}>
          <input {...a11y('endDate')} type="date" {...register('endDate')} />
        </Field>
        <Field id="event-endTime" label={t.fields.endTime} error={err('endTime')}>
          <input {...a11y('endTime')} type="time" {...register('endTime')} />
        </Field>
        <div className="form-span">
          <Field id="event-location" label={t.fields.location} error={err('location')} required>
            <input {...a11y('location', true)} type="text" {...register('location', { validate: (s) => !!s.trim() || v.locationRequired })} />
          </Field>
        </div>
        <Field id="event-maxParticipants" label={t.fields.maxParticipants} error={err('maxParticipants')}>
          <input
            {...a11y('maxParticipants')}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            {...register('maxParticipants', {
              validate: (s) => !s || (Number.isInteger(Number(s)) && Number(s) >= 1) || v.maxParticipantsMin,
            })}
          />
        </Field>
        <Field id="event-speaker" label={t.fields.speaker} error={err('speaker')}>
          <input {...a11y('speaker')} type="text" {...register('speaker')} />
        </Field>
        <Field id="event-waitlistOfferHours" label={t.fields.waitlistOfferHours} error={err('waitlistOfferHours')} hint={t.fields.waitlistOfferHoursHint} required>
          <input
            {...a11y('waitlistOfferHours', true, t.fields.waitlistOfferHoursHint)}
            type="number"
            min={1}
            max={MAX_WAITLIST_OFFER_HOURS}
            step={1}
            inputMode="numeric"
            {...register('waitlistOfferHours', { validate: (s) => isOfferHours(s) || v.waitlistOfferHoursRange })}
          />
        </Field>
        <div className="form-span">
          <Field id="event-externalLink" label={t.fields.externalLink} error={err('externalLink')}>
            <input
              {...a11y('externalLink')}
              type="url"
              placeholder="https://"
              {...register('externalLink', { validate: (s) => !s.trim() || isUrl(s.trim()) || v.externalLinkInvalid })}
            />
          </Field>
        </div>
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
