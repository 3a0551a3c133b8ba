import path from 'node:path';
import type { DataSource } from 'typeorm';
import { AdminAuthService } from './admin/admin-auth.service';
import { AuditService } from './audit/audit.service';
import { ApiKeyService } from './api-keys/api-key.service';
import { WebhookService } from './webhooks/webhook.service';
import { MessageService } from './messages/message.service';
import { AuthService } from './auth/auth.service';
import { CheckInService } from './checkin/checkin.service';
import { CertificateService } from './certificates/certificate.service';
import { OtpService } from './auth/otp.service';
import { TokenService } from './auth/token.service';
import { ViewerService } from './auth/viewer.service';
import { systemClock, type Clock } from './common/clock';
import type { Logger } from './common/logger';
import type { Config } from './config/env';
import { ContactService } from './contacts/contact.service';
import { EventCancellation } from './events/event-cancellation';
import { EventService, type EventReminderSchedule } from './events/event.service';
import { SeriesService } from './series/series.service';
import { MeetingLinkService } from './meeting-links/meeting-link.service';
import { CertificateRenderer } from './certificates/certificate.renderer';
import { DEFAULT_MAIL_TIMEOUTS, MailService, queuedMailTimeouts } from './mail/mail.service';
import { MailDeliveries } from './mail/mail-deliveries';
import { JobQueue } from './jobs/job-queue';
import { JobAdminService } from './jobs/job.admin.service';
import { ExportService } from './exports/export.service';
import { QuestionService } from './questions/question.service';
import { RateLimitService } from './rate-limit/rate-limit.service';
import { RegistrationLedger } from './registrations/registration-ledger';
import { registrantsToTell } from './registrations/registration-recipients';
import { RegistrationService } from './registrations/registration.service';
import { ReminderService } from './reminders/reminder.service';
import { FeedbackService } from './feedback/feedback.service';
import { ReportService } from './reports/report.service';
import { StatsService } from './stats/stat.service';
import { WaitlistOfferQueue } from './waitlist/waitlist-offer-queue';
import { WaitlistService } from './waitlist/waitlist.service';
import { TeamService } from './team/team.service';
import { TeacherService } from './teachers/teacher.service';
import { ImageService } from './uploads/image.service';
import { LocalFileStorage, type FileStorage } from './uploads/storage';
import { UserAdminService } from './users/user.admin.service';
import { UserService } from './users/user.service';
import { VisitorService } from './visitors/visitor.service';
import { SessionService } from './sessions/session.service';

export interface ServiceDeps {
  dataSource: DataSource;
  config: Config;
  logger: Logger;
  clock?: Clock;
  storage?: FileStorage;
  /** False in `npm run worker`: a process that answers no requests (its PDF threads need not yield to them). */
  serving?: boolean;
}

