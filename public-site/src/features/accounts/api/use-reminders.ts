import { useDataMutation } from '@/rendering/use-data-client';
import { SetReminderPreferenceDocument, StopRemindersDocument } from '@/gql/graphql';

/** Turns event reminder mails on or off; the returned User (with id) updates the cached `me`. */
export const useSetReminderPreference = () => useDataMutation(SetReminderPreferenceDocument);

/** The stop link of a reminder mail: turns reminders off for the token's account (no sign-in). */
export const useStopReminders = () => useDataMutation(StopRemindersDocument);
