import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Config } from '../config/env';
import type { Clock } from '../common/clock';

const ISSUER = 'gyan-jyoti-api';
const AUDIENCE = { user: 'gyan-jyoti-user', admin: 'gyan-jyoti-admin' } as const;
/** Admin sessions are short: a lost laptop should not keep the keys for long. */
export const TOKEN_LIFETIME_SECONDS = { user: 7 * 24 * 3600, admin: 8 * 3600 } as const;

export interface TokenClaims {
  sub: string;
  ver: number;
  kind: 'user' | 'admin';
}

/** Signs and verifies JWTs with a fixed algorithm, issuer, audience and expiry. */
export class TokenService {
  /** The secret as a KeyObject, made once: handing jsonwebtoken the string makes it build one per call. */
  private readonly key: KeyObject;

  constructor(config: Pick<Config, 'jwtSecret'>, private readonly clock: Clock) {
    this.key = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
  }

  sign(userId: string, tokenVersion: number, kind: 'user' | 'admin'): string {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return jwt.sign({ ver: tokenVersion, kind, iat: now, exp: now + TOKEN_LIFETIME_SECONDS[kind] }, this.key, {
      algorithm: 'HS256',
      issuer: ISSUER,
      audience: AUDIENCE[kind],
      subject: userId,
    });
  }

  /** Returns the claims, or null for anything forged, expired, wrongly signed or malformed. */
  verify(token: string): TokenClaims | null {
    try {
      const payload = jwt.verify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: [AUDIENCE.user, AUDIENCE.admin],
        clockTimestamp: Math.floor(this.clock.now().getTime() / 1000),
      });
      if (typeof payload !== 'object' || payload === null) return null;
      const { sub, ver, kind, aud } = payload as jwt.JwtPayload & { ver?: unknown; kind?: unknown };
      if (typeof sub !== 'string' || typeof ver !== 'number' || (kind !== 'user' && kind !== 'admin')) return null;
      if (aud !== AUDIENCE[kind]) return null;
      return { sub, ver, kind };
    } catch {
      return null;
    }
  }
}
