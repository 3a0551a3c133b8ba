import { modules } from '../modules';
import { InitialSchema1763800000000 } from './migrations/1763800000000-initial-schema';
import { UserCounts1763900000000 } from './migrations/1763900000000-user-counts';
import { MailDeliveriesReminders1764000000000 } from './migrations/1764000000000-mail-deliveries-reminders';
import { Waitlist1764200000000 } from './migrations/1764200000000-waitlist';
import { CheckIn1764300000000 } from './migrations/1764300000000-check-in';
import { Certificates1764400000000 } from './migrations/1764400000000-certificates';
import { ContentTranslations1764500000000 } from './migrations/1764500000000-content-translations';
import { WaitlistClosed1764600000000 } from './migrations/1764600000000-waitlist-closed';
import { ApiKeys1764610000000 } from './migrations/1764610000000-api-keys';
import { Webhooks1764620000000 } from './migrations/1764620000000-webhooks';
import { EventSessions1764700000000 } from './migrations/1764700000000-event-sessions';
import { RegistrationQuestions1764710000000 } from './migrations/1764710000000-registration-questions';
import { SeriesOnline1764720000000 } from './migrations/1764720000000-series-online';
import { Messages1764730000000 } from './migrations/1764730000000-messages';
import { Feedback1764740000000 } from './migrations/1764740000000-feedback';
import { ImpactReportIndexes1764750000000 } from './migrations/1764750000000-impact-report-indexes';
import { SessionMeetingLinks1764760000000 } from './migrations/1764760000000-session-meeting-links';
import { RegistrationReach1764770000000 } from './migrations/1764770000000-registration-reach';
import { ImpactReportKeys1764780000000 } from './migrations/1764780000000-impact-report-keys';

/** Every domain's entities (src/modules.ts). */
export const entities = modules.flatMap((m) => ('entities' in m ? [...m.entities] : []));
/** Every migration, oldest first (one per line, so that branches adding one merge without a conflict). */
export const migrations = [
  InitialSchema1763800000000,
  UserCounts1763900000000,
  MailDeliveriesReminders1764000000000,
  Waitlist1764200000000,
  CheckIn1764300000000,
  Certificates1764400000000,
  ContentTranslations1764500000000,
  WaitlistClosed1764600000000,
  ApiKeys1764610000000,
  Webhooks1764620000000,
  EventSessions1764700000000,
  RegistrationQuestions1764710000000,
  SeriesOnline1764720000000,
  Messages1764730000000,
  Feedback1764740000000,
  ImpactReportIndexes1764750000000,
  SessionMeetingLinks1764760000000,
  RegistrationReach1764770000000,
  ImpactReportKeys1764780000000,
];
