import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

const ISSUER = 'gyan-jyoti-api';
/** Its own audience: never a sign-in token, nor a reminders stop link. */
const AUDIENCE = 'gyan-jyoti-stop-news';
const PURPOSE = 'stop-news';

/**
 * The token of a news mail's "stop news" link: the user id, signed with HMAC-SHA256 (JWT_SECRET), as the
 * reminders' stop link (users/stop-token.ts). It does not expire (an old mail's link still works) and can
 * only turn news off, so it needs no token version.
 */
export class NewsStopTokens {
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
