import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';

/** primary = teacher (admin/teacher areas) or the primary programme (public registration); student = a teacher's pupil. */
export const USER_CATEGORIES = ['primary', 'secondary', 'graduate', 'admin', 'student', 'superadmin'] as const;
export type UserCategory = (typeof USER_CATEGORIES)[number];
export const USER_STATUSES = ['active', 'pending', 'approved', 'rejected'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const ADMIN_CATEGORIES: readonly UserCategory[] = ['admin', 'superadmin'];

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Stored lower-cased; unique. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 10, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 20 })
  category: UserCategory;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: UserStatus;

  @Column({ name: 'father_name', type: 'varchar', length: 100, nullable: true })
  fatherName: string | null;

  @Column({ name: 'school_name', type: 'varchar', length: 150, nullable: true })
  schoolName: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  district: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  area: string | null;

  @Column({ name: 'password_hash', type: 'varchar', length: 100, nullable: true, select: false })
  passwordHash: string | null;

  /** For a student: the teacher (category primary) who added them. */
  @Column({ name: 'primary_user_id', type: 'uuid', nullable: true })
  primaryUserId: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'primary_user_id' })
  primaryUser: Relation<UserEntity> | null;

  @Column({ name: 'created_by_id', type: 'uuid', nullable: true })
  createdById: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  createdBy: Relation<UserEntity> | null;

  /** Bumped to revoke every token issued so far (disable, reject, demote, password change). */
  @Column({ name: 'token_version', type: 'int', default: 0 })
  tokenVersion: number;

  /** The language the person last used on the site: their mails are written in it. */
  @Column({ type: 'varchar', length: 5, default: 'en' })
  language: 'en' | 'hi';

  /** Whether reminder mails go to this person (turned off by the link in a reminder, or on /profile). */
  @Column({ name: 'reminders_enabled', type: 'boolean', default: true })
  remindersEnabled: boolean;

  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null;

  @Column({ name: 'failed_logins', type: 'int', default: 0 })
  failedLogins: number;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
