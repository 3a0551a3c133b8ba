import type { EntityManager } from 'typeorm';
import { asLanguage } from '../i18n/languages';
import type { MailLanguage } from '../mail/templates';
import type { Delivery, MailDeliveries, PlannedMail } from '../mail/mail-deliveries';
import type { MailMessage } from '../mail/mail.service';
import type { EventEntity } from './event.entity';
import { eventCancelledMail, mailEventOf } from './event.mail';

/** The mail kind of an event's cancellation (planned when it is cancelled, or deleted before it starts). */
export const CANCELLED_MAIL = 'cancelled';

/** Someone to tell that an event is cancelled. */
export interface CancellationRecipient {
  userId: string;
  email: string;
  name: string;
  language: MailLanguage;
  /** True for people on the waiting list (their mail says so), false for those registered. */
  wasWaiting: boolean;
}

/** A domain whose people hear of an event's cancellation (registrations, the waiting list); runs in the cancelling transaction. */
export interface CancellationRecipientSource {
  cancellationRecipients(m: EntityManager, eventId: string): Promise<CancellationRecipient[]>;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Who is told that an event is cancelled, and the mail they get. The sources are given at construction,
 * in order (the first to name a person decides their mail: registrants before people waiting). One
 * `cancelled` mail per person, keyed `cancelled:{event}:{user}`, each once ever, with what the mail needs
 * should the event be deleted before it goes.
 */
export class EventCancellation {
  constructor(
    private readonly deliveries: MailDeliveries,
    private readonly publicOrigin: string,
    private readonly sources: readonly CancellationRecipientSource[],
  ) {
    deliveries.compose(CANCELLED_MAIL, (d) => this.compose(d));
  }

  /** Plans the mails in the cancelling (or deleting) transaction; returns how many were new. */
  async plan(m: EntityManager, event: EventEntity): Promise<number> {
    const recipients = new Map<string, CancellationRecipient>();
    for (const source of this.sources) {
      for (const r of await source.cancellationRecipients(m, event.id)) if (!recipients.has(r.userId)) recipients.set(r.userId, r);
    }
    // What the event was, kept in each person's language: the event may be deleted before the mail goes.
    const snapshot = (language: MailLanguage) => {
      const e = mailEventOf(event, language);
      return { title: e.title, startsAt: iso(e.startsAt), endsAt: e.endsAt ? iso(e.endsAt) : null, location: e.location };
    };
    const mails: PlannedMail[] = [...recipients.values()].map((r) => ({
      key: `cancelled:${event.id}:${r.userId}`,
      kind: CANCELLED_MAIL,
      userId: r.userId,
      eventId: event.id,
      recipient: r.email,
      payload: { ...snapshot(r.language), name: r.name, language: r.language, wasWaiting: r.wasWaiting },
    }));
    return this.deliveries.plan(m, mails);
  }

  private async compose(d: Delivery): Promise<MailMessage> {
    const p = d.payload as { title: string; startsAt: string; endsAt: string | null; location: string; name: string; language: string; wasWaiting: boolean };
    return eventCancelledMail({
      to: d.recipient,
      name: p.name,
      language: asLanguage(p.language),
      event: { id: d.eventId ?? '', title: p.title, startsAt: new Date(p.startsAt), endsAt: p.endsAt ? new Date(p.endsAt) : null, location: p.location },
      publicOrigin: this.publicOrigin,
      wasWaiting: !!p.wasWaiting,
    });
  }
}
