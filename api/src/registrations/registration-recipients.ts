import { type EntityManager } from 'typeorm';
import type { CancellationRecipient, CancellationRecipientSource } from '../events/event-cancellation';
import { asLanguage } from '../i18n/languages';
import { RegistrationEntity } from './registration.entity';

/** The people registered for an event, told when it is cancelled (in registration order). */
export const registrantsToTell: CancellationRecipientSource = {
  async cancellationRecipients(m: EntityManager, eventId: string): Promise<CancellationRecipient[]> {
    const registered = await m
      .getRepository(RegistrationEntity)
      .createQueryBuilder('r')
      .innerJoinAndSelect('r.user', 'u')
      .where('r.eventId = :eventId', { eventId })
      .orderBy('r.createdAt', 'ASC')
      .addOrderBy('u.id', 'ASC')
      .getMany();
    return registered.map(({ user: u }) => ({ userId: u.id, email: u.email, name: u.name, language: asLanguage(u.language), wasWaiting: false }));
  },
};
