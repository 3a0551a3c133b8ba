import { useId, useState } from 'react';
import { useTranslation } from '@/i18n/translator';
import { errorCode } from '@/lib/errors';

interface SettingSwitchProps {
  label: string;
  hint: string;
  enabled: boolean;
  /** True while a change is on its way: one change at a time, so the last click is the one kept. */
  saving: boolean;
  /** Saves the new value (optimistically, so it shows at once); rejects when the server refuses it. */
  save: (next: boolean) => Promise<unknown>;
  /** What to say when the server refuses for a reason other than sign-in or the rate limit. */
  failedMessage: string;
}

/**
 * A profile on/off setting (reminders, news): a button with role="switch", saved at once with no
 * Save button; the change shows immediately and is undone if the server refuses it.
 */
export function SettingSwitch({ label, hint, enabled, saving, save, failedMessage }: SettingSwitchProps) {
  const { t } = useTranslation();
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);

  const toggle = async () => {
    if (saving) return;
    setFailure(null);
    try {
      await save(!enabled);
    } catch (error) {
      const code = errorCode(error);
      setFailure(code === 'RATE_LIMITED' || code === 'UNAUTHENTICATED' ? t(`errors.${code}`) : failedMessage);
    }
  };

  return (
    <div className="reminder-setting">
      <div className="reminder-setting__row">
        <span id={`${id}-label`} className="reminder-setting__label">
          {label}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          className="switch"
          onClick={toggle}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
        </button>
        {/* Beside the switch, not in it: a control's visible text must be part of its name (WCAG 2.5.3); aria-checked says on or off. */}
        <span className="switch__state" aria-hidden="true">
          {enabled ? t('profile.remindersOn') : t('profile.remindersOff')}
        </span>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {failure ? (
        <p className="alert alert--error reminder-setting__error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
