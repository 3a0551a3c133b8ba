import { ATTENDED_SESSIONS_SQL, ELIGIBLE_SQL } from '../sessions/session.service';
import { asLanguage } from '../i18n/languages';
import type { EventEntity } from '../events/event.entity';
import { eventText } from '../events/event-text';
import { localize } from '../i18n/translations';
import type { DataSource } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { Viewer } from '../common/access';
import type { Clock } from '../common/clock';
import { conflict, DomainError, forbidden, notFound } from '../common/errors';
import type { Logger } from '../common/logger';
import { queryRows } from '../common/sql';
import { isUuid, validateInput } from '../common/validate';
import type { Config } from '../config/env';
import { eventEndsAt } from '../events/event-end';
import { EVENT_NOT_FOUND } from '../events/event.service';
import type { Delivery, MailDeliveries } from '../mail/mail-deliveries';
import type { MailMessage } from '../mail/mail.service';
import { ORGANISATION } from '../mail/templates';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import { certificateFilename, certificateMail } from './certificate.mail';
import { newVerificationCode, VERIFICATION_CODE_ALPHABET, type CertificateLanguage } from './certificate.pdf';
import type { CertificateRenderer } from './certificate.renderer';
import type { WebhookPlanner } from '../webhooks/webhook.service';
import { CertificateCodeInput, IssueCertificatesInput, RevokeCertificateInput } from './certificate.types';

/** The mail kind this service plans (key `certificate:{certificateId}`) and composes. */
export const CERTIFICATE_MAIL = 'certificate';

/** Public verification: lookups per network address and window. */
export const VERIFY_LIMIT = { limit: 60, windowSeconds: 600 };

export const CERTIFICATE_MESSAGES = {
  notEnded: 'Certificates can be issued once the event has ended',
  eventCancelled: 'This event was cancelled: it has no certificates.',
  notAttended: 'This person did not attend this event (no check-in was recorded), so no certificate can be issued',
  noneIssued: 'No new certificates: everyone who attended has one already',
  viewerNotAttended: 'Certificates are only for people who attended this event',
  tooFewSessions: 'This person did not attend enough sessions for a certificate (see the event\'s certificate rule)',
  notIssued: 'Your certificate for this event has not been issued yet',
  revokedDownload: 'Your certificate for this event was withdrawn by the organisers',
  unknownCode: 'No certificate has this code. Please check it against the certificate.',
  revoked: 'Certificate revoked',
  alreadyRevoked: 'This certificate was revoked already',
  tooManyChecks: 'Too many certificate checks from your network. Please try again in a few minutes.',
  valid: `This certificate is genuine: it was issued by ${ORGANISATION}.`,
  notValid: `This certificate was revoked by ${ORGANISATION} and is no longer valid.`,
} as const;

const issuedMessage = (n: number) => (n ? `${n} ${n === 1 ? 'certificate' : 'certificates'} issued` : CERTIFICATE_MESSAGES.noneIssued);

/** A certificate row as the service reads it. */
interface CertificateRow {
  id: string;
  code: string;
  event_id: string;
  user_id: string;
  language: string;
  participant_name: string;
  event_title: string;
  event_starts_at: Date | string;
  event_place: string;
  issued_at: Date | string;
  revoked_at: Date | string | null;
  revoke_reason: string | null;
  sessions_attended: number | null;
  sessions_total: number | null;
  hours_attended: number | string | null;
}

const CERTIFICATE_COLUMNS = `c.id, c.code, c.event_id, c.user_id, c.language, c.participant_name, c.event_title, c.event_starts_at, c.event_place, c.issued_at, c.revoked_at, c.revoke_reason, c.sessions_attended, c.sessions_total, c.hours_attended`;

export interface MyCertificateRow {
  code: string;
  issuedAt: Date;
  revoked: boolean;
  downloadUrl: string;
}

export interface CertificateListRow {
  code: string;
  userId: string;
  name: string;
  language: string;
  issuedAt: Date;
  revokedAt: Date | null;
  revokeReason: string | null;
}

export interface CertificateVerificationResult {
  code: string;
  valid: boolean;
  participantName: string;
  eventTitle: string;
  eventDate: Date;
  eventPlace: string;
  issuedAt: Date;
  revokedAt: Date | null;
  message: string;
}

