import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

const ISSUER = 'gyan-jyoti-api';
/** Its own audience: a stop link is never accepted as a sign-in token, nor a sign-in token as a stop link. */
const AUDIENCE = 'gyan-jyoti-stop-reminders';
const PURPOSE = 'stop-reminders';

/**
 * The token of a reminder's "stop reminders" link: the user id, signed with HMAC-SHA256 (JWT_SECRET).
 * It does not expire (an old reminder's link still works) and can only turn reminders off, so it
 * carries no token version; it cannot be made from a user id without the secret.
 */
export class StopReminderTokens {
  private readonly key: KeyObject;

  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(userId: string): string {
    return jwt.sign({ purpose: PURPOSE }, this.key, { algorithm: 'HS256', issuer: ISSUER, audience: AUDIENCE, subject: userId, noTimestamp: true });
  }

  /** The user id, or null for anything forged, altered, of another purpose or malformed. */
  verify(token: string): string | null {
    try {
      const payload = jwt.verify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
      if (typeof payload !== 'object' || payload === null) return null;
      const { sub, purpose } = payload as jwt.JwtPayload & { purpose?: unknown };
      return purpose === PURPOSE && typeof sub === 'string' && sub ? sub : null;
    } catch {
      return null;
    }
  }
}
