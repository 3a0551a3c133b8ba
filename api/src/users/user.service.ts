import type { DataSource, EntityManager } from 'typeorm';
import { DomainError, notFound } from '../common/errors';
import { queryRows } from '../common/sql';
import { isUuid, validateInput } from '../common/validate';
import type { Config } from '../config/env';
import { asLanguage, type Language } from '../i18n/languages';
import { StopReminderTokens } from './stop-token';
import { UserEntity } from './user.entity';
import { LanguageInput, ProfileInput, ReminderPreferenceInput, StopRemindersInput, type UserView } from './user.types';

export const USER_NOT_FOUND = 'User not found';
export const PROFILE_UPDATED = 'Profile updated successfully';

/** What is said about the person's mail choices (reminders on or off, the stop link, the mails' language). */
export const MAIL_CHOICE_MESSAGES = {
  badStopLink: 'This link is not valid. Please use the link in your latest reminder e-mail, or turn reminders off on your profile page.',
  stopped: 'You will not receive event reminders any more. You can turn them on again on your profile page.',
  languageSaved: 'Language saved',
} as const;

const origin = (publicOrigin: string) => publicOrigin.replace(/\/+$/, '');

/** The GraphQL view of a user; load the primaryUser and createdBy relations to fill those fields. */
export function userView(u: UserEntity): UserView {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    category: u.category,
    status: u.status,
    fatherName: u.fatherName,
    schoolName: u.schoolName,
    district: u.district,
    area: u.area,
    primaryEmail: u.primaryUser?.email ?? null,
    createdBy: u.createdBy ? { id: u.createdBy.id, name: u.createdBy.name, email: u.createdBy.email } : null,
    remindersEnabled: u.remindersEnabled,
    language: u.language,
    createdAt: u.createdAt,
  };
}

/** The legacy REST shape of the signed-in user (GET /api/users/get-single-user). */
export function restProfile(u: UserEntity) {
  return { _id: u.id, id: u.id, name: u.name, email: u.email, phone: u.phone, category: u.category, status: u.status, remindersEnabled: u.remindersEnabled, language: u.language };
}

/**
 * A user's own account: profile reads and edits, token revocation for everyone else's rules, and the
 * person's mail choices: the language of their mails, and event reminders on or off (the profile switch,
 * or the one-click stop link of a reminder mail, whose token this service signs and checks).
 */
export class UserService {
  readonly stopTokens: StopReminderTokens;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: Pick<Config, 'jwtSecret' | 'publicOrigin'>,
  ) {
    this.stopTokens = new StopReminderTokens(config.jwtSecret);
  }

  /** A user with the relations the views need; NOT_FOUND for an unknown or malformed id. */
  async get(id: string, manager?: EntityManager): Promise<UserEntity> {
    const found = isUuid(id)
      ? await (manager ?? this.dataSource.manager).getRepository(UserEntity).findOne({ where: { id }, relations: { primaryUser: true, createdBy: true } })
      : null;
    if (!found) throw notFound(USER_NOT_FOUND);
    return found;
  }

  async findByEmail(email: string, manager?: EntityManager, withPassword = false): Promise<UserEntity | null> {
    const repo = (manager ?? this.dataSource.manager).getRepository(UserEntity);
    if (!withPassword) return repo.findOne({ where: { email: email.trim().toLowerCase() } });
    return repo
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.email = :email', { email: email.trim().toLowerCase() })
      .getOne();
  }

  /** Name and phone only; every other field in the input is ignored. */
  async updateProfile(userId: string, raw: unknown): Promise<UserEntity> {
    const input = await validateInput(ProfileInput, raw, 'Please fill all required fields');
    const user = await this.get(userId);
    await this.dataSource.getRepository(UserEntity).update({ id: user.id }, { name: input.name, phone: input.phone });
    return this.get(userId);
  }

  /**
   * Invalidates every token issued to the account so far (reject, disable, demote, password change).
   * Pass the transaction's manager so the bump commits with the change that causes it.
   */
  async revokeTokens(userId: string, manager?: EntityManager): Promise<number> {
    const rows = await queryRows<{ token_version: number }>(
      manager ?? this.dataSource,
      `UPDATE users SET token_version = token_version + 1 WHERE id = $1 RETURNING token_version`,
      [userId],
    );
    if (!rows.length) throw notFound(USER_NOT_FOUND);
    return Number(rows[0].token_version);
  }

  // ---------- the person's mail choices ----------

  /** The language the person's mails are written in, and whether they keep event reminders on (English and off for an unknown id). */
  async mailPreferences(userId: string): Promise<{ language: Language; remindersEnabled: boolean }> {
    const user = isUuid(userId)
      ? await this.dataSource.getRepository(UserEntity).findOne({ select: { id: true, language: true, remindersEnabled: true }, where: { id: userId } })
      : null;
    return { language: asLanguage(user?.language), remindersEnabled: !!user?.remindersEnabled };
  }

  /** The stop link (one click, no sign-in): reminders off for the person it was made for. */
  async stopReminders(rawToken: unknown): Promise<{ message: string }> {
    const { token } = await validateInput(StopRemindersInput, { token: rawToken }, MAIL_CHOICE_MESSAGES.badStopLink);
    const userId = this.stopTokens.verify(token);
    if (!userId) throw new DomainError('VALIDATION', MAIL_CHOICE_MESSAGES.badStopLink, { fields: { token: 'This link is not valid' } });
    // A deleted account has nothing to stop: the answer is the same.
    await this.dataSource.getRepository(UserEntity).update({ id: userId }, { remindersEnabled: false });
    return { message: MAIL_CHOICE_MESSAGES.stopped };
  }

  /** The profile switch. */
  async setReminderPreference(userId: string, rawEnabled: unknown): Promise<void> {
    const { enabled } = await validateInput(ReminderPreferenceInput, { enabled: rawEnabled });
    await this.dataSource.getRepository(UserEntity).update({ id: userId }, { remindersEnabled: enabled });
  }

  /** The language the person's mails are written in ('en' | 'hi'). */
  async setLanguage(userId: string, rawLanguage: unknown): Promise<{ message: string }> {
    const { language } = await validateInput(LanguageInput, { language: rawLanguage });
    await this.dataSource.getRepository(UserEntity).update({ id: userId }, { language });
    return { message: MAIL_CHOICE_MESSAGES.languageSaved };
  }

  /** The page of the public site that asks before stopping reminders (mail scanners open links). */
  stopPageUrl(userId: string): string {
    return `${origin(this.config.publicOrigin)}/reminders/stop?token=${encodeURIComponent(this.stopTokens.sign(userId))}`;
  }

  /** The RFC 8058 one-click target (List-Unsubscribe with List-Unsubscribe-Post). */
  stopApiUrl(userId: string): string {
    return `${origin(this.config.publicOrigin)}/api/reminders/stop?token=${encodeURIComponent(this.stopTokens.sign(userId))}`;
  }
}
