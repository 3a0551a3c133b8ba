import { defineModule } from '../common/module';
import { ReminderResolver } from './reminder.resolver';
import { reminderRoutes } from './reminder.rest';

export const remindersModule = defineModule({
  name: 'reminders',
  resolvers: [ReminderResolver],
  adminRoutes: reminderRoutes,
  tags: { Reminders: "Reminder mails: the mails' stop link, sending reminders now, cancelling an event." },
});
