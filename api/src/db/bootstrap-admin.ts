import type { DataSource } from 'typeorm';
import { hashPassword } from '../auth/password';
import { UserEntity } from '../users/user.entity';

/** Creates the configured admin account when that e-mail has none (its password hashed at BCRYPT_COST). Returns true when it created one. */
export async function ensureAdminAccount(dataSource: DataSource, email: string, password: string, bcryptCost: number): Promise<boolean> {
  const users = dataSource.getRepository(UserEntity);
  if (await users.findOne({ where: { email } })) return false;
  await users.save(
    users.create({
      name: 'Administrator',
      email,
      category: 'superadmin',
      status: 'active',
      passwordHash: await hashPassword(password, bcryptCost),
      emailVerifiedAt: new Date(),
    }),
  );
  return true;
}
