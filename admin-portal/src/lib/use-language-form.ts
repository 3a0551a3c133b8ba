import { useEffect, useState } from 'react';
import { useWatch, type Control, type FieldErrors, type FieldValues, type Path, type UseFormSetFocus } from 'react-hook-form';
import { en } from '@/i18n/en';
import type { LanguageTab } from '@/components/ui/language-tabs';
import { errorToReveal, fieldIn, missingTranslationFields, type ContentLanguage, type TextFieldSpec } from './content-languages';

interface Options<V extends FieldValues, F extends string> {
  control: Control<V>;
  setFocus: UseFormSetFocus<V>;
  /** The record's translatable fields (English names; Hindi ones are `fieldIn(field, 'hi')`). */
  specs: readonly TextFieldSpec<F>[];
  /** The language-neutral fields under the tabs, in the form's order. */
  otherNames: readonly Path<V>[];
}

/**
 * What a form written in English and Hindi needs besides its fields: the open tab, the tabs with how
 * much Hindi is missing, and showing the first error, which may sit on the other tab (it opens first,
 * then the field is focused once rendered).
 */
export function useLanguageForm<V extends FieldValues, F extends string>({ control, setFocus, specs, otherNames }: Options<V, F>) {
  const [lang, setLang] = useState<ContentLanguage>('en');
  const [focusTarget, setFocusTarget] = useState<Path<V> | null>(null);
  const textNames = (l: ContentLanguage) => specs.map(({ field }) => fieldIn(field, l) as Path<V>);

  const values = useWatch({ control, name: [...textNames('en'), ...textNames('hi')] }) as (string | undefined)[];
  const english = Object.fromEntries(specs.map(({ field }, i) => [field, values[i]])) as Partial<Record<F, string>>;
  const hindi = Object.fromEntries(specs.map(({ field }, i) => [field, values[specs.length + i]])) as Partial<Record<F, string>>;
  const hindiMissing = missingTranslationFields(specs, english, hindi).length;

  useEffect(() => {
    if (!focusTarget) return;
    setFocus(focusTarget);
    setFocusTarget(null);
  }, [focusTarget, setFocus]);

  const revealFirstError = (errors: FieldErrors<V>) => {
    const target = errorToReveal<Path<V>>((name) => !!errors[name], textNames, otherNames, lang);
    if (!target) return;
    setLang(target.lang);
    setFocusTarget(target.name);
  };

  const tabs: LanguageTab[] = [
    { lang: 'en' },
    { lang: 'hi', status: hindiMissing ? en.content.tabStatus.missing(hindiMissing) : en.content.tabStatus.complete, incomplete: hindiMissing > 0 },
  ];
  return { lang, setLang, tabs, revealFirstError };
}