const toDate = (v: Date | string) => new Date(v);
const toDateOrNull = (v: Date | string | null | undefined) => (v === null || v === undefined ? null : new Date(v));
const origin = (publicOrigin: string) => publicOrigin.replace(/\/+$/, '');
/**
 * A code as people type it: any case, spaces or no dashes, and Crockford's look-alikes (O for 0,
 * I and L for 1); null when it cannot be a code.
 */
export function normaliseCode(raw: string): string | null {
  const chars = raw.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (chars.length !== 16 || [...chars].some((c) => !VERIFICATION_CODE_ALPHABET.includes(c))) return null;
  return chars.match(/.{4}/g)!.join('-');
}

/**
 * Certificates of participation. An admin issues them once the event is over, to the people who
 * attended (a registration with `checked_in_at`), each once: one transaction inserts the rows (the
 * unique (event, person) pair makes a repeat or a concurrent call issue nothing twice) and plans one
 * `certificate` mail per new row, with the PDF attached, in the person's language. The PDF is drawn
 * from the row's snapshot whenever it is needed (mail, download), so it never changes, in a worker
 * thread (CertificateRenderer), so a run of hundreds never holds up the API's requests. Anyone may
 * check a code (rate-limited per address; the codes are 80 random bits, not guessable); a revoked
 * certificate is still found and says so. Nothing here changes a public read.
 */
