import { useTranslation } from '@/i18n/translator';
import type { ViewerFieldsFragment } from '@/gql/graphql';
import { useSetReminderPreference } from '../api/use-reminders';
import { SettingSwitch } from './setting-switch';

/** The profile's 'Event reminders' switch (issue 11); the cached `me` follows the server's answer. */
export function ReminderSwitch({ user }: { user: Pick<ViewerFieldsFragment, 'id' | 'remindersEnabled'> }) {
  const { t } = useTranslation();
  const [setPreference, { loading }] = useSetReminderPreference();
  // With its __typename (not in the generated types), so the cache files it under the cached user.
  const save = (enabled: boolean) => {
    const optimistic = { __typename: 'User' as const, id: user.id, remindersEnabled: enabled };
    return setPreference({ variables: { enabled }, optimisticResponse: { setReminderPreference: optimistic } });
  };
  return (
    <SettingSwitch
      label={t('profile.reminders')}
      hint={t('profile.remindersHint')}
      enabled={user.remindersEnabled}
      saving={loading}
      save={save}
      failedMessage={t('profile.remindersFailed')}
    />
  );
}
