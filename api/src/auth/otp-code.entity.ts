import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const OTP_PURPOSES = ['register', 'login', 'signup'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** A one-time code: only its hash is kept; single use, expires, counts wrong tries. */
@Entity('otp_codes')
export class OtpCodeEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 20 })
  purpose: OtpPurpose;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ name: 'code_hash', type: 'varchar', length: 128 })
  codeHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt: Date | null;

  /** Set once the mail is handed to the transport; a code whose mail failed is never usable. */
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
