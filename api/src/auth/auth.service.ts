import type { Language } from '../i18n/languages';
import type { DataSource, EntityManager } from 'typeorm';
import type { Clock } from '../common/clock';
import { DomainError, conflict, forbidden, rateLimited, unauthenticated, validationError } from '../common/errors';
import type { Logger } from '../common/logger';
import { queryRows } from '../common/sql';
import { isUuid, validateInput } from '../common/validate';
import type { Config } from '../config/env';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import { UserEntity, type UserCategory } from '../users/user.entity';
import type { UserService } from '../users/user.service';
import {
  DIALOG_CATEGORIES,
  EmailInput,
  INVALID_CATEGORY,
  PasswordLoginInput,
  REQUIRED_FIELDS,
  RegisterInput,
  SignUpInput,
  SignupCodeInput,
  TeacherRegistrationInput,
  VerifyCodeInput,
} from './auth.types';
import { INVALID_OTP, type OtpService } from './otp.service';
import { assertPasswordShape, checkPassword, hashPassword } from './password';
import type { TokenService } from './token.service';

export const MESSAGES = {
  codeSent: 'OTP sent to your email/phone',
  loginCodeSent: 'OTP sent to your email',
  registered: 'Registration completed successfully!',
  loggedIn: 'Login successful',
  teacherRegistered: 'Registration successful please login for adding students',
  accountExists: 'An account with this email already exists. Please log in.',
  noAccount: 'No account found with this email',
  badPassword: 'Invalid email or password',
  adminRefused: 'Administrator accounts cannot be created through public registration. Please choose Primary, Secondary or Graduate.',
  rejected: 'This account has been rejected. Please contact us if you think this is a mistake.',
  invalidUserType: 'Please select a valid user type',
} as const;

/** Wrong passwords before an account is locked for a while. */
export const MAX_FAILED_LOGINS = 10;
export const LOGIN_LOCK_MINUTES = 15;

/** userType of the registration page variant → category. */
const USER_TYPES: Record<string, UserCategory> = {
  student: 'primary',
  upperstudent: 'secondary',
  graduate: 'graduate',
  primary: 'primary',
  secondary: 'secondary',
};

export interface AuthResult {
  token: string;
  user: UserEntity;
  message: string;
}

/** Throws 'Please fill all required fields' when any of the keys is missing or blank. */
export function requireFields(raw: unknown, keys: string[]): void {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const missing = keys.filter((k) => {
    const v = body[k];
    return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (typeof v !== 'string' && typeof v !== 'number');
  });
  if (missing.length) throw validationError(REQUIRED_FIELDS, Object.fromEntries(missing.map((k) => [k, 'Required'])));
}

/** An account someone started through the registration dialog and never verified: it may be taken over by a new registration of that e-mail. */
function isOpenRegistration(u: UserEntity): boolean {
  return !u.emailVerifiedAt && !u.createdById && !u.passwordHash && u.status === 'pending' && ['primary', 'secondary', 'graduate'].includes(u.category);
}

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

