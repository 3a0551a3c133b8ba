import { useId, useState } from 'react';
import { useTranslation } from '@/i18n/translator';
import type { ViewerFieldsFragment } from '@/gql/graphql';
import { errorCode } from '@/lib/errors';
import { useSetReminderPreference } from '../api/use-reminders';

/**
 * The profile's 'Event reminders' on/off switch (issue 11): a button with role="switch", saved at
 * once (no Save button). The change shows immediately (optimistic) and is undone if the server
 * refuses it; the cached `me` follows the server's answer.
 */
export function ReminderSwitch({ user }: { user: Pick<ViewerFieldsFragment, 'id' | 'remindersEnabled'> }) {
  const { t } = useTranslation();
  const id = useId();
  const [setPreference, { loading }] = useSetReminderPreference();
  const [failure, setFailure] = useState<string | null>(null);
  const enabled = user.remindersEnabled;

  const toggle = async () => {
    if (loading) return; // one change at a time, so the last click is the one kept
    setFailure(null);
    const next = !enabled;
    // With its __typename (not in the generated types), so the cache files it under the cached user.
    const optimistic = { __typename: 'User' as const, id: user.id, remindersEnabled: next };
    try {
      await setPreference({ variables: { enabled: next }, optimisticResponse: { setReminderPreference: optimistic } });
    } catch (error) {
      const code = errorCode(error);
      setFailure(t(code === 'RATE_LIMITED' || code === 'UNAUTHENTICATED' ? `errors.${code}` : 'profile.remindersFailed'));
    }
  };

  return (
    <div className="reminder-setting">
      <div className="reminder-setting__row">
        <span id={`${id}-label`} className="reminder-setting__label">
          {t('profile.reminders')}
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
        {t('profile.remindersHint')}
      </p>
      {failure ? (
        <p className="alert alert--error reminder-setting__error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
