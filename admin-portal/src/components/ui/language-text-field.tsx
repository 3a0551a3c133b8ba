import { useWatch, type Control, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import type { ContentLanguage } from '@/lib/content-languages';
import { textLength } from '@/lib/content-languages';
import { Field, fieldA11y } from './field';
import { TextCounter } from './text-counter';

interface Props<V extends FieldValues> {
  id: string;
  name: Path<V>;
  label: string;
  /** The language of the text typed here: sets `lang` so browsers and screen readers use its font and voice. */
  lang: ContentLanguage;
  max: number;
  required?: boolean;
  /** A textarea of this many rows; a one-line input when absent. */
  rows?: number;
  hint?: string;
  error?: string;
  register: UseFormRegister<V>;
  control: Control<V>;
}

/** One translatable text field with its character count against the API's limit. */
export function LanguageTextField<V extends FieldValues>({ id, name, label, lang, max, required, rows, hint, error, register, control }: Props<V>) {
  const value = useWatch({ control, name }) as string | undefined;
  const props = { ...fieldA11y(id, error, hint, required, true), lang, ...register(name) };
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} counter={<TextCounter id={`${id}-count`} length={textLength(value)} max={max} />}>
      {rows ? <textarea {...props} rows={rows} /> : <input {...props} type="text" />}
    </Field>
  );
}
