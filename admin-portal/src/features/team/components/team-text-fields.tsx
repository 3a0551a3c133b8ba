import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { en } from '@/i18n/en';
import { fieldIn, type ContentLanguage } from '@/lib/content-languages';
import { LanguageTextField } from '@/components/ui/language-text-field';
import { teamTextFields, type TeamMemberFormValues } from '../lib/team-rules';
import { TeamCardPreview } from './team-card-preview';

interface Props {
  lang: ContentLanguage;
  register: UseFormRegister<TeamMemberFormValues>;
  control: Control<TeamMemberFormValues>;
  errors: FieldErrors<TeamMemberFormValues>;
  photoUrl: string | null;
}

/** One language's tab of the team member form: name, designation and description, beside the card they make. */
export function TeamTextFields({ lang, register, control, errors, photoUrl }: Props) {
  const english = lang === 'en';
  return (
    <div className="language-panel">
      <div className="language-fields">
        {!english && <p className="field-hint">{en.content.hindiHint}</p>}
        {teamTextFields.map(({ field, label, max, required, rows }) => {
          const name = fieldIn(field, lang);
          return (
            <LanguageTextField
              key={name}
              id={`team-${name}`}
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
      <TeamCardPreview lang={lang} control={control} photoUrl={photoUrl} />
    </div>
  );
}
