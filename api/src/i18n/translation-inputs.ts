import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Field } from 'type-graphql';
import { TRANSLATION_LANGUAGES } from './languages';
import { languageName, translationField, type TextSpec } from './translations';

/** A translation as sent: trimmed; null (GraphQL) clears it like an empty string (a form). */
const trimToClear = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value === null ? '' : value);

/**
 * Adds `titleHi`, `descriptionHi`, ... to a GraphQL input class, with the English field's length
 * limit, for every translation language: the same names a multipart form sends, so REST and GraphQL
 * share one validation. A new language gets its fields here without editing the input classes.
 */
export function withTranslationInputs<F extends string>(target: { prototype: object }, spec: TextSpec<F>): void {
  for (const lang of TRANSLATION_LANGUAGES) {
    for (const field of spec.fields) {
      const key = translationField(field, lang);
      const label = `${spec.label[field]} (${languageName(lang)})`;
      Field(() => String, { nullable: true, description: `${label}; empty or null removes it (English is shown instead)` })(target.prototype, key);
      Transform(trimToClear)(target.prototype, key);
      IsOptional()(target.prototype, key);
      MaxLength(spec.maxLength[field], { message: `${label} is too long (${spec.maxLength[field]} characters at most)` })(target.prototype, key);
      IsString({ message: `${label} must be text` })(target.prototype, key);
    }
  }
}
