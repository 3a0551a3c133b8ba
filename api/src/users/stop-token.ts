import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

const ISSUER = 'gyan-jyoti-api';

/** What a stop link turns off: each has its own audience, so no link (nor a sign-in token) stands for another. */
export const STOP_LINKS = {
  reminders: { audience: 'gyan-jyoti-stop-reminders', purpose: 'stop-reminders' },
  news: { audience: 'gyan-jyoti-stop-news', purpose: 'stop-news' },
} as const;

/**
 * The token of a mail's one-click "stop" link (reminders, news): the user id, signed with HMAC-SHA256
 * (JWT_SECRET). It does not expire (an old mail's link still works) and can only turn one kind of mail off,
 * so it carries no token version; it cannot be made from a user id without the secret.
 */
export class StopLinkTokens {
  private readonly key: KeyObject;

  constructor(
    secret: string,
    private readonly link: (typeof STOP_LINKS)[keyof typeof STOP_LINKS],
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(userId: string): string {
    return jwt.sign({ purpose: this.link.purpose }, this.key, { algorithm: 'HS256', issuer: ISSUER, audience: this.link.audience, subject: userId, noTimestamp: true });
  }

  /** The user id, or null for anything forged, altered, of another purpose or malformed. */
  verify(token: string): string | null {
    try {
      const payload = jwt.verify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: this.link.audience });
      if (typeof payload !== 'object' || payload === null) return null;
      const { sub, purpose } = payload as jwt.JwtPayload & { purpose?: unknown };
      return purpose === this.link.purpose && typeof sub === 'string' && sub ? sub : null;
    } catch {
      return null;
    }
  }
}

/** The reminders' stop link. */
export class StopReminderTokens extends StopLinkTokens {
  constructor(secret: string) {
    super(secret, STOP_LINKS.reminders);
  }
}
