import { In, type DataSource } from 'typeorm';
import { RegistrationEntity } from './registration.entity';

/** Event registrations. */
export class RegistrationService {
  constructor(private readonly dataSource: DataSource) {}

  /** Of the given events, the ones the user is registered for: one query for a whole list. */
  async registeredEventIds(userId: string, eventIds: string[]): Promise<Set<string>> {
    if (!eventIds.length) return new Set();
    const rows = await this.dataSource.getRepository(RegistrationEntity).find({
      select: { eventId: true },
      where: { userId, eventId: In(eventIds) },
    });
    return new Set(rows.map((r) => r.eventId));
  }
}
