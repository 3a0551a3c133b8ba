import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { en } from '@/i18n/en';
import { fieldIn, type ContentLanguage } from '@/lib/content-languages';
import { LanguageTextField } from '@/components/ui/language-text-field';
import { eventTextFields, type EventFormValues } from '../lib/event-rules';
import { EventCardPreview } from './event-card-preview';

interface Props {
  lang: ContentLanguage;
  register: UseFormRegister<EventFormValues>;
  control: Control<EventFormValues>;
  errors: FieldErrors<EventFormValues>;
  imageUrl: string | null;
}

/** One language's tab of the event form: its title, description, location and speaker, beside the card they make. */
export function EventTextFields({ lang, register, control, errors, imageUrl }: Props) {
  const english = lang === 'en';
  return (
    <div className="language-panel">
      <div className="language-fields">
        {!english && <p className="field-hint">{en.content.hindiHint}</p>}
        {eventTextFields.map(({ field, label, max, required, rows }) => {
          const name = fieldIn(field, lang);
          return (
            <LanguageTextField
              key={name}
              id={`event-${name}`}
              name={name}
              label={english ? label : en.content.fieldIn(label, en.content.languages[lang])}
              lang={lang}
              max={max}
              // Only English is required: an empty Hindi field shows the English text.
              required={english && required}
              rows={rows}
              error={errors[name]?.message}
              register={register}
              control={control}
            />
          );
        })}
      </div>
      <EventCardPreview lang={lang} control={control} imageUrl={imageUrl} />
    </div>
  );
}
