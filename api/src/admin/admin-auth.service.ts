import type { DataSource } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { TokenService } from '../auth/token.service';
import type { Viewer } from '../common/access';
import type { Clock } from '../common/clock';
import { conflict, DomainError, forbidden, notFound } from '../common/errors';
import { validateInput } from '../common/validate';
import type { Config } from '../config/env';
import { checkPassword, hashPassword } from '../auth/password';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import { ADMIN_CATEGORIES, UserEntity } from '../users/user.entity';
import { AdminLoginInput, AdminRegistrationInput, LOGIN_REQUIRED } from './admin.types';

export const INVALID_ADMIN = 'Invalid admin credentials';
/** From this consecutive failure on, an account is locked for 2^(n - threshold) seconds, capped. */
export const LOCK_THRESHOLD = 10;
export const MAX_LOCK_SECONDS = 15 * 60;
/** A generous cap per client address, against credential stuffing across many accounts. */
export const IP_ATTEMPTS = { limit: 300, windowSeconds: 15 * 60 };

const invalid = () => new DomainError('UNAUTHENTICATED', INVALID_ADMIN);

/** The admin sign-in (under /api/admin and /api/auth alike), admin registration and "who am I". */
export class AdminAuthService {

  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
    private readonly rateLimits: RateLimitService,
    private readonly audit: AuditService,
    private readonly config: Pick<Config, 'bcryptCost'>,
  ) {}

  async login(raw: unknown, ip: string): Promise<{ token: string; user: UserEntity }> {
    const input = await validateInput(AdminLoginInput, raw, LOGIN_REQUIRED);
    await this.rateLimits.hit({ key: `admin-login:ip:${ip}`, ...IP_ATTEMPTS, message: 'Too many sign-in attempts. Please try again later.' });
    const user = await this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.email = :email', { email: input.email })
      .getOne();
    const now = this.clock.now();
    if (!user || !user.passwordHash || (user.lockedUntil && user.lockedUntil.getTime() > now.getTime())) {
      // Same work, same answer: whether the account exists (or is locked) does not show.
      await checkPassword(input.password, null, this.config.bcryptCost);
      throw invalid();
    }
    if (!(await checkPassword(input.password, user.passwordHash, this.config.bcryptCost))) {
      await this.dataSource.query(
        `UPDATE users SET failed_logins = failed_logins + 1,
           locked_until = CASE WHEN failed_logins + 1 >= $3
             THEN $2::timestamptz + make_interval(secs => LEAST(power(2, failed_logins + 1 - $3), $4))
             ELSE locked_until END
         WHERE id = $1`,
        [user.id, now, LOCK_THRESHOLD, MAX_LOCK_SECONDS],
      );
      throw invalid();
    }
    if (!ADMIN_CATEGORIES.includes(user.category) || user.status === 'rejected') throw invalid();
    if (user.failedLogins !== 0 || user.lockedUntil) {
      await this.dataSource.query('UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = $1', [user.id]);
    }
    return { token: this.tokens.sign(user.id, user.tokenVersion, 'admin'), user: await this.me(user.id) };
  }

  /** A signed-in admin creates another admin (a superadmin only by a superadmin). Returns the new admin's session. */
  async register(actor: Viewer, raw: unknown): Promise<{ token: string; user: UserEntity }> {
    const input = await validateInput(AdminRegistrationInput, raw);
    const category = input.category ?? 'admin';
    if (category === 'superadmin' && actor.category !== 'superadmin') throw forbidden('Only a superadmin can create a superadmin');
    const passwordHash = await hashPassword(input.password, this.config.bcryptCost);
    const saved = await this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(UserEntity);
      if (await repo.exists({ where: { email: input.email } })) throw conflict('An account with this email already exists');
      const user = await repo.save(
        repo.create({
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          category,
          status: 'active',
          passwordHash,
          createdById: actor.id,
          emailVerifiedAt: null,
        }),
      );
      await this.audit.record(actor, { action: 'admin.register', entityType: 'user', entityId: user.id, before: null, after: user }, m);
      return user;
    });
    return { token: this.tokens.sign(saved.id, saved.tokenVersion, 'admin'), user: await this.me(saved.id) };
  }

  async me(id: string): Promise<UserEntity> {
    const user = await this.dataSource.getRepository(UserEntity).findOne({ where: { id }, relations: { primaryUser: true, createdBy: true } });
    if (!user) throw notFound('User not found');
    return user;
  }
}
