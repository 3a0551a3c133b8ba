import type { DataSource, EntityManager } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { Viewer } from '../common/access';
import type { Clock } from '../common/clock';
import { DomainError, notFound, rateLimited, validationError } from '../common/errors';
import type { Logger } from '../common/logger';
import { PAGE_SIZE } from '../common/page';
import { queryRows } from '../common/sql';
import { isUuid, validateInput } from '../common/validate';
import type { Config } from '../config/env';
import { asLanguage, type Language } from '../i18n/languages';
import type { JobQueue } from '../jobs/job-queue';
import type { MailService } from '../mail/mail.service';
import { audienceFrom } from './message-audience';
import { MessageDeliveryEntity, MessageEntity, type MessageDeliveryStatus, type MessageKind } from './message.entity';
import { messageMail } from './message.mail';
import { MessageInput, NewsPreferenceInput, StopNewsInput } from './message.types';
import { NewsStopTokens } from './news-token';

export const MESSAGE_SEND_JOB = 'message.send';
export const MESSAGE_DELIVER_JOB = 'message.deliver';
/** Attempts of one delivery before it is marked failed (the queue retries with backoff between them). */
export const MAX_ATTEMPTS = 4;
/** A claim older than this is a worker that died mid-send (longer than a queued send may take). */
const CLAIM_SECONDS = 120;
/** How far ahead a message may be scheduled. */
const MAX_SCHEDULE_DAYS = 90;
const HOUR_MS = 3_600_000;

export const NEWS_MESSAGES = {
  badStopLink: 'This link is not valid. Please use the link in your latest news e-mail, or turn news off on your profile page.',
  stopped: 'You will not receive news mails any more. You can turn them on again on your profile page.',
};

export interface MessageTotals { queued: number; sent: number; failed: number; skipped: number }
export type MessageStatus = 'scheduled' | 'sending' | 'sent' | 'cancelled';
export interface MessageRecord { message: MessageEntity; totals: MessageTotals; status: MessageStatus }

export interface MessagePreview {
  recipients: number;
  kind: MessageKind;
  optedOut: number;
  remainingThisHour: number;
  languages: { language: Language; recipients: number; subject: string; text: string; html: string }[];
}

interface ClaimedDelivery {
  id: string;
  user_id: string | null;
  recipient: string;
  name: string | null;
  language: string;
  attempts: number;
  kind: MessageKind;
  subject: string;
  text: string;
  subject_hi: string | null;
  text_hi: string | null;
  event_ids: string[];
}

const origin = (publicOrigin: string) => publicOrigin.replace(/\/+$/, '');

/**
 * Messages from admins to the people of events (issue 27). Writing one counts its people (distinct, in
 * the segment of the chosen events; news without those who turned it off) inside the hourly limit per
 * admin, and either makes its deliveries at once or schedules the queue to make them at `sendAt`. Each
 * delivery is one row per (message, person) (a UNIQUE pair, so a second expansion adds nobody) and is
 * sent by the job queue after a claim (a conditional UPDATE), so a retry or a second worker never sends
 * it twice. Service mail (one event) always goes; news (several events) respects the person's opt-out,
 * checked again when it is sent.
 */
