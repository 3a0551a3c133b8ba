import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { EventEntity } from '../events/event.entity';
import { UserEntity } from '../users/user.entity';

/**
 * One person's feedback on one event (migration 1764740000000). Written only by the feedback service,
 * which allows edits until 7 days after the event's end; read by the admin's summary and the impact report.
 */
@Entity('event_feedback')
@Unique('event_feedback_event_user_unique', ['eventId', 'userId'])
@Index('event_feedback_event', ['eventId'])
export class EventFeedbackEntity {
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

  /** How useful the event was, 1-5. */
  @Column({ type: 'smallint' })
  usefulness: number;

  /** Overall rating, 1-5. */
  @Column({ type: 'smallint' })
  overall: number;

  /** What to improve (free text), or null. */
  @Column({ type: 'text', nullable: true })
  improve: string | null;

  /** Answers to the event's extra feedback questions, keyed by question id. */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  answers: Record<string, unknown>;

  /** The language the person answered in. */
  @Column({ type: 'varchar', length: 2 })
  language: 'en' | 'hi';

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
