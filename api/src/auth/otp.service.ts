import type { Language } from '../i18n/languages';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Clock } from '../common/clock';
import { DomainError, validationError } from '../common/errors';
import { queryRows } from '../common/sql';
import type { MailService } from '../mail/mail.service';
import { codeMail } from '../mail/templates';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { OtpPurpose } from './otp-code.entity';

export const OTP_VALID_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;
export const OTP_PER_IP_PER_HOUR = 100;
export const INVALID_OTP = 'Invalid or expired OTP';
export const OTP_LOCKED = 'Too many wrong tries. Please request a new code.';

export interface IssueRequest {
  email: string;
  purpose: OtpPurpose;
  userId: string | null;
  name: string | null;
  ip: string;
  /** The language of the code mail (the site's, when the request came from it). */
  language?: Language;
}

/** The per-IP cap on codes (and on look-ups that could send one): counted before anything else. */
export function ipRule(ip: string) {
  return {
    key: `otp:ip:${ip || 'unknown'}`,
    limit: OTP_PER_IP_PER_HOUR,
    windowSeconds: 3600,
    message: 'Too many codes were requested from your network. Please try again later.',
  };
}

/**
 * One-time codes: 6 digits from crypto.randomInt, stored only as an HMAC, valid 10 minutes, single
 * use, tied to the e-mail they were sent to, at most 5 tries each (counted atomically in the database),
 * usable only once their mail was handed over (sent_at).
 */
export class OtpService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly mail: MailService,
    private readonly rateLimits: RateLimitService,
    private readonly secret: string,
  ) {}

  private hash(email: string, purpose: OtpPurpose, code: string): string {
    return createHmac('sha256', this.secret).update(`otp:${purpose}:${email}:${code}`).digest('hex');
  }

  /** Counts a code request against the caller's network (call before looking anything up). */
  async countIp(ip: string): Promise<void> {
    await this.rateLimits.hit(ipRule(ip));
  }

  /** Throws RATE_LIMITED when this e-mail got a code less than 60 seconds ago. */
  private async throttleEmail(email: string): Promise<void> {
    await this.rateLimits.hit({
      key: `otp:email:${email}`,
      limit: 1,
      windowSeconds: OTP_RESEND_SECONDS,
      message: `A code was just sent to this e-mail. Please wait a minute before asking for a new one.`,
    });
  }

  /**
   * Creates a code, mails it, and only then makes it usable (and voids older ones for this e-mail).
   * If the mail cannot be sent the code is deleted and MAIL_UNAVAILABLE is thrown; the e-mail's
   * resend throttle is lifted so the person can try again at once.
   * The per-IP count must already have been taken (countIp).
   */
  async issue(req: IssueRequest): Promise<void> {
    const email = req.email.toLowerCase();
    await this.throttleEmail(email);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.clock.now();
    const expires = new Date(now.getTime() + OTP_VALID_MINUTES * 60_000);
    const rows = await queryRows<{ id: string }>(this.dataSource, 
      `INSERT INTO otp_codes (email, purpose, user_id, code_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [email, req.purpose, req.userId, this.hash(email, req.purpose, code), expires, now],
    );
    const id = rows[0].id;
    try {
      await this.mail.send(codeMail(email, code, req.purpose, req.name, OTP_VALID_MINUTES, req.language ?? 'en'));
    } catch (err) {
      await this.dataSource.query(`DELETE FROM otp_codes WHERE id = $1`, [id]);
      await this.rateLimits.reset(`otp:email:${email}`);
      throw err;
    }
    await this.dataSource.transaction(async (m) => {
      await m.query(`UPDATE otp_codes SET consumed_at = $3 WHERE email = $1 AND id <> $2 AND consumed_at IS NULL`, [email, id, this.clock.now()]);
      await m.query(`UPDATE otp_codes SET sent_at = $2 WHERE id = $1`, [id, this.clock.now()]);
    });
  }

  /**
   * Checks a code for an e-mail (and, when given, the account it was issued for) and consumes it.
   * Every try is counted with one atomic UPDATE ... RETURNING before the comparison, so concurrent
   * guesses cannot exceed the limit; after the 5th try even the right code is refused.
   */
  async verify(emailRaw: string, purpose: OtpPurpose, codeRaw: unknown, userId?: string): Promise<void> {
    const code = typeof codeRaw === 'string' ? codeRaw.trim() : typeof codeRaw === 'number' ? String(codeRaw) : '';
    if (!code) throw validationError('OTP is required', { otp: 'OTP is required' });
    if (!/^[0-9]{6}$/.test(code)) throw validationError('OTP must be 6 digits', { otp: 'OTP must be 6 digits' });
    const email = emailRaw.toLowerCase();
    const now = this.clock.now();
    const live = await queryRows<{ id: string; attempts: number }>(this.dataSource, 
      `SELECT id, attempts FROM otp_codes
        WHERE email = $1 AND purpose = $2 AND consumed_at IS NULL AND sent_at IS NOT NULL AND expires_at > $3
          AND ($4::uuid IS NULL OR user_id = $4::uuid)
        ORDER BY created_at DESC LIMIT 1`,
      [email, purpose, now, userId ?? null],
    );
    if (!live.length) throw invalidOtp();
    if (live[0].attempts >= OTP_MAX_ATTEMPTS) throw invalidOtp(OTP_LOCKED);
    const counted = await queryRows<{ code_hash: string; attempts: number }>(this.dataSource, 
      `UPDATE otp_codes SET attempts = attempts + 1
        WHERE id = $1 AND consumed_at IS NULL AND attempts < $2 AND expires_at > $3
        RETURNING code_hash, attempts`,
      [live[0].id, OTP_MAX_ATTEMPTS, now],
    );
    if (!counted.length) throw invalidOtp(OTP_LOCKED);
    const expected = Buffer.from(counted[0].code_hash, 'hex');
    const given = Buffer.from(this.hash(email, purpose, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidOtp();
    const consumed = await queryRows<{ id: string }>(this.dataSource, 
      `UPDATE otp_codes SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL RETURNING id`,
      [live[0].id, now],
    );
    if (!consumed.length) throw invalidOtp();
  }
}

function invalidOtp(message = INVALID_OTP): DomainError {
  return validationError(message, { otp: message });
}
