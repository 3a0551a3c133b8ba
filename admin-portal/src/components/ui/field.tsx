import type { ReactNode } from 'react';
import { en } from '@/i18n/en';

interface Props {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  /** Shown under the control, beside the hint (a character count: see TextCounter). */
  counter?: ReactNode;
  children: ReactNode;
}

/**
 * Label, control, hint and error of one form field. The control must carry `id`, and
 * `aria-describedby={describedBy(id, …)}` / `aria-invalid` (see fieldA11y).
 */
export function Field({ id, label, error, hint, required, counter, children }: Props) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required-mark" aria-hidden="true" title={en.common.required}>
            {' '}*
          </span>
        )}
      </label>
      {children}
      {(hint || counter) && (
        <div className="field-notes">
          {hint && (
            <p className="field-hint" id={`${id}-hint`}>
              {hint}
            </p>
          )}
          {counter}
        </div>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Accessibility props of a control rendered inside <Field>. `counted`: the control has a TextCounter
 * with the id `${id}-count`, read as part of its description.
 */
export function fieldA11y(id: string, error?: string, hint?: string, required?: boolean, counted?: boolean) {
  const describedBy = [hint ? `${id}-hint` : '', counted ? `${id}-count` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': required || undefined,
  } as const;
}
