import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

export const MESSAGE_SEGMENTS = ['registered', 'waiting', 'attended', 'absent'] as const;
export type MessageSegment = (typeof MESSAGE_SEGMENTS)[number];
/** Service: about one event, to its own people (always sent). News: across events (a person may turn it off). */
export type MessageKind = 'service' | 'news';
export const MESSAGE_DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type MessageDeliveryStatus = (typeof MESSAGE_DELIVERY_STATUSES)[number];

/** A message an admin wrote to the people of one or more events. */
@Entity('messages')
export class MessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 200 })
  subject: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ name: 'subject_hi', type: 'varchar', length: 200, nullable: true })
  subjectHi: string | null;

  @Column({ name: 'text_hi', type: 'text', nullable: true })
  textHi: string | null;

  @Column({ type: 'varchar', length: 12 })
  segment: MessageSegment;

  @Column({ name: 'event_ids', type: 'uuid', array: true })
  eventIds: string[];

  @Column({ type: 'varchar', length: 8 })
  kind: MessageKind;

  @Column({ name: 'send_at', type: 'timestamptz' })
  sendAt: Date;

  /** People counted when it was written; the actual deliveries once it is sent. */
  @Column({ type: 'int' })
  recipients: number;

  /** When its deliveries were made (null: still scheduled). */
  @Column({ name: 'expanded_at', type: 'timestamptz', nullable: true })
  expandedAt: Date | null;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_by_email', type: 'varchar', length: 254, nullable: true })
  createdByEmail: string | null;

  @Column({ name: 'api_key_id', type: 'uuid', nullable: true })
  apiKeyId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** One person's copy of a message. */
@Entity('message_deliveries')
export class MessageDeliveryEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'message_id', type: 'uuid' })
  messageId: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ type: 'varchar', length: 254 })
  recipient: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  name: string | null;

  @Column({ type: 'varchar', length: 5 })
  language: string;

  @Column({ type: 'varchar', length: 8 })
  status: MessageDeliveryStatus;

  @Column({ type: 'int' })
  attempts: number;

  @Column({ name: 'claimed_at', type: 'timestamptz', nullable: true })
  claimedAt: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;
}

/** A person who turned news off (profile switch or a news mail's one-click link). */
@Entity('news_opt_outs')
export class NewsOptOutEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
