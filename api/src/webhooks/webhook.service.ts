import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { Viewer } from '../common/access';
import type { Clock } from '../common/clock';
import { DomainError, notFound, validationError } from '../common/errors';
import type { Logger } from '../common/logger';
import { PAGE_SIZE } from '../common/page';
import { queryRows } from '../common/sql';
import { isUuid, validateInput } from '../common/validate';
import type { Config } from '../config/env';
import type { JobQueue } from '../jobs/job-queue';
import type { MailDeliveries } from '../mail/mail-deliveries';
import { ADMIN_CATEGORIES } from '../users/user.entity';
import { checkUrlForm, postPinned, resolveTarget, UnsafeTargetError, type OutboundPolicy, type SendResult } from './webhook-http';
import { WebhookDeliveryEntity, WebhookEndpointEntity, type AttemptRecord, type WebhookEventType } from './webhook.entity';
import { WebhookEnabledInput, WebhookEndpointInput } from './webhook.types';

export const WEBHOOK_JOB = 'webhook.deliver';
export const WEBHOOK_DISABLED_MAIL = 'webhook.disabled';
/** After the first attempt fails: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 28 hours in all). */
export const RETRY_DELAYS_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000];
/** An endpoint that has failed every delivery for this long is disabled (and the admins told). */
export const FAILING_DISABLES_AFTER_MS = 3 * 24 * 3_600_000;
/** Deliveries are kept this long. */
export const DELIVERY_LOG_DAYS = 30;
/** A claim older than this is taken to be a worker that died mid-send (longer than the 5 s timeout). */
const CLAIM_SECONDS = 60;

/** What a domain's transaction calls to have a change sent to the endpoints that want it. */
export interface WebhookPlanner {
  /**
   * Plans one delivery per enabled endpoint subscribed to `type`, in the caller's transaction (so none
   * exists for a change that rolls back), each with the same message id; the payload is built only when
   * some endpoint wants it. Returns how many were planned.
   */
  plan(m: EntityManager, type: WebhookEventType, data: Record<string, unknown> | (() => Promise<Record<string, unknown>>)): Promise<number>;
  /** Several changes of one type at once (e.g. certificates issued together): one message id each. */
  planMany(m: EntityManager, type: WebhookEventType, data: () => Promise<Record<string, unknown>[]>): Promise<number>;
}

interface ClaimedRow {
  id: string;
  message_id: string;
  event_type: string;
  payload: Record<string, unknown>;
  attempts: number;
  endpoint_id: string;
  url: string;
  secret: string;
}

/**
 * Signed webhooks (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature, with the
 * `standardwebhooks` package). Deliveries are planned in the transaction of the change and sent by the
 * job queue; each is claimed by one worker (a conditional UPDATE), so two replicas or workers never send
 * one change twice to one endpoint. Failures retry on RETRY_DELAYS_SECONDS; 410 Gone disables the
 * endpoint, and so do three days of failures (the admins are mailed). Only public https addresses are
 * called, at the address resolved when checked (no redirects, 5 s, 4 KB of answer read), unless
 * WEBHOOK_ALLOW_PRIVATE says otherwise. Secrets are never logged, audited or listed.
 */
