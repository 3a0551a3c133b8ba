import { forwardRef, type InputHTMLAttributes } from 'react';

export const OTP_LENGTH = 6;

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  id: string;
  label: string;
  error?: string;
  hint?: string;
};

/** The one-time code input: at most 6 characters, numeric keyboard, the browser's code autofill. */
export const OtpField = forwardRef<HTMLInputElement, Props>(function OtpField({ id, label, error, hint, ...rest }, ref) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        ref={ref}
        id={id}
        className="field__control field__control--otp"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...rest}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
});
