import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { EventEntity } from '../events/event.entity';
import { UserEntity } from '../users/user.entity';

@Entity('registrations')
@Unique('registrations_event_user_unique', ['eventId', 'userId'])
export class RegistrationEntity {
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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** The QR code's secret (checkin/checkin-code.ts); set by the ledger with the row. */
  @Column({ name: 'checkin_secret', type: 'varchar', length: 26, nullable: true, select: false })
  checkinSecret: string | null;

  /** The short code, without its dash (shown XXXX-XXXX). */
  @Column({ name: 'checkin_code', type: 'varchar', length: 8, nullable: true, select: false })
  checkinCode: string | null;

  @Column({ name: 'checked_in_at', type: 'timestamptz', nullable: true })
  checkedInAt: Date | null;

  @Column({ name: 'checked_in_by', type: 'uuid', nullable: true })
  checkedInBy: string | null;
}