export class WebhookService implements WebhookPlanner {
  private readonly policy: OutboundPolicy;
  private lastCleanup = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly mails: MailDeliveries,
    private readonly audit: AuditService,
    config: Config,
    private readonly logger: Logger,
  ) {
    this.policy = { allowPrivate: config.webhookAllowPrivate, allowHttp: config.nodeEnv === 'development' || config.webhookAllowPrivate };
    // The handler never throws for a failed delivery (it schedules its own retries); the queue's retries
    // only cover a worker that died, and the claim keeps those from sending twice.
    // 25 at a time per worker: each is claimed on its own, so a batch retried whole sends nothing twice.
    jobs.define<{ deliveryId: string }>({ name: WEBHOOK_JOB, retryLimit: 3, retryDelaySeconds: 60, batchSize: 25, handle: (data) => this.deliver(data.deliveryId) });
    mails.compose(WEBHOOK_DISABLED_MAIL, async (d) => {
      const p = d.payload as { url: string; reason: string };
      const text = `A webhook endpoint was disabled: ${p.url}\nReason: ${p.reason}\n\nEnable it again in the admin portal (Integrations → Webhooks) once it answers, and redeliver what it missed from its delivery log.\n\n`
        + `एक वेबहुक एंडपॉइंट बंद कर दिया गया: ${p.url}\nकारण: ${p.reason}\n\nउसके ठीक होने पर एडमिन पोर्टल (Integrations → Webhooks) में उसे फिर चालू करें और छूटी हुई डिलीवरी फिर भेजें।`;
      return { to: d.recipient, subject: 'Webhook endpoint disabled / वेबहुक एंडपॉइंट बंद', text, html: `<pre style="font-family:sans-serif;white-space:pre-wrap">${escapeHtml(text)}</pre>` };
    });
  }

  // ---------- endpoints (admin) ----------

  async create(actor: Viewer, raw: unknown): Promise<{ id: string; secret: string; endpoint: WebhookEndpointEntity }> {
    const input = await validateInput(WebhookEndpointInput, raw);
    await this.assertSafeUrl(input.url);
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    return this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(WebhookEndpointEntity);
      const saved = await repo.save(repo.create({ url: input.url, eventTypes: [...new Set(input.events)].sort(), secret, enabled: true, createdBy: actor.id }));
      const { secret: _secret, ...shown } = saved;
      await this.audit.record(actor, { action: 'webhook.create', entityType: 'webhook_endpoint', entityId: saved.id, after: shown }, m);
      return { id: saved.id, secret, endpoint: await repo.findOneByOrFail({ id: saved.id }) };
    });
  }

  list(): Promise<WebhookEndpointEntity[]> {
    return this.dataSource.getRepository(WebhookEndpointEntity).find({ order: { createdAt: 'DESC', id: 'ASC' } });
  }

  async get(id: string): Promise<WebhookEndpointEntity> {
    const found = isUuid(id) ? await this.dataSource.getRepository(WebhookEndpointEntity).findOneBy({ id }) : null;
    if (!found) throw notFound('Webhook endpoint not found');
    return found;
  }

  /** Enables (clearing the failure streak) or disables an endpoint. Deliveries planned while disabled are not sent; redeliver them. */
  async setEnabled(actor: Viewer, id: string, raw: unknown): Promise<WebhookEndpointEntity> {
    const { enabled } = await validateInput(WebhookEnabledInput, raw);
    await this.get(id);
    return this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(WebhookEndpointEntity);
      const found = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!found) throw notFound('Webhook endpoint not found');
      const before = { enabled: found.enabled, disabledReason: found.disabledReason };
      if (found.enabled === enabled) return found;
      found.enabled = enabled;
      found.disabledAt = enabled ? null : this.clock.now();
      found.disabledReason = enabled ? null : `Disabled by ${actor.email}`;
      found.failingSince = null;
      const after = await repo.save(found);
      await this.audit.record(actor, { action: enabled ? 'webhook.enable' : 'webhook.disable', entityType: 'webhook_endpoint', entityId: id, before, after: { enabled, disabledReason: after.disabledReason } }, m);
      return after;
    });
  }

  async remove(actor: Viewer, id: string): Promise<WebhookEndpointEntity> {
    const found = await this.get(id);
    await this.dataSource.transaction(async (m) => {
      await m.getRepository(WebhookEndpointEntity).delete({ id });
      await this.audit.record(actor, { action: 'webhook.delete', entityType: 'webhook_endpoint', entityId: id, before: { url: found.url, eventTypes: found.eventTypes } }, m);
    });
    return found;
  }

  async deliveries(endpointId: string, rawOffset = 0, rawLimit: number = PAGE_SIZE.restDefault): Promise<{ items: WebhookDeliveryEntity[]; total: number; offset: number; limit: number }> {
    await this.get(endpointId);
    const offset = Math.max(0, Math.floor(Number(rawOffset) || 0));
    const limit = Math.min(Math.max(1, Math.floor(Number(rawLimit) || 1)), PAGE_SIZE.max);
    const [items, total] = await this.dataSource.getRepository(WebhookDeliveryEntity).findAndCount({ where: { endpointId }, order: { createdAt: 'DESC', id: 'ASC' }, skip: offset, take: limit });
    return { items, total, offset, limit };
  }

  /** Sends a delivery again, with the same webhook-id (a delivery being sent right now answers CONFLICT). */
  async redeliver(actor: Viewer, endpointId: string, deliveryId: string): Promise<WebhookDeliveryEntity> {
    const endpoint = await this.get(endpointId);
    if (!isUuid(deliveryId)) throw notFound('Delivery not found');
    if (!endpoint.enabled) throw validationError('The endpoint is disabled: enable it first');
    return this.dataSource.transaction(async (m) => {
      const now = this.clock.now();
      const [row] = await queryRows<{ id: string; status: string }>(m, `SELECT id, status FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2 FOR UPDATE`, [deliveryId, endpointId]);
      if (!row) throw notFound('Delivery not found');
      if (row.status === 'sending') throw new DomainError('CONFLICT', 'This delivery is being sent right now');
      await m.query(`UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = $2, claimed_until = NULL WHERE id = $1`, [deliveryId, now]);
      await this.jobs.send(m, WEBHOOK_JOB, { deliveryId });
      await this.audit.record(actor, { action: 'webhook.redeliver', entityType: 'webhook_delivery', entityId: deliveryId, before: { status: row.status }, after: { status: 'pending' } }, m);
      return m.getRepository(WebhookDeliveryEntity).findOneByOrFail({ id: deliveryId });
    });
  }

  // ---------- planning (inside other domains' transactions) ----------

  plan(m: EntityManager, type: WebhookEventType, data: Record<string, unknown> | (() => Promise<Record<string, unknown>>)): Promise<number> {
    return this.planMany(m, type, async () => [typeof data === 'function' ? await data() : data]);
  }

  async planMany(m: EntityManager, type: WebhookEventType, data: () => Promise<Record<string, unknown>[]>): Promise<number> {
    const endpoints = await queryRows<{ id: string }>(m, `SELECT id FROM webhook_endpoints WHERE enabled AND $1 = ANY(event_types)`, [type]);
    if (!endpoints.length) return 0;
    const now = this.clock.now();
    const changes = (await data()).map((d) => ({ messageId: `msg_${randomUUID().replace(/-/g, '')}`, payload: JSON.stringify({ type, timestamp: now.toISOString(), data: d }) }));
    if (!changes.length) return 0;
    const pairs = endpoints.flatMap((e) => changes.map((c) => ({ endpointId: e.id, ...c })));
    const rows = await queryRows<{ id: string }>(
      m,
      `INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, payload, created_at, next_attempt_at)
       SELECT v.endpoint_id, v.message_id, $1, v.payload, $2, $2 FROM unnest($3::uuid[], $4::text[], $5::jsonb[]) AS v(endpoint_id, message_id, payload)
       ON CONFLICT (endpoint_id, message_id) DO NOTHING
       RETURNING id`,
      [type, now, pairs.map((p) => p.endpointId), pairs.map((p) => p.messageId), pairs.map((p) => p.payload)],
    );
    await this.jobs.sendMany(m, WEBHOOK_JOB, rows.map((r) => ({ data: { deliveryId: r.id } })));
    return rows.length;
  }

  // ---------- sending (the job) ----------

  /** Claims the delivery (one worker only), signs and sends it, and records the outcome and what comes next. */
  async deliver(deliveryId: string): Promise<void> {
    const now = this.clock.now();
    const [row] = await queryRows<ClaimedRow>(
      this.dataSource,
      `UPDATE webhook_deliveries d SET status = 'sending', attempts = d.attempts + 1, claimed_until = $2::timestamptz + make_interval(secs => $3), last_attempt_at = $2
         FROM webhook_endpoints e
        WHERE d.id = $1 AND e.id = d.endpoint_id AND e.enabled
          AND (d.status IN ('pending', 'retrying') OR (d.status = 'sending' AND d.claimed_until < $2))
        RETURNING d.id, d.message_id, d.event_type, d.payload, d.attempts, e.id AS endpoint_id, e.url, e.secret`,
      [deliveryId, now, CLAIM_SECONDS],
    );
    if (!row) return; // sent or being sent by another worker, or its endpoint is disabled or gone
    const body = JSON.stringify(row.payload);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'GyanJyoti-Webhooks/1.0',
      'webhook-id': row.message_id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(row.secret).sign(row.message_id, now, body),
    };
    let result: SendResult;
    try {
      const url = checkUrlForm(row.url, this.policy);
      const target = await resolveTarget(url, this.policy);
      result = await postPinned(url, target, headers, body);
    } catch (err) {
      if (!(err instanceof UnsafeTargetError)) throw err;
      result = { status: null, body: '', durationMs: 0, error: `Refused: ${err.message}` };
    }
    await this.record(row, headers, result);
    await this.cleanupNowAndThen();
  }

  private async record(row: ClaimedRow, headers: Record<string, string>, result: SendResult): Promise<void> {
    const now = this.clock.now();
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const attempt: AttemptRecord = { at: now.toISOString(), status: result.status, durationMs: result.durationMs, error: result.error ?? (ok ? null : `HTTP ${result.status}`) };
    const gone = result.status === 410;
    const retryIn = !ok && !gone ? RETRY_DELAYS_SECONDS[row.attempts - 1] : undefined;
    const status = ok ? 'delivered' : retryIn !== undefined ? 'retrying' : 'failed';
    const next = retryIn !== undefined ? new Date(now.getTime() + retryIn * 1000) : null;
    let disabled: string | null = null;
    await this.dataSource.transaction(async (m) => {
      await m.query(
        `UPDATE webhook_deliveries SET status = $2, claimed_until = NULL, next_attempt_at = $3, response_status = $4, response_body = $5, duration_ms = $6, error = $7,
                request_headers = $8::jsonb, attempt_log = (attempt_log || $9::jsonb), delivered_at = coalesce($10::timestamptz, delivered_at)
          WHERE id = $1`,
        [row.id, status, next, result.status, result.body.slice(0, 4096) || null, result.durationMs, attempt.error?.slice(0, 500) ?? null, JSON.stringify(headers), JSON.stringify([attempt]), ok ? now : null],
      );
      if (next) await this.jobs.send(m, WEBHOOK_JOB, { deliveryId: row.id }, { startAfter: next });
      if (ok) {
        await m.query(`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`, [row.endpoint_id]);
        return;
      }
      const [endpoint] = await queryRows<{ failing_since: Date }>(
        m,
        `UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, $2) WHERE id = $1 RETURNING failing_since`,
        [row.endpoint_id, now],
      );
      if (gone) disabled = 'The endpoint answered 410 Gone';
      else if (endpoint && now.getTime() - new Date(endpoint.failing_since).getTime() >= FAILING_DISABLES_AFTER_MS) disabled = 'Every delivery failed for three days';
      if (disabled) await this.disable(m, row.endpoint_id, row.url, disabled, now);
    });
    if (disabled) this.logger.warn('webhook endpoint disabled', { endpointId: row.endpoint_id, reason: disabled });
  }

  /** Disables the endpoint (once) and mails every admin, in the caller's transaction. */
  private async disable(m: EntityManager, endpointId: string, url: string, reason: string, now: Date): Promise<void> {
    const changed = await queryRows(m, `UPDATE webhook_endpoints SET enabled = false, disabled_at = $2, disabled_reason = $3 WHERE id = $1 AND enabled RETURNING id`, [endpointId, now, reason]);
    if (!changed.length) return;
    await this.audit.record(null, { action: 'webhook.disable', entityType: 'webhook_endpoint', entityId: endpointId, before: { enabled: true }, after: { enabled: false, disabledReason: reason } }, m);
    const admins = await queryRows<{ id: string; email: string }>(m, `SELECT id, email FROM users WHERE category = ANY($1::text[]) ORDER BY email`, [ADMIN_CATEGORIES]);
    await this.mails.plan(m, admins.map((a) => ({
      key: `webhook-disabled:${endpointId}:${now.getTime()}:${a.id}`, kind: WEBHOOK_DISABLED_MAIL, userId: a.id, eventId: null, recipient: a.email, payload: { url, reason },
    })));
  }

  /** Deletes deliveries older than 30 days, at most once an hour per process. */
  private async cleanupNowAndThen(): Promise<void> {
    const now = this.clock.now();
    if (now.getTime() - this.lastCleanup < 3_600_000) return;
    this.lastCleanup = now.getTime();
    await this.dataSource.query(`DELETE FROM webhook_deliveries WHERE created_at < $1::timestamptz - make_interval(days => $2)`, [now, DELIVERY_LOG_DAYS]);
  }

  /** Refuses a URL that is not https (outside development), holds credentials, or resolves to a non-public address. */
  private async assertSafeUrl(raw: string): Promise<void> {
    try {
      await resolveTarget(checkUrlForm(raw, this.policy), this.policy);
    } catch (err) {
      if (err instanceof UnsafeTargetError) throw validationError(err.message, { url: err.message });
      throw err;
    }
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
