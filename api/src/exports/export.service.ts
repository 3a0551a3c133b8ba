import type { CheckInService } from '../checkin/checkin.service';
import type { EventService } from '../events/event.service';
import type { UserAdminService } from '../users/user.admin.service';
import type { UserEntity } from '../users/user.entity';
import { toCsv, type CsvColumn } from './csv';
import type { SessionService } from '../sessions/session.service';
import { sessionColumns } from '../sessions/session-csv';

const USER_COLUMNS: CsvColumn<UserEntity>[] = [
  { header: 'id', value: (u) => u.id },
  { header: 'name', value: (u) => u.name },
  { header: 'email', value: (u) => u.email },
  { header: 'phone', value: (u) => u.phone },
  { header: 'category', value: (u) => u.category },
  { header: 'status', value: (u) => u.status },
  { header: 'fatherName', value: (u) => u.fatherName },
  { header: 'schoolName', value: (u) => u.schoolName },
  { header: 'district', value: (u) => u.district },
  { header: 'area', value: (u) => u.area },
  { header: 'primaryEmail', value: (u) => u.primaryUser?.email ?? null },
  { header: 'createdAt', value: (u) => u.createdAt },
];

/** CSV downloads for admins (users with the list's filters, students, an event's registrations and attendance). */
export class ExportService {
  constructor(private readonly userAdmin: UserAdminService, private readonly events: EventService, private readonly checkIns: CheckInService, private readonly sessions: SessionService) {}

  async usersCsv(filter: unknown): Promise<string> {
    return toCsv(await this.userAdmin.all(filter), USER_COLUMNS);
  }

  async studentsCsv(search?: string): Promise<string> {
    return toCsv(await this.userAdmin.all({ category: 'student', search }), USER_COLUMNS);
  }

  async registrationsCsv(eventId: string): Promise<{ csv: string; title: string }> {
    const event = await this.events.get(eventId);
    // Several sessions: a column per session, attended yes or no.
    const [sessions, attended] = await Promise.all([this.sessions.sessionsOf([event]), this.sessions.attendedByUser(eventId)]);
    const columns = [...USER_COLUMNS, ...sessionColumns(sessions.get(event.id) ?? [], (u: UserEntity) => attended.get(u.id) ?? [])];
    return { csv: toCsv(await this.events.registeredUsers(eventId), columns), title: event.title };
  }

  /** Everyone registered for an event: name, email, phone, category, registered at, checked in at (blank: did not come). */
  attendanceCsv(eventId: string): Promise<{ csv: string; title: string }> {
    return this.checkIns.attendanceCsv(eventId);
  }
}