/** Everything a visitor does once they give their e-mail: registration, code and password sign-in. */
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly config: Pick<Config, 'bcryptCost'>,
    private readonly tokens: TokenService,
    private readonly otp: OtpService,
    private readonly users: UserService,
    private readonly rateLimits: RateLimitService,
    private readonly logger: Logger,
  ) {}

  private issueToken(user: UserEntity): string {
    return this.tokens.sign(user.id, user.tokenVersion, 'user');
  }

  private async result(userId: string, message: string): Promise<AuthResult> {
    const user = await this.users.get(userId);
    return { token: this.issueToken(user), user, message };
  }

  /** The account a code was sent for; a malformed or unknown id reads as a wrong code. */
  private async userForCode(userId: string): Promise<UserEntity> {
    if (!isUuid(userId)) throw validationError(INVALID_OTP, { otp: INVALID_OTP });
    const user = await this.dataSource.getRepository(UserEntity).findOne({ where: { id: userId } });
    if (!user) throw validationError(INVALID_OTP, { otp: INVALID_OTP });
    return user;
  }

  private assertNotRejected(user: UserEntity): void {
    if (user.status === 'rejected') throw forbidden(MESSAGES.rejected);
  }

  /** The e-mail is proven: mark it, and activate self-registered secondary/graduate accounts (primary waits for an admin). */
  private async completeVerification(user: UserEntity, manager?: EntityManager): Promise<void> {
    const now = this.clock.now();
    await (manager ?? this.dataSource).query(
      `UPDATE users SET email_verified_at = COALESCE(email_verified_at, $2),
              status = CASE WHEN status = 'pending' AND email_verified_at IS NULL AND created_by_id IS NULL AND category IN ('secondary', 'graduate') THEN 'active' ELSE status END
        WHERE id = $1`,
      [user.id, now],
    );
  }

  // ---- Registration dialog (POST /api/auth/register, then /api/auth/verify-otp) ----

  /** `lang` is the language the dialog was used in: the code mail is written in it, and the account keeps it for later mails. */
  async register(raw: unknown, ip: string, lang: Language = 'en'): Promise<{ userId: string; message: string }> {
    requireFields(raw, ['name', 'email', 'phone', 'category']);
    const category = String((raw as Record<string, unknown>).category).trim().toLowerCase();
    if (!(DIALOG_CATEGORIES as readonly string[]).includes(category)) throw validationError(INVALID_CATEGORY, { category: INVALID_CATEGORY });
    if (category === 'admin') throw forbidden(MESSAGES.adminRefused);
    const input = await validateInput(RegisterInput, raw);
    await this.otp.countIp(ip);
    const existing = await this.users.findByEmail(input.email, undefined, true);
    if (existing && !isOpenRegistration(existing)) throw conflict(MESSAGES.accountExists);
    const repo = this.dataSource.getRepository(UserEntity);
    let userId: string;
    if (existing) {
      // Send first: a throttled repeat must not be able to rewrite the pending account's details.
      await this.otp.issue({ email: input.email, purpose: 'register', userId: existing.id, name: input.name, ip, language: lang });
      await repo.update({ id: existing.id }, { name: input.name, phone: input.phone, category: category as UserCategory, language: lang });
      return { userId: existing.id, message: MESSAGES.codeSent };
    } else {
      try {
        const inserted = await repo.insert({ name: input.name, email: input.email, phone: input.phone, category: category as UserCategory, status: 'pending', language: lang });
        userId = inserted.identifiers[0].id as string;
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MESSAGES.accountExists);
        throw err;
      }
    }
    await this.otp.issue({ email: input.email, purpose: 'register', userId, name: input.name, ip, language: lang });
    return { userId, message: MESSAGES.codeSent };
  }

  async verifyRegistration(raw: unknown): Promise<AuthResult> {
    const input = await validateInput(VerifyCodeInput, raw);
    const user = await this.userForCode(input.userId);
    await this.otp.verify(user.email, 'register', input.otp, user.id);
    this.assertNotRejected(user);
    await this.completeVerification(user);
    return this.result(user.id, MESSAGES.registered);
  }

  // ---- Sign-in by code (POST /api/auth/login, then /api/auth/verify-login-otp) ----

  /** The code mail is in the language the site is used in, which the account keeps from now on. */
  async requestLoginCode(raw: unknown, ip: string, lang: Language = 'en'): Promise<{ userId: string; message: string }> {
    const input = await validateInput(EmailInput, raw);
    await this.otp.countIp(ip);
    const user = await this.users.findByEmail(input.email);
    if (!user) throw new DomainError('NOT_FOUND', MESSAGES.noAccount);
    this.assertNotRejected(user);
    await this.otp.issue({ email: user.email, purpose: 'login', userId: user.id, name: user.name, ip, language: lang });
    if (user.language !== lang) await this.dataSource.getRepository(UserEntity).update({ id: user.id }, { language: lang });
    return { userId: user.id, message: MESSAGES.loginCodeSent };
  }

  async verifyLoginCode(raw: unknown): Promise<AuthResult> {
    const input = await validateInput(VerifyCodeInput, raw);
    const user = await this.userForCode(input.userId);
    await this.otp.verify(user.email, 'login', input.otp, user.id);
    this.assertNotRejected(user);
    await this.completeVerification(user);
    return this.result(user.id, MESSAGES.loggedIn);
  }

  // ---- Password (or code) sign-in, used by the teacher area ----

  async loginWithPassword(raw: unknown, ip: string): Promise<AuthResult> {
    const input = await validateInput(PasswordLoginInput, raw);
    const password = typeof input.password === 'string' && input.password !== '' ? input.password : undefined;
    if (!password && input.otp) {
      const user = await this.users.findByEmail(input.email);
      if (!user) throw validationError(INVALID_OTP, { otp: INVALID_OTP });
      await this.otp.verify(user.email, 'login', input.otp, user.id);
      this.assertNotRejected(user);
      await this.completeVerification(user);
      return this.result(user.id, MESSAGES.loggedIn);
    }
    if (!password) throw validationError('Password is required', { password: 'Password is required' });
    await this.rateLimits.hit({ key: `password:ip:${ip || 'unknown'}`, limit: 100, windowSeconds: 900, message: 'Too many sign-in attempts from your network. Please try again later.' });
    const user = await this.users.findByEmail(input.email, undefined, true);
    const now = this.clock.now();
    if (user?.lockedUntil && user.lockedUntil > now) {
      throw rateLimited('Too many failed sign-in attempts. Please try again later or sign in with a code.', Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 1000));
    }
    const ok = await checkPassword(password, user?.passwordHash, this.config.bcryptCost);
    if (!user || !ok) {
      if (user) await this.recordFailedLogin(user.id, now);
      throw unauthenticated(MESSAGES.badPassword);
    }
    this.assertNotRejected(user);
    if (user.failedLogins || user.lockedUntil) await this.dataSource.query(`UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = $1`, [user.id]);
    return this.result(user.id, MESSAGES.loggedIn);
  }

  /** One atomic statement: count the failure and lock the account for a while at the limit. */
  private async recordFailedLogin(userId: string, now: Date): Promise<void> {
    await queryRows(
      this.dataSource,
      `UPDATE users SET
         locked_until = CASE WHEN failed_logins + 1 >= $2 THEN $3::timestamptz + make_interval(mins => $4) ELSE locked_until END,
         failed_logins = CASE WHEN failed_logins + 1 >= $2 THEN 0 ELSE failed_logins + 1 END
       WHERE id = $1 RETURNING failed_logins`,
      [userId, MAX_FAILED_LOGINS, now, LOGIN_LOCK_MINUTES],
    );
  }

  // ---- Registration page variant (POST /api/auth/send-otp, then /api/auth/register with the code) ----

  async sendSignupCode(raw: unknown, ip: string, lang: Language = 'en'): Promise<{ message: string }> {
    const input = await validateInput(SignupCodeInput, raw);
    await this.otp.countIp(ip);
    const existing = await this.users.findByEmail(input.email, undefined, true);
    if (existing && !isOpenRegistration(existing)) throw conflict(MESSAGES.accountExists);
    await this.otp.issue({ email: input.email, purpose: 'signup', userId: null, name: null, ip, language: lang });
    return { message: MESSAGES.loginCodeSent };
  }

  async signUp(raw: unknown, lang: Language = 'en'): Promise<AuthResult> {
    const input = await validateInput(SignUpInput, raw);
    if (input.password !== input.confirmPassword) throw validationError('Passwords must match', { confirmPassword: 'Passwords must match' });
    assertPasswordShape(input.password);
    const userType = input.userType.replace(/[\s_-]/g, '').toLowerCase();
    if (userType === 'admin' || userType === 'superadmin') throw forbidden(MESSAGES.adminRefused);
    const category = USER_TYPES[userType];
    if (!category) throw validationError(MESSAGES.invalidUserType, { userType: MESSAGES.invalidUserType });
    const existing = await this.users.findByEmail(input.email, undefined, true);
    if (existing && !isOpenRegistration(existing)) throw conflict(MESSAGES.accountExists);
    await this.otp.verify(input.email, 'signup', input.otp);
    const passwordHash = await hashPassword(input.password, this.config.bcryptCost);
    const now = this.clock.now();
    const status = category === 'primary' ? 'pending' : 'active';
    const fields = { name: input.name, phone: input.phone, category, status, passwordHash, emailVerifiedAt: now, language: lang } as const;
    let userId: string;
    try {
      userId = await this.dataSource.transaction(async (m) => {
        const repo = m.getRepository(UserEntity);
        const again = existing ? await repo.findOne({ where: { id: existing.id }, lock: { mode: 'pessimistic_write' } }) : null;
        if (again) {
          if (again.emailVerifiedAt) throw conflict(MESSAGES.accountExists);
          await repo.update({ id: again.id }, fields);
          return again.id;
        }
        const inserted = await repo.insert({ ...fields, email: input.email });
        return inserted.identifiers[0].id as string;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(MESSAGES.accountExists);
      throw err;
    }
    return this.result(userId, MESSAGES.registered);
  }

  // ---- Teacher registration without a code (POST /api/auth/registerWithoutOtp) ----

  async registerTeacher(raw: unknown, ip: string): Promise<{ userId: string; message: string }> {
    requireFields(raw, ['name', 'email', 'phone', 'area', 'district', 'schoolName', 'password']);
    const input = await validateInput(TeacherRegistrationInput, raw);
    assertPasswordShape(input.password);
    await this.rateLimits.hit({ key: `teacher-registration:ip:${ip || 'unknown'}`, limit: 20, windowSeconds: 3600, message: 'Too many registrations from your network. Please try again later.' });
    if (await this.users.findByEmail(input.email)) throw conflict(MESSAGES.accountExists);
    const passwordHash = await hashPassword(input.password, this.config.bcryptCost);
    try {
      const inserted = await this.dataSource.getRepository(UserEntity).insert({
        name: input.name,
        email: input.email,
        phone: input.phone,
        area: input.area,
        district: input.district,
        schoolName: input.schoolName,
        category: 'primary',
        status: 'pending',
        passwordHash,
      });
      this.logger.info('teacher registered, awaiting approval', { userId: inserted.identifiers[0].id });
      return { userId: inserted.identifiers[0].id as string, message: MESSAGES.teacherRegistered };
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(MESSAGES.accountExists);
      throw err;
    }
  }
}
