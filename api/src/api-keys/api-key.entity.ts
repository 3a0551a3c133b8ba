import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ApiScope } from '../common/access';

/** An integrator's key: its hash only (the key is shown once), scopes, expiry, last use, revocation. */
@Entity('api_keys')
export class ApiKeyEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** `gjk_` and the key's first characters, to recognise it in a list. */
  @Column({ name: 'key_prefix', type: 'varchar', length: 12 })
  keyPrefix: string;

  /** SHA-256 (hex) of the whole key. */
  @Column({ name: 'key_hash', type: 'char', length: 64, select: false })
  keyHash: string;

  @Column({ type: 'text', array: true })
  scopes: ApiScope[];

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'revoked_by', type: 'uuid', nullable: true })
  revokedBy: string | null;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
