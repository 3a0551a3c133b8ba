import type { DataSource, EntityManager } from 'typeorm';
import { notFound } from '../common/errors';
import { queryRows } from '../common/sql';
import { isUuid, validateInput } from '../common/validate';
import { UserEntity } from './user.entity';
import { ProfileInput, type UserView } from './user.types';

export const USER_NOT_FOUND = 'User not found';
export const PROFILE_UPDATED = 'Profile updated successfully';

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

/** A user's own account: profile reads and edits, and token revocation for everyone else's rules. */
export class UserService {
  constructor(private readonly dataSource: DataSource) {}

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
}