export class MessageService {
  readonly stopTokens: NewsStopTokens;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly config: Config,
    private readonly logger: Logger,
  ) {
    this.stopTokens = new NewsStopTokens(config.jwtSecret);
    jobs.define<{ messageId: string }>({ name: MESSAGE_SEND_JOB, retryLimit: 5, retryDelaySeconds: 30, handle: (d) => this.expandScheduled(d.messageId) });
    // MAIL_QUEUE_CONCURRENCY workers, one delivery each at a time: one SMTP connection each in the mail
    // service's pool. (Batches of 25 queued a hundred sends behind four connections: they ran into the send
    // timeout, and a send that timed out after the server took it is sent again on its retry.)
    jobs.define<{ deliveryId: string }>({
      name: MESSAGE_DELIVER_JOB, retryLimit: MAX_ATTEMPTS - 1, retryDelaySeconds: 30, concurrency: config.mailQueueConcurrency,
      handle: (d) => this.deliver(d.deliveryId),
    });
  }

  // ---------- writing and sending ----------

  private async checkedInput(raw: unknown): Promise<MessageInput & { kind: MessageKind; eventIds: string[] }> {
    const input = await validateInput(MessageInput, raw);
    if (!!input.subjectHi !== !!input.textHi) {
      const field = input.subjectHi ? 'textHi' : 'subjectHi';
      throw validationError('Give the Hindi subject and text together (or neither)', { [field]: 'Give the Hindi subject and text together (or neither)' });
    }
    const eventIds = [...new Set(input.eventIds.map((id) => id.toLowerCase()))];
    const found = await queryRows<{ id: string }>(this.dataSource, `SELECT id FROM events WHERE id = ANY($1::uuid[])`, [eventIds]);
    if (found.length !== eventIds.length) throw validationError('Some of the chosen events do not exist', { eventIds: 'Some of the chosen events do not exist' });
    if (input.sendAt && input.sendAt.getTime() > this.clock.now().getTime() + MAX_SCHEDULE_DAYS * 24 * HOUR_MS) {
      throw validationError(`A message can be scheduled at most ${MAX_SCHEDULE_DAYS} days ahead`, { sendAt: `At most ${MAX_SCHEDULE_DAYS} days ahead` });
    }
    return Object.assign(input, { eventIds, kind: (eventIds.length > 1 ? 'news' : 'service') as MessageKind });
  }

  /** People this admin has messaged in the last hour (what counts toward MESSAGE_RECIPIENTS_PER_HOUR). */
  private async usedThisHour(db: DataSource | EntityManager, actorId: string): Promise<number> {
    const [row] = await queryRows<{ used: number }>(
      db,
      `SELECT coalesce(sum(recipients), 0)::int AS used FROM messages WHERE created_by = $1 AND cancelled_at IS NULL AND created_at > $2`,
      [actorId, new Date(this.clock.now().getTime() - HOUR_MS)],
    );
    return Number(row?.used ?? 0);
  }

  /** Who would receive it and how it reads in each language; nothing is written. */
  async preview(actor: Viewer, raw: unknown): Promise<MessagePreview> {
    const input = await this.checkedInput(raw);
    const news = input.kind === 'news';
    const rows = await queryRows<{ language: string; n: number; opted: number }>(
      this.dataSource,
      `SELECT u.language, count(*)::int AS n,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM news_opt_outs o WHERE o.user_id = u.id))::int AS opted
         FROM ${audienceFrom(input.segment)}
        GROUP BY u.language`,
      [input.eventIds, false],
    );
    const hasHi = !!(input.subjectHi && input.textHi);
    const counts: Record<Language, number> = { en: 0, hi: 0 };
    let optedOut = 0;
    for (const r of rows) {
      const reached = Number(r.n) - (news ? Number(r.opted) : 0);
      optedOut += news ? Number(r.opted) : 0;
      counts[hasHi ? asLanguage(r.language) : 'en'] += reached;
    }
    const title = await this.serviceEventTitles(input.kind, input.eventIds);
    const languages = (hasHi ? (['en', 'hi'] as const) : (['en'] as const)).map((language) => {
      const mail = messageMail({
        to: 'preview@example.org', name: null, language, kind: input.kind,
        subject: language === 'hi' ? input.subjectHi! : input.subject, text: language === 'hi' ? input.textHi! : input.text,
        eventTitle: title?.[language], stopPageUrl: `${origin(this.config.publicOrigin)}/news/stop?token=…`,
      });
      return { language, recipients: counts[language], subject: mail.subject, text: mail.text, html: mail.html };
    });
    const remainingThisHour = Math.max(0, this.config.messageRecipientsPerHour - (await this.usedThisHour(this.dataSource, actor.id)));
    return { recipients: counts.en + counts.hi, kind: input.kind, optedOut, remainingThisHour, languages };
  }

  /**
   * Writes a message and sends it now (its deliveries queued in this transaction) or at `sendAt` (a
   * scheduled job makes them then). Refused with RATE_LIMITED past the admin's hourly limit of people.
   */
  async create(actor: Viewer, raw: unknown): Promise<{ id: string; recipients: number }> {
    const input = await this.checkedInput(raw);
    const now = this.clock.now();
    const sendAt = input.sendAt && input.sendAt.getTime() > now.getTime() ? input.sendAt : now;
    const scheduled = sendAt.getTime() > now.getTime();
    const news = input.kind === 'news';
    return this.dataSource.transaction(async (m) => {
      // One message at a time per admin, so two at once cannot both fit under the hourly limit.
      await m.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [actor.id]);
      const [{ n }] = await queryRows<{ n: number }>(m, `SELECT count(*)::int AS n FROM ${audienceFrom(input.segment)}`, [input.eventIds, news]);
      const count = Number(n);
      if (!scheduled && count === 0) throw validationError('Nobody is in this group of people: there is no one to send it to', { segment: 'Nobody is in this group' });
      const limit = this.config.messageRecipientsPerHour;
      const used = await this.usedThisHour(m, actor.id);
      if (used + count > limit) {
        const [oldest] = await queryRows<{ created_at: Date }>(m, `SELECT min(created_at) AS created_at FROM messages WHERE created_by = $1 AND cancelled_at IS NULL AND created_at > $2`, [actor.id, new Date(now.getTime() - HOUR_MS)]);
        const retryAfter = oldest?.created_at ? Math.max(1, Math.ceil((new Date(oldest.created_at).getTime() + HOUR_MS - now.getTime()) / 1000)) : 3600;
        throw rateLimited(
          `This message would go to ${count} people, but you may message ${Math.max(0, limit - used)} more this hour (at most ${limit} people an hour, to guard against mistakes). Choose fewer people or try again later.`,
          retryAfter,
        );
      }
      const repo = m.getRepository(MessageEntity);
      const saved = await repo.save(repo.create({
        subject: input.subject, text: input.text, subjectHi: input.subjectHi ?? null, textHi: input.textHi ?? null, segment: input.segment, eventIds: input.eventIds,
        kind: input.kind, sendAt, recipients: count, expandedAt: null, cancelledAt: null, createdBy: actor.id, createdByEmail: actor.email, apiKeyId: actor.apiKey?.id ?? null, createdAt: now,
      }));
      const recipients = scheduled ? count : await this.expand(m, saved);
      if (scheduled) await this.jobs.send(m, MESSAGE_SEND_JOB, { messageId: saved.id }, { startAfter: sendAt, key: saved.id });
      await this.audit.record(actor, {
        action: scheduled ? 'message.schedule' : 'message.send', entityType: 'message', entityId: saved.id,
        after: { subject: input.subject, segment: input.segment, eventIds: input.eventIds, kind: input.kind, recipients, sendAt: sendAt.toISOString(), languages: input.subjectHi ? ['en', 'hi'] : ['en'] },
      }, m);
      return { id: saved.id, recipients };
    });
  }

  /** Cancels a message that has not gone out yet (its scheduled job finds it cancelled). */
  async cancel(actor: Viewer, id: string): Promise<MessageRecord> {
    await this.get(id);
    await this.dataSource.transaction(async (m) => {
      const [row] = await queryRows<{ expanded_at: Date | null; cancelled_at: Date | null }>(m, `SELECT expanded_at, cancelled_at FROM messages WHERE id = $1 FOR UPDATE`, [id]);
      if (row.expanded_at) throw new DomainError('CONFLICT', 'This message has been sent already');
      if (row.cancelled_at) return;
      await m.query(`UPDATE messages SET cancelled_at = $2 WHERE id = $1`, [id, this.clock.now()]);
      await this.jobs.cancelPending(m, MESSAGE_SEND_JOB, id);
      await this.audit.record(actor, { action: 'message.cancel', entityType: 'message', entityId: id }, m);
    });
    return this.get(id);
  }

  /** Makes the deliveries (one per person, never a second) and queues them; returns how many the message has. */
  private async expand(m: EntityManager, message: MessageEntity): Promise<number> {
    const now = this.clock.now();
    const hasHi = !!(message.subjectHi && message.textHi);
    const rows = await queryRows<{ id: string }>(
      m,
      `INSERT INTO message_deliveries (message_id, user_id, recipient, name, language, created_at)
       SELECT $3::uuid, u.id, u.email, u.name, CASE WHEN $4::boolean AND u.language = 'hi' THEN 'hi' ELSE 'en' END, $5::timestamptz
         FROM ${audienceFrom(message.segment)}
       ON CONFLICT (message_id, user_id) DO NOTHING
       RETURNING id`,
      [message.eventIds, message.kind === 'news', message.id, hasHi, now],
    );
    for (let i = 0; i < rows.length; i += 1000) {
      await this.jobs.sendMany(m, MESSAGE_DELIVER_JOB, rows.slice(i, i + 1000).map((r) => ({ data: { deliveryId: r.id } })));
    }
    const [{ n }] = await queryRows<{ n: number }>(m, `SELECT count(*)::int AS n FROM message_deliveries WHERE message_id = $1`, [message.id]);
    await m.query(`UPDATE messages SET expanded_at = $2, recipients = $3 WHERE id = $1`, [message.id, now, Number(n)]);
    return Number(n);
  }

  /** The scheduled job: makes the deliveries of a message now due (once; a cancelled one makes none). */
  async expandScheduled(messageId: string): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const message = await m.getRepository(MessageEntity).findOne({ where: { id: messageId }, lock: { mode: 'pessimistic_write' } });
      if (!message || message.expandedAt || message.cancelledAt) return;
      await this.expand(m, message);
    });
  }

  /** One delivery: claim, build in the person's language, send, record. Throws (to be retried) until its last attempt. */
  async deliver(deliveryId: string): Promise<void> {
    const now = this.clock.now();
    const [row] = await queryRows<ClaimedDelivery>(
      this.dataSource,
      `UPDATE message_deliveries d SET status = 'sending', claimed_at = $2, attempts = d.attempts + 1
         FROM messages msg
        WHERE d.id = $1 AND msg.id = d.message_id
          AND (d.status = 'queued' OR (d.status = 'sending' AND d.claimed_at < $2::timestamptz - make_interval(secs => $3)))
        RETURNING d.id, d.user_id, d.recipient, d.name, d.language, d.attempts, msg.kind, msg.subject, msg.text, msg.subject_hi, msg.text_hi, msg.event_ids`,
      [deliveryId, now, CLAIM_SECONDS],
    );
    if (!row) return; // sent, failed for good, or being sent by another worker right now
    try {
      const skip = await this.skipReason(row);
      if (skip) {
        await this.dataSource.query(`UPDATE message_deliveries SET status = 'skipped', claimed_at = NULL, error = $2 WHERE id = $1`, [row.id, skip]);
        return;
      }
      const language = asLanguage(row.language);
      const hi = language === 'hi' && row.subject_hi && row.text_hi;
      const title = await this.serviceEventTitles(row.kind, row.event_ids);
      const stop = row.kind === 'news' && row.user_id ? this.stopUrls(row.user_id) : null;
      await this.mail.sendQueued(messageMail({
        to: row.recipient, name: row.name, language: hi ? 'hi' : 'en', kind: row.kind,
        subject: hi ? row.subject_hi! : row.subject, text: hi ? row.text_hi! : row.text,
        eventTitle: title?.[hi ? 'hi' : 'en'], stopPageUrl: stop?.page, stopApiUrl: stop?.api,
      }));
      await this.dataSource.query(`UPDATE message_deliveries SET status = 'sent', sent_at = $2, claimed_at = NULL, error = NULL WHERE id = $1`, [row.id, this.clock.now()]);
    } catch (err) {
      const reason = ((err as Error)?.message ?? String(err)).slice(0, 500);
      const last = row.attempts >= MAX_ATTEMPTS;
      await this.dataSource.query(`UPDATE message_deliveries SET status = $2, claimed_at = NULL, error = $3 WHERE id = $1`, [row.id, last ? 'failed' : 'queued', reason]);
      this.logger.warn('a message was not sent', { deliveryId: row.id, attempt: row.attempts, final: last, reason });
      if (!last) throw err;
    }
  }

  /** Why a claimed delivery is not sent after all: the account is gone, or (news) the person turned news off meanwhile. */
  private async skipReason(row: ClaimedDelivery): Promise<string | null> {
    if (!row.user_id) return 'The account was deleted';
    if (row.kind !== 'news') return null;
    const [opted] = await queryRows(this.dataSource, `SELECT 1 FROM news_opt_outs WHERE user_id = $1`, [row.user_id]);
    return opted ? 'The person turned news off' : null;
  }

  /** A service message's event title in each language (news names no one event). */
  private async serviceEventTitles(kind: MessageKind, eventIds: string[]): Promise<Record<Language, string> | null> {
    if (kind !== 'service') return null;
    const [e] = await queryRows<{ title: string; title_hi: string | null }>(this.dataSource, `SELECT title, translations->'hi'->>'title' AS title_hi FROM events WHERE id = $1`, [eventIds[0]]);
    return e ? { en: e.title, hi: e.title_hi || e.title } : null;
  }

  // ---------- reading ----------

  async get(id: string): Promise<MessageRecord> {
    const message = isUuid(id) ? await this.dataSource.getRepository(MessageEntity).findOneBy({ id }) : null;
    if (!message) throw notFound('Message not found');
    const [totals] = await this.totals([id]);
    return record(message, totals[1]);
  }

  async list(rawOffset = 0, rawLimit: number = PAGE_SIZE.restDefault): Promise<{ items: MessageRecord[]; total: number; offset: number; limit: number }> {
    const offset = Math.max(0, Math.floor(Number(rawOffset) || 0));
    const limit = Math.min(Math.max(1, Math.floor(Number(rawLimit) || 1)), PAGE_SIZE.max);
    const [messages, total] = await this.dataSource.getRepository(MessageEntity).findAndCount({ order: { createdAt: 'DESC', id: 'ASC' }, skip: offset, take: limit });
    const totals = new Map(await this.totals(messages.map((msg) => msg.id)));
    return { items: messages.map((msg) => record(msg, totals.get(msg.id))), total, offset, limit };
  }

  /** Deliveries by status, per message (one grouped count). */
  private async totals(ids: string[]): Promise<[string, MessageTotals][]> {
    if (!ids.length) return [];
    const rows = await queryRows<{ message_id: string; queued: number; sent: number; failed: number; skipped: number }>(
      this.dataSource,
      `SELECT message_id,
              count(*) FILTER (WHERE status IN ('queued', 'sending'))::int AS queued,
              count(*) FILTER (WHERE status = 'sent')::int AS sent,
              count(*) FILTER (WHERE status = 'failed')::int AS failed,
              count(*) FILTER (WHERE status = 'skipped')::int AS skipped
         FROM message_deliveries WHERE message_id = ANY($1::uuid[]) GROUP BY message_id`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.message_id, { queued: Number(r.queued), sent: Number(r.sent), failed: Number(r.failed), skipped: Number(r.skipped) }]));
    return ids.map((id) => [id, byId.get(id) ?? { queued: 0, sent: 0, failed: 0, skipped: 0 }]);
  }

  async deliveries(messageId: string, options: { offset?: number; limit?: number; status?: string } = {}): Promise<{ items: MessageDeliveryEntity[]; total: number; offset: number; limit: number }> {
    await this.get(messageId);
    const offset = Math.max(0, Math.floor(Number(options.offset) || 0));
    const limit = Math.min(Math.max(1, Math.floor(Number(options.limit ?? PAGE_SIZE.restDefault) || 1)), PAGE_SIZE.max);
    const status = options.status as MessageDeliveryStatus | undefined;
    const [items, total] = await this.dataSource.getRepository(MessageDeliveryEntity).findAndCount({
      where: { messageId, ...(status ? { status } : {}) }, order: { recipient: 'ASC', id: 'ASC' }, skip: offset, take: limit,
    });
    return { items, total, offset, limit };
  }

  // ---------- the person's choice ----------

  stopUrls(userId: string): { page: string; api: string } {
    const token = encodeURIComponent(this.stopTokens.sign(userId));
    return { page: `${origin(this.config.publicOrigin)}/news/stop?token=${token}`, api: `${origin(this.config.publicOrigin)}/api/news/stop?token=${token}` };
  }

  /** Whether the person receives news (true unless they turned it off). */
  async newsEnabled(userId: string): Promise<boolean> {
    const [row] = await queryRows(this.dataSource, `SELECT 1 FROM news_opt_outs WHERE user_id = $1`, [userId]);
    return !row;
  }

  /** The profile switch. */
  async setNewsPreference(userId: string, rawEnabled: unknown): Promise<boolean> {
    const { enabled } = await validateInput(NewsPreferenceInput, { enabled: rawEnabled });
    if (enabled) await this.dataSource.query(`DELETE FROM news_opt_outs WHERE user_id = $1`, [userId]);
    else await this.optOut(userId);
    return enabled;
  }

  /** The one-click link of a news mail (no sign-in): news off for the person it was made for. */
  async stopNews(rawToken: unknown): Promise<{ message: string }> {
    const { token } = await validateInput(StopNewsInput, { token: rawToken }, NEWS_MESSAGES.badStopLink);
    const userId = this.stopTokens.verify(token);
    if (!userId) throw new DomainError('VALIDATION', NEWS_MESSAGES.badStopLink, { fields: { token: 'This link is not valid' } });
    await this.optOut(userId);
    return { message: NEWS_MESSAGES.stopped };
  }

  private async optOut(userId: string): Promise<void> {
    // A deleted account has nothing to stop (no row for it): the answer is the same.
    await this.dataSource.query(
      `INSERT INTO news_opt_outs (user_id, created_at) SELECT id, $2 FROM users WHERE id = $1 ON CONFLICT (user_id) DO NOTHING`,
      [userId, this.clock.now()],
    );
  }
}

function record(message: MessageEntity, totals: MessageTotals = { queued: 0, sent: 0, failed: 0, skipped: 0 }): MessageRecord {
  const status: MessageStatus = message.cancelledAt ? 'cancelled' : !message.expandedAt ? 'scheduled' : totals.queued > 0 ? 'sending' : 'sent';
  return { message, totals, status };
}
