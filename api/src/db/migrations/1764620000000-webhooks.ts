import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks: endpoints (a URL, the event types it wants, its signing secret, enabled or disabled and
 * why) and one delivery row per change and endpoint, planned in the transaction of the change and sent
 * by the job queue. `message_id` is the Standard Webhooks `webhook-id`: one per change, reused by every
 * retry and redelivery; (endpoint_id, message_id) is unique, so a change reaches an endpoint through one
 * row only, and a row is claimed (status 'sending', claimed_until) by one worker at a time. The last
 * attempts (request, response, status, timing) are kept on the row; rows older than 30 days are deleted.
 */
export class Webhooks1764620000000 implements MigrationInterface {
  name = 'Webhooks1764620000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        url varchar(2000) NOT NULL,
        event_types text[] NOT NULL,
        secret varchar(100) NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        disabled_reason varchar(300),
        disabled_at timestamptz,
        failing_since timestamptz,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        message_id varchar(60) NOT NULL,
        event_type varchar(40) NOT NULL,
        payload jsonb NOT NULL,
        status varchar(12) NOT NULL DEFAULT 'pending' CONSTRAINT webhook_deliveries_status CHECK (status IN ('pending', 'sending', 'retrying', 'delivered', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        claimed_until timestamptz,
        next_attempt_at timestamptz,
        last_attempt_at timestamptz,
        response_status int,
        response_body varchar(4096),
        duration_ms int,
        error varchar(500),
        request_headers jsonb,
        attempt_log jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL,
        delivered_at timestamptz,
        CONSTRAINT webhook_deliveries_once UNIQUE (endpoint_id, message_id)
      )`);
    // The delivery log of an endpoint, newest first; the 30-day clean-up.
    await q.query(`CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC)`);
    await q.query(`CREATE INDEX webhook_deliveries_created ON webhook_deliveries (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhook_endpoints`);
  }
}
