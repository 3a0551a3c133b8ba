import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { EventEntity } from '../events/event.entity';
import { UserEntity } from '../users/user.entity';

/**
 * A certificate of participation (migration 1764400000000). What it says is a snapshot taken when it
 * was issued; the verification code is its public identity. Written only by the certificate service.
 */
@Entity('certificates')
@Unique('certificates_code_unique', ['code'])
@Unique('certificates_event_user_unique', ['eventId', 'userId'])
export class CertificateEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** XXXX-XXXX-XXXX-XXXX (Crockford base32, 80 random bits). */
  @Column({ type: 'varchar', length: 19 })
  code: string;

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

  /** The person's language when it was issued: the PDF and its mail are written in it. */
  @Column({ type: 'varchar', length: 2 })
  language: 'en' | 'hi';

  @Column({ name: 'participant_name', type: 'varchar', length: 200 })
  participantName: string;

  @Column({ name: 'event_title', type: 'varchar', length: 200 })
  eventTitle: string;

  @Column({ name: 'event_starts_at', type: 'timestamptz' })
  eventStartsAt: Date;

  @Column({ name: 'event_place', type: 'varchar', length: 200 })
  eventPlace: string;

  @Column({ name: 'issued_at', type: 'timestamptz' })
  issuedAt: Date;

  @Column({ name: 'issued_by', type: 'uuid', nullable: true })
  issuedBy: string | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'revoked_by', type: 'uuid', nullable: true })
  revokedBy: string | null;

  @Column({ name: 'revoke_reason', type: 'varchar', length: 500, nullable: true })
  revokeReason: string | null;
}
