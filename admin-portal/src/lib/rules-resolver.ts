import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver from a plain rules function (field → message). The rules see every value,
 * including fields not on screen (the other language's tab), which per-field rules would skip.
 */
export function rulesResolver<V extends FieldValues>(validate: (values: V) => Partial<Record<keyof V, string>>): Resolver<V> {
  return async (values) => {
    const entries = Object.entries(validate(values)).filter(([, message]) => !!message) as [string, string][];
    if (entries.length === 0) return { values, errors: {} };
    return { values: {}, errors: Object.fromEntries(entries.map(([name, message]) => [name, { type: 'validate', message }])) as FieldErrors<V> };
  };
}
