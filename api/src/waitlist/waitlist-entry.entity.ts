import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { EventEntity } from '../events/event.entity';
import { UserEntity } from '../users/user.entity';

/** 'closed': the entry was live when its event was cancelled or deleted (the person was told in the cancellation mail). */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'accepted', 'expired', 'declined', 'left', 'closed'] as const;
export type WaitlistStatusValue = (typeof WAITLIST_STATUSES)[number];
/** Live entries: still in the queue, or holding an offered place. At most one per event and person. */
export const LIVE_STATUSES: readonly WaitlistStatusValue[] = ['waiting', 'offered'];

/**
 * A person's place in an event's waiting list. Entries are never deleted while the event and person
 * exist: leaving, declining, an expired offer or accepting it resolve the entry (status, resolved_at),
 * and the admin's list shows that history. Offered entries hold a place (events.offered_count), changed
 * only through the registration ledger.
 */
@Entity('waitlist_entries')
export class WaitlistEntryEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId: string;

  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event: Relation<EventEntity>;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<UserEntity>;

  @Column({ type: 'varchar', length: 10, default: 'waiting' })
  status: WaitlistStatusValue;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'offered_at', type: 'timestamptz', nullable: true })
  offeredAt: Date | null;

  @Column({ name: 'offer_expires_at', type: 'timestamptz', nullable: true })
  offerExpiresAt: Date | null;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt: Date | null;
}
