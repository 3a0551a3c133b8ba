import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const WEBHOOK_EVENT_TYPES = [
  'registration.created', 'registration.cancelled', 'waitlist.offered', 'waitlist.accepted', 'checkin.created',
  'certificate.issued', 'event.created', 'event.updated', 'event.cancelled', 'contact.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const DELIVERY_STATUSES = ['pending', 'sending', 'retrying', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Where signed webhooks go: a URL, the event types it wants, its secret (never shown again, never logged). */
@Entity('webhook_endpoints')
export class WebhookEndpointEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 2000 })
  url: string;

  @Column({ name: 'event_types', type: 'text', array: true })
  eventTypes: WebhookEventType[];

  @Column({ type: 'varchar', length: 100, select: false })
  secret: string;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ name: 'disabled_reason', type: 'varchar', length: 300, nullable: true })
  disabledReason: string | null;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  /** Since when every delivery has failed (cleared by a success); three days of it disable the endpoint. */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

export interface AttemptRecord {
  at: string;
  status: number | null;
  durationMs: number;
  error: string | null;
}

/** One change for one endpoint: its payload, status and attempts. */
@Entity('webhook_deliveries')
export class WebhookDeliveryEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId: string;

  /** The `webhook-id`: one per change, the same on every retry and redelivery. */
  @Column({ name: 'message_id', type: 'varchar', length: 60 })
  messageId: string;

  @Column({ name: 'event_type', type: 'varchar', length: 40 })
  eventType: WebhookEventType;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Column({ type: 'varchar', length: 12 })
  status: DeliveryStatus;

  @Column({ type: 'int' })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;

  @Column({ name: 'response_status', type: 'int', nullable: true })
  responseStatus: number | null;

  @Column({ name: 'response_body', type: 'varchar', length: 4096, nullable: true })
  responseBody: string | null;

  @Column({ name: 'duration_ms', type: 'int', nullable: true })
  durationMs: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;

  /** The headers of the last request (the signature is not a secret: it is made with one). */
  @Column({ name: 'request_headers', type: 'jsonb', nullable: true })
  requestHeaders: Record<string, string> | null;

  @Column({ name: 'attempt_log', type: 'jsonb' })
  attemptLog: AttemptRecord[];

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;
}
