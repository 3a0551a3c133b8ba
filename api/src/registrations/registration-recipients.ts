import type { EntityManager } from 'typeorm';
import { queryRows } from '../common/sql';
import type { CancellationRecipient, CancellationRecipientSource } from '../events/event-cancellation';
import { asLanguage } from '../i18n/languages';

/** The people registered for an event, told when it is cancelled (in registration order). */
export const registrantsToTell: CancellationRecipientSource = {
  async cancellationRecipients(m: EntityManager, eventId: string): Promise<CancellationRecipient[]> {
    const registered = await queryRows<{ id: string; email: string; name: string; language: string }>(
      m,
      `SELECT u.id, u.email, u.name, u.language FROM registrations r JOIN users u ON u.id = r.user_id
        WHERE r.event_id = $1 ORDER BY r.created_at, u.id`,
      [eventId],
    );
    return registered.map((r) => ({ userId: r.id, email: r.email, name: r.name, language: asLanguage(r.language), wasWaiting: false }));
  },
};
