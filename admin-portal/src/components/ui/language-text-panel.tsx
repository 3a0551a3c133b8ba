import type { ReactNode } from 'react';
import type { Control, FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { en } from '@/i18n/en';
import { fieldIn, type ContentLanguage, type TextFieldSpec } from '@/lib/content-languages';
import { LanguageTextField } from './language-text-field';

interface Props<V extends FieldValues, F extends string> {
  lang: ContentLanguage;
  /** Prefix of the fields' ids ('event' → event-titleHi). */
  idPrefix: string;
  specs: readonly TextFieldSpec<F>[];
  register: UseFormRegister<V>;
  control: Control<V>;
  errors: FieldErrors<V>;
  /** The public card in this language, beside the fields. */
  preview: ReactNode;
}

/** One language's tab of a form: the record's text fields in that language, beside the card they make. */
export function LanguageTextPanel<V extends FieldValues, F extends string>({ lang, idPrefix, specs, register, control, errors, preview }: Props<V, F>) {
  const english = lang === 'en';
  return (
    <div className="language-panel">
      <div className="language-fields">
        {!english && <p className="field-hint">{en.content.hindiHint}</p>}
        {specs.map(({ field, label, max, required, rows }) => {
          const name = fieldIn(field, lang) as Path<V>;
          return (
            <LanguageTextField
              key={name}
              id={`${idPrefix}-${name}`}
              name={name}
              label={english ? label : en.content.fieldIn(label, en.content.languages[lang])}
              lang={lang}
              max={max}
              // Only English is required: an empty Hindi field shows the English text.
              required={english && required}
              rows={rows}
              error={errors[name]?.message as string | undefined}
              register={register}
              control={control}
            />
          );
        })}
      </div>
      {preview}
    </div>
  );
}