/** Builds every service once; GraphQL resolvers and REST handlers both call these. */
export function createServices(deps: ServiceDeps) {
  const { dataSource, config, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const storage = deps.storage ?? new LocalFileStorage(path.join(config.dataDir, 'uploads'));
  const tokens = new TokenService(config, clock);
  const images = new ImageService(storage, logger);
  const audit = new AuditService(dataSource);
  const rateLimits = new RateLimitService(dataSource, clock);
  const mail = new MailService(config, logger, clock, DEFAULT_MAIL_TIMEOUTS, { timeouts: queuedMailTimeouts(config.mailQueueTimeoutMs), connections: config.mailQueueConcurrency });
  // Integrators' keys, checked by the viewer service on every request that presents one.
  const apiKeys = new ApiKeyService(dataSource, clock, audit, rateLimits, config.apiKeyRateLimit);
  // Background jobs (pg-boss): defined here by the services that own them, worked by main.ts or worker.ts.
  const jobs = new JobQueue(dataSource, logger);
  const deliveries = new MailDeliveries(dataSource, jobs, mail, clock, logger, config.mailQueueConcurrency);
  // Signed webhooks: planned inside the transactions of the changes they tell of (the ledger, events,
  // check-in, certificates, contacts), so it comes before them; sent by the job queue.
  const webhooks = new WebhookService(dataSource, clock, jobs, deliveries, audit, config, logger);
  // Every service gets its collaborators at construction, so they are built in order. The waiting list's
  // part in other domains' transactions (offering freed places, being told of a cancellation) needs only
  // the job queue: it comes first, and the ledger and the cancellation are given it.
  const waitlistOffers = new WaitlistOfferQueue(jobs);
  const ledger = new RegistrationLedger(waitlistOffers, webhooks);
  const users = new UserService(dataSource, config);
  const userAdmin = new UserAdminService(dataSource, audit, users, ledger, config);
  // An event's sessions and per-session attendance (written in the events' and check-in's transactions; reminders go out per session).
  const sessions = new SessionService(dataSource);
  const reminders = new ReminderService(dataSource, clock, jobs, deliveries, audit, config, logger, users, sessions);
  const cancellation = new EventCancellation(deliveries, config.publicOrigin, [registrantsToTell, waitlistOffers]);
  // Registration questions: defined on events, answered on registering or joining a waiting list, edited until the start.
  const questions = new QuestionService(dataSource, clock, audit);
  // Feedback after the event: its mail job moves with the event, like the reminder (one schedule for both).
  const feedback = new FeedbackService(dataSource, clock, jobs, deliveries, audit, config, logger);
  const events = new EventService(dataSource, clock, images, audit, bothSchedules(reminders, feedback), cancellation, ledger, webhooks, sessions, questions);
  // Series of events (each date its own event) and who sees an online event's meeting link.
  const series = new SeriesService(dataSource, clock, events);
  const meetingLinks = new MeetingLinkService(dataSource);
  const otp = new OtpService(dataSource, clock, mail, rateLimits, config.jwtSecret);
  // Check-in at the door and attendance; the confirmation mail shows the code.
  const checkIns = new CheckInService(dataSource, clock, events, audit, ledger, sessions);
  const registrations = new RegistrationService(dataSource, clock, events, ledger, deliveries, logger, config, audit, users, reminders, checkIns, questions);
  // The waiting list: offers of freed places (jobs), held places through the registration ledger.
  const waitlist = new WaitlistService(dataSource, clock, jobs, deliveries, events, registrations, ledger, waitlistOffers, logger, config.publicOrigin, questions);
  // Certificates of participation for those who attended (mailed through the queue).
  const certificateRenderer = new CertificateRenderer(config.certificateRenderThreads, deps.serving === false ? 0 : 10);
  const certificates = new CertificateService(dataSource, clock, deliveries, audit, rateLimits, config, logger, certificateRenderer, webhooks);
  // Admins' messages to the people of events (sent by the job queue, one delivery per person).
  const messages = new MessageService(dataSource, clock, jobs, mail, audit, config, logger);
  return {
    dataSource,
    config,
    clock,
    logger,
    storage,
    tokens,
    images,
    viewers: new ViewerService(dataSource, tokens, apiKeys),
    apiKeys,
    webhooks,
    messages,
    audit,
    rateLimits,
    events,
    sessions,
    series,
    meetingLinks,
    registrations,
    ledger,
    waitlist,
    questions,
    checkIns,
    certificates,
    certificateRenderer,
    reminders,
    feedback,
    users,
    mail,
    jobs,
    jobAdmin: new JobAdminService(jobs, audit, dataSource),
    deliveries,
    otp,
    auth: new AuthService(dataSource, clock, config, tokens, otp, users, rateLimits, logger),
    teachers: new TeacherService(dataSource, audit),
    contacts: new ContactService(dataSource, audit, webhooks),
    team: new TeamService(dataSource, images, audit),
    visitors: new VisitorService(dataSource),
    adminAuth: new AdminAuthService(dataSource, tokens, clock, rateLimits, audit, config),
    userAdmin,
    stats: new StatsService(dataSource, clock),
    exports: new ExportService(userAdmin, events, checkIns, sessions, questions),
    reports: new ReportService(dataSource, clock),
  };
}

export type Services = ReturnType<typeof createServices>;

/** The event's jobs kept in step with its writes (reminder, feedback mail), in the same transaction. */
function bothSchedules(...schedules: EventReminderSchedule[]): EventReminderSchedule {
  return {
    scheduleFor: async (m, event) => {
      for (const s of schedules) await s.scheduleFor(m, event);
    },
    unschedule: async (m, eventId) => {
      for (const s of schedules) await s.unschedule(m, eventId);
    },
  };
}
