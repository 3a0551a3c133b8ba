import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

const ISSUER = 'gyan-jyoti-api';
/** Its own audience: a feedback link is never a sign-in token or a stop link, nor they a feedback link. */
const AUDIENCE = 'gyan-jyoti-feedback';
const PURPOSE = 'event-feedback';

export type FeedbackTokenCheck = { ok: true; eventId: string; userId: string } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * The token of a feedback mail's link: the event and the person, signed with HMAC-SHA256 (JWT_SECRET),
 * valid until the answers close (7 days after the event's end). It opens one person's form for one
 * event and nothing else, with no sign-in. Expiry is judged by the service clock (tests move it).
 */
export class FeedbackTokens {
  private readonly key: KeyObject;

  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(eventId: string, userId: string, expiresAt: Date): string {
    return jwt.sign({ purpose: PURPOSE, evt: eventId, exp: Math.floor(expiresAt.getTime() / 1000) }, this.key, {
      algorithm: 'HS256',
      issuer: ISSUER,
      audience: AUDIENCE,
      subject: userId,
      noTimestamp: true,
    });
  }

  /** The event and person, or why not: 'expired' for a genuine link past its time, 'invalid' for anything forged, altered or malformed. */
  verify(token: string, now: Date): FeedbackTokenCheck {
    try {
      const payload = jwt.verify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE, clockTimestamp: Math.floor(now.getTime() / 1000) });
      if (typeof payload !== 'object' || payload === null) return { ok: false, reason: 'invalid' };
      const { sub, purpose, evt } = payload as jwt.JwtPayload & { purpose?: unknown; evt?: unknown };
      if (purpose !== PURPOSE || typeof sub !== 'string' || typeof evt !== 'string') return { ok: false, reason: 'invalid' };
      return { ok: true, eventId: evt, userId: sub };
    } catch (err) {
      return { ok: false, reason: err instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
    }
  }
}
