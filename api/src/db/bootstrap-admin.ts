import bcrypt from 'bcrypt';
import type { DataSource } from 'typeorm';
import { UserEntity } from '../users/user.entity';

export const BCRYPT_COST = 10;

/** Creates the configured admin account when that e-mail has none. Returns true when it created one. */
export async function ensureAdminAccount(dataSource: DataSource, email: string, password: string): Promise<boolean> {
  const users = dataSource.getRepository(UserEntity);
  if (await users.findOne({ where: { email } })) return false;
  await users.save(
    users.create({
      name: 'Administrator',
      email,
      category: 'superadmin',
      status: 'active',
      passwordHash: await bcrypt.hash(password, BCRYPT_COST),
      emailVerifiedAt: new Date(),
    }),
  );
  return true;
}
