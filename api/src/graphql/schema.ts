import path from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type NonEmptyArray } from 'type-graphql';
import { AdminResolver } from '../admin/admin.resolver';
import { AuditResolver } from '../audit/audit.resolver';
import { AuthResolver } from '../auth/auth.resolver';
import { CheckInEventFieldsResolver, CheckInResolver } from '../checkin/checkin.resolver';
import { CertificateEventFieldsResolver, CertificateResolver } from '../certificates/certificate.resolver';
import { ErrorExtensions } from '../common/error.types';
import { ContactAdminResolver } from '../contacts/contact.admin.resolver';
import { ContactResolver } from '../contacts/contact.resolver';
import { EventAdminResolver } from '../events/event.admin.resolver';
import { EventResolver } from '../events/event.resolver';
import { JobsResolver } from '../jobs/jobs.resolver';
import { StatsResolver } from '../stats/stats.resolver';
import { TeamAdminResolver } from '../team/team.admin.resolver';
import { TeamResolver } from '../team/team.resolver';
import { TeacherResolver } from '../teachers/teacher.resolver';
import { RegistrationResolver } from '../registrations/registration.resolver';
import { ReminderResolver } from '../reminders/reminder.resolver';
import { UserAdminResolver } from '../users/user-admin.resolver';
import { UserResolver } from '../users/user.resolver';
import { VisitorResolver } from '../visitors/visitor.resolver';
import { WaitlistEventFieldsResolver, WaitlistResolver } from '../waitlist/waitlist.resolver';

/** Every resolver class; the authorization test checks each of their operations declares access. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [EventResolver, VisitorResolver, ContactResolver, TeamResolver,
  // accounts, teacher area, event registration
  AuthResolver, UserResolver, TeacherResolver, RegistrationResolver,
  // the waiting list (its Event fields too)
  WaitlistResolver, WaitlistEventFieldsResolver,
  // admin portal
  AdminResolver, EventAdminResolver, UserAdminResolver, TeamAdminResolver, ContactAdminResolver, StatsResolver, AuditResolver, JobsResolver,
  // reminders and cancellation
  ReminderResolver,
  // check-in at the door, attendance (Event.myCheckIn too)
  CheckInResolver, CheckInEventFieldsResolver,
  // certificates of participation (Event.myCertificate too)
  CertificateResolver, CertificateEventFieldsResolver,
];

/** The committed schema lives at the repository root; CI fails when it drifts. */
export const SCHEMA_FILE = path.resolve(__dirname, '../../../schema.graphql');

export function createSchema(emitFile?: string): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers,
    // Not returned by any operation: it carries the ErrorCode enum into schema.graphql for the apps' codegen.
    orphanedTypes: [ErrorExtensions],
    // Services validate their input (the same rules serve REST); no second pass here.
    validate: false,
    emitSchemaFile: emitFile ? { path: emitFile, sortedSchema: true } : false,
  });
}