export class CertificateService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly deliveries: MailDeliveries,
    private readonly audit: AuditService,
    private readonly rateLimits: RateLimitService,
    private readonly config: Pick<Config, 'publicOrigin'>,
    private readonly logger: Logger,
    /** Draws the PDFs off the event loop (worker threads). */
    private readonly renderer: CertificateRenderer,
    /** certificate.issued webhooks, planned in the issuing transaction. */
    private readonly webhooks: WebhookPlanner,
  ) {
    deliveries.compose(CERTIFICATE_MAIL, (d) => this.composeMail(d));
  }

  /** The public page that checks a code. */
  verifyUrl(code: string): string {
    return `${origin(this.config.publicOrigin)}/certificates/${encodeURIComponent(code)}`;
  }

  downloadUrl(eventId: string): string {
    return `/api/events/${eventId}/certificate`;
  }

  // ---------- issuing ----------

  /** Issues to every attendee who has none (or, with `userId`, to that one attendee); returns how many were new. */
  async issue(actor: Viewer, eventId: string, raw: unknown = {}): Promise<{ issued: number; message: string }> {
    const input = await validateInput(IssueCertificatesInput, raw ?? {});
    if (!isUuid(eventId)) throw notFound(EVENT_NOT_FOUND);
    const now = this.clock.now();
    const issued = await this.dataSource.transaction(async (m) => {
      // KEY SHARE: the event cannot be deleted meanwhile; registrations and edits of other columns go on.
      const [event] = await queryRows<{ title: string; translations: EventEntity['translations']; date: string; end_date: string | null; end_time: string | null; starts_at: Date | string; location: string; cancelled_at: Date | null }>(
        m,
        `SELECT title, translations, to_char(date, 'YYYY-MM-DD') AS date, to_char(end_date, 'YYYY-MM-DD') AS end_date, end_time, starts_at, location, cancelled_at
           FROM events WHERE id = $1 FOR KEY SHARE`,
        [eventId],
      );
      if (!event) throw notFound(EVENT_NOT_FOUND);
      if (event.cancelled_at) throw new DomainError('EVENT_CANCELLED', CERTIFICATE_MESSAGES.eventCancelled);
      if (now.getTime() < eventEndsAt({ date: event.date, endDate: event.end_date, endTime: event.end_time }).getTime()) throw conflict(CERTIFICATE_MESSAGES.notEnded);
      if (input.userId) {
        const [reg] = await queryRows<{ checked_in_at: Date | null; eligible: boolean }>(
          m,
          `SELECT r.checked_in_at, ${ELIGIBLE_SQL('r', 'e')} AS eligible FROM registrations r JOIN events e ON e.id = r.event_id WHERE r.event_id = $1 AND r.user_id = $2`,
          [eventId, input.userId],
        );
        if (!reg?.checked_in_at) throw conflict(CERTIFICATE_MESSAGES.notAttended);
        if (!reg.eligible) throw conflict(CERTIFICATE_MESSAGES.tooFewSessions);
      }
      // Eligible: attended at least K of the N sessions (sessions/session.service.ts).
      const people = await queryRows<{ id: string; name: string; email: string; language: string; attended: number; total: number; hours: number | string | null }>(
        m,
        `SELECT u.id, u.name, u.email, u.language, ${ATTENDED_SESSIONS_SQL('r')}::int AS attended,
                (SELECT count(*) FROM event_sessions es WHERE es.event_id = r.event_id)::int AS total,
                (SELECT round((sum(EXTRACT(EPOCH FROM (s.ends_at - s.starts_at))) / 3600)::numeric, 2) FROM session_attendance sa JOIN event_sessions s ON s.id = sa.session_id WHERE sa.registration_id = r.id) AS hours
           FROM registrations r JOIN users u ON u.id = r.user_id JOIN events e ON e.id = r.event_id
          WHERE r.event_id = $1 AND ${ELIGIBLE_SQL('r', 'e')} AND ($2::uuid IS NULL OR r.user_id = $2::uuid)
            AND NOT EXISTS (SELECT 1 FROM certificates c WHERE c.event_id = r.event_id AND c.user_id = r.user_id)
          ORDER BY u.name, u.id`,
        [eventId, input.userId ?? null],
      );
      if (!people.length) return 0;
      // The certificate says what the event was called in the person's language (English where it has none).
      const textIn = (language: CertificateLanguage) => localize(eventText({ ...event, description: '', speaker: null }), language) as { title: string; location: string };
      const rows: { id: string; user_id: string; code: string }[] = [];
      for (let i = 0; i < people.length; i += 500) {
        const chunk = people.slice(i, i + 500);
        rows.push(
          ...(await queryRows<{ id: string; user_id: string; code: string }>(
            m,
            `INSERT INTO certificates (code, event_id, user_id, language, participant_name, event_title, event_starts_at, event_place, issued_at, issued_by, sessions_attended, sessions_total, hours_attended)
             SELECT v.code, $1, v.user_id, v.language, v.name, v.title, $2, v.place, $3, $4, v.attended, v.total, v.hours
               FROM unnest($5::text[], $6::uuid[], $7::text[], $8::text[], $9::text[], $10::text[], $11::int[], $12::int[], $13::numeric[]) AS v(code, user_id, language, name, title, place, attended, total, hours)
             ON CONFLICT (event_id, user_id) DO NOTHING
             RETURNING id, user_id, code`,
            [
              eventId,
              toDate(event.starts_at),
              now,
              actor.id,
              chunk.map(() => newVerificationCode()),
              chunk.map((p) => p.id),
              chunk.map((p) => asLanguage(p.language)),
              chunk.map((p) => p.name),
              chunk.map((p) => textIn(asLanguage(p.language)).title),
              chunk.map((p) => textIn(asLanguage(p.language)).location),
              chunk.map((p) => Math.min(Number(p.attended), Number(p.total) || 1)),
              chunk.map((p) => Number(p.total) || 1),
              chunk.map((p) => (p.hours === null ? null : Number(p.hours))),
            ],
          )),
        );
      }
      if (!rows.length) return 0;
      await this.webhooks.planMany(m, 'certificate.issued', async () => rows.map((r) => ({
        _id: r.id, id: r.id, code: r.code, eventId, userId: r.user_id, issuedAt: now, verifyUrl: `${this.config.publicOrigin}/certificates/${r.code}`,
      })));
      const email = new Map(people.map((p) => [p.id, p.email]));
      await this.deliveries.plan(
        m,
        rows.map((r) => ({ key: `certificate:${r.id}`, kind: CERTIFICATE_MAIL, userId: r.user_id, eventId, recipient: email.get(r.user_id)!, payload: { certificateId: r.id } })),
      );
      await this.audit.record(
        actor,
        {
          action: 'certificate.issue',
          entityType: 'event',
          entityId: eventId,
          before: null,
          after: { issued: rows.length, userId: input.userId ?? null, certificates: rows.map((r) => ({ id: r.id, userId: r.user_id, code: r.code })) },
        },
        m,
      );
      return rows.length;
    });
    if (issued) this.logger.info('certificates issued', { eventId, issued });
    return { issued, message: issuedMessage(issued) };
  }

  // ---------- the person's own ----------

  /** The viewer's certificate as a PDF: 403 to someone who did not attend, 404 before it is issued or once revoked. */
  async download(viewer: Viewer, eventId: string): Promise<{ filename: string; content: Buffer }> {
    if (!isUuid(eventId)) throw notFound(EVENT_NOT_FOUND);
    const [row] = await queryRows<Partial<CertificateRow> & { event_exists: boolean; checked_in_at: Date | null }>(
      this.dataSource,
      `SELECT true AS event_exists, r.checked_in_at, ${CERTIFICATE_COLUMNS}
         FROM events e
         LEFT JOIN certificates c ON c.event_id = e.id AND c.user_id = $2
         LEFT JOIN registrations r ON r.event_id = e.id AND r.user_id = $2
        WHERE e.id = $1`,
      [eventId, viewer.id],
    );
    if (!row) throw notFound(EVENT_NOT_FOUND);
    if (!row.id) {
      if (!row.checked_in_at) throw forbidden(CERTIFICATE_MESSAGES.viewerNotAttended);
      throw notFound(CERTIFICATE_MESSAGES.notIssued);
    }
    if (row.revoked_at) throw notFound(CERTIFICATE_MESSAGES.revokedDownload);
    const cert = row as CertificateRow;
    return { filename: certificateFilename(cert.code), content: await this.render(cert) };
  }

  /** Event.myCertificate for a list of events (one query): the viewer's certificate, or null. */
  async myCertificates(viewer: Viewer | null, eventIds: readonly string[]): Promise<(MyCertificateRow | null)[]> {
    const ids = eventIds.filter(isUuid);
    if (!viewer || !ids.length) return eventIds.map(() => null);
    const rows = await queryRows<{ event_id: string; code: string; issued_at: Date | string; revoked_at: Date | string | null }>(
      this.dataSource,
      `SELECT event_id, code, issued_at, revoked_at FROM certificates WHERE user_id = $1 AND event_id = ANY($2::uuid[])`,
      [viewer.id, ids],
    );
    const byEvent = new Map(rows.map((r) => [r.event_id, r]));
    return eventIds.map((id) => {
      const r = byEvent.get(id);
      return r ? { code: r.code, issuedAt: toDate(r.issued_at), revoked: r.revoked_at !== null, downloadUrl: this.downloadUrl(id) } : null;
    });
  }

  // ---------- admin ----------

  /** An event's certificates, by name. */
  async list(eventId: string): Promise<CertificateListRow[]> {
    if (!isUuid(eventId)) throw notFound(EVENT_NOT_FOUND);
    const [event] = await queryRows(this.dataSource, `SELECT 1 FROM events WHERE id = $1`, [eventId]);
    if (!event) throw notFound(EVENT_NOT_FOUND);
    const rows = await queryRows<CertificateRow>(this.dataSource, `SELECT ${CERTIFICATE_COLUMNS} FROM certificates c WHERE c.event_id = $1 ORDER BY c.participant_name, c.issued_at, c.id`, [eventId]);
    return rows.map((r) => ({
      code: r.code,
      userId: r.user_id,
      name: r.participant_name,
      language: r.language,
      issuedAt: toDate(r.issued_at),
      revokedAt: toDateOrNull(r.revoked_at),
      revokeReason: r.revoke_reason,
    }));
  }

  /** How many certificates an issue would send now: people checked in at the event who have none yet. */
  async toIssueCount(eventId: string): Promise<number> {
    if (!isUuid(eventId)) throw notFound(EVENT_NOT_FOUND);
    const [row] = await queryRows<{ event_exists: boolean; n: number | string }>(
      this.dataSource,
      `SELECT true AS event_exists,
              (SELECT count(*) FROM registrations r
                WHERE r.event_id = e.id AND ${ELIGIBLE_SQL('r', 'e')}
                  AND NOT EXISTS (SELECT 1 FROM certificates c WHERE c.event_id = r.event_id AND c.user_id = r.user_id))::int AS n
         FROM events e WHERE e.id = $1`,
      [eventId],
    );
    if (!row) throw notFound(EVENT_NOT_FOUND);
    return Number(row.n);
  }

  /** Withdraws a certificate (once; again changes nothing). Its mail, if not sent yet, is not sent. */
  async revoke(actor: Viewer, raw: unknown): Promise<{ message: string; changed: boolean }> {
    const input = await validateInput(RevokeCertificateInput, raw ?? {});
    const code = normaliseCode(input.code);
    if (!code) throw notFound(CERTIFICATE_MESSAGES.unknownCode);
    const now = this.clock.now();
    return this.dataSource.transaction(async (m) => {
      const [row] = await queryRows<CertificateRow>(m, `SELECT ${CERTIFICATE_COLUMNS} FROM certificates c WHERE c.code = $1 FOR UPDATE`, [code]);
      if (!row) throw notFound(CERTIFICATE_MESSAGES.unknownCode);
      if (row.revoked_at) return { message: CERTIFICATE_MESSAGES.alreadyRevoked, changed: false };
      await m.query(`UPDATE certificates SET revoked_at = $2, revoked_by = $3, revoke_reason = $4 WHERE id = $1`, [row.id, now, actor.id, input.reason ?? null]);
      await this.audit.record(
        actor,
        {
          action: 'certificate.revoke',
          entityType: 'certificate',
          entityId: row.id,
          before: { code, eventId: row.event_id, userId: row.user_id, revokedAt: null },
          after: { code, eventId: row.event_id, userId: row.user_id, revokedAt: now, reason: input.reason ?? null },
        },
        m,
      );
      return { message: CERTIFICATE_MESSAGES.revoked, changed: true };
    });
  }

  // ---------- public verification ----------

  /** What a code stands for; NOT_FOUND for an unknown one; RATE_LIMITED past VERIFY_LIMIT per address. */
  async verify(rawCode: unknown, ip: string): Promise<CertificateVerificationResult> {
    await this.rateLimits.hit({ key: `certificate-verify:ip:${ip}`, ...VERIFY_LIMIT, message: CERTIFICATE_MESSAGES.tooManyChecks });
    const input = await validateInput(CertificateCodeInput, { code: rawCode }, CERTIFICATE_MESSAGES.unknownCode).catch(() => {
      throw notFound(CERTIFICATE_MESSAGES.unknownCode);
    });
    const code = normaliseCode(input.code);
    if (!code) throw notFound(CERTIFICATE_MESSAGES.unknownCode);
    const [row] = await queryRows<CertificateRow>(this.dataSource, `SELECT ${CERTIFICATE_COLUMNS} FROM certificates c WHERE c.code = $1`, [code]);
    if (!row) throw notFound(CERTIFICATE_MESSAGES.unknownCode);
    const revokedAt = toDateOrNull(row.revoked_at);
    return {
      code: row.code,
      valid: !revokedAt,
      participantName: row.participant_name,
      eventTitle: row.event_title,
      eventDate: toDate(row.event_starts_at),
      eventPlace: row.event_place,
      issuedAt: toDate(row.issued_at),
      revokedAt,
      message: revokedAt ? CERTIFICATE_MESSAGES.notValid : CERTIFICATE_MESSAGES.valid,
    };
  }

  // ---------- the PDF and its mail ----------

  private render(c: CertificateRow): Promise<Buffer> {
    return this.renderer.render({
      language: asLanguage(c.language),
      participantName: c.participant_name,
      eventTitle: c.event_title,
      eventDate: toDate(c.event_starts_at),
      eventPlace: c.event_place,
      issuedAt: toDate(c.issued_at),
      verificationCode: c.code,
      verifyUrl: this.verifyUrl(c.code),
      sessions: c.sessions_total ? { attended: c.sessions_attended ?? 0, total: c.sessions_total, hours: c.hours_attended === null ? null : Number(c.hours_attended) } : null,
    });
  }

  private async composeMail(d: Delivery): Promise<MailMessage | { skip: string }> {
    const id = d.payload.certificateId;
    const [cert] = isUuid(id) ? await queryRows<CertificateRow>(this.dataSource, `SELECT ${CERTIFICATE_COLUMNS} FROM certificates c WHERE c.id = $1`, [id]) : [];
    if (!cert) return { skip: 'the certificate is gone (event or account deleted)' };
    if (cert.revoked_at) return { skip: 'the certificate was revoked' };
    return certificateMail({
      to: d.recipient,
      name: cert.participant_name,
      language: asLanguage(cert.language),
      event: { id: cert.event_id, title: cert.event_title, startsAt: toDate(cert.event_starts_at), location: cert.event_place },
      publicOrigin: this.config.publicOrigin,
      code: cert.code,
      verifyUrl: this.verifyUrl(cert.code),
      pdf: await this.render(cert),
    });
  }
}
