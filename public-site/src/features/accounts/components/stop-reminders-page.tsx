import { useStopReminders } from '../api/use-reminders';
import { StopLinkPage } from './stop-link-page';

/** /reminders/stop?token=… — the stop link of a reminder mail (issue 11). */
export default function StopRemindersPage() {
  return <StopLinkPage texts="stopReminders" useStop={useStopReminders} />;
}
