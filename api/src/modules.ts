import { adminModule } from './admin/admin.module';
import { apiKeysModule } from './api-keys/api-key.module';
import { webhooksModule } from './webhooks/webhook.module';
import { messagesModule } from './messages/message.module';
import { feedbackModule } from './feedback/feedback.module';
import { auditModule } from './audit/audit.module';
import { authModule } from './auth/auth.module';
import { certificatesModule } from './certificates/certificate.module';
import { checkInModule } from './checkin/checkin.module';
import { contactsModule } from './contacts/contact.module';
import { eventsModule } from './events/event.module';
import { sessionsModule } from './sessions/session.module';
import { seriesModule } from './series/series.module';
import { meetingLinksModule } from './meeting-links/meeting-link.module';
import { exportsModule } from './exports/export.module';
import { jobsModule } from './jobs/job.module';
import { registrationsModule } from './registrations/registration.module';
import { reportsModule } from './reports/report.module';
import { remindersModule } from './reminders/reminder.module';
import { statsModule } from './stats/stat.module';
import { teachersModule } from './teachers/teacher.module';
import { teamModule } from './team/team.module';
import { uploadsModule } from './uploads/upload.module';
import { usersModule } from './users/user.module';
import { visitorsModule } from './visitors/visitor.module';
import { waitlistModule } from './waitlist/waitlist.module';
import { questionsModule } from './questions/question.module';

/**
 * Every domain of the API, once, in order; each folder's `<domain>.module.ts` says what it contributes
 * (common/module.ts). Adding a domain is its folder plus one line here (and its service in services.ts).
 *
 * The order is the REST route order: every module's `routes` in this order, then every module's
 * `adminRoutes` in this order, then the REST reference (rest/routes.ts). The first route that matches a
 * request answers it, so a fixed path must come before a `:param` path of the same method that would
 * match it (rest/__tests__/route-order.test.ts fails when one is shadowed). The REST reference lists
 * its sections in the same order, public ones first.
 */
export const modules = [
  eventsModule,
  registrationsModule,
  waitlistModule,
  questionsModule,
  authModule,
  usersModule,
  teachersModule,
  visitorsModule,
  contactsModule,
  teamModule,
  certificatesModule,
  remindersModule,
  adminModule,
  checkInModule,
  statsModule,
  uploadsModule,
  auditModule,
  exportsModule,
  jobsModule,
  apiKeysModule,
  webhooksModule,
  sessionsModule,
  messagesModule,
  seriesModule,
  meetingLinksModule,
  feedbackModule,
  reportsModule,
] as const;

export type Module = (typeof modules)[number];
