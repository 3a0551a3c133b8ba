import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Translations } from '../i18n/translations';

export interface SocialLinksValue {
  facebook?: string | null;
  linkedin?: string | null;
  twitter?: string | null;
  github?: string | null;
}

@Entity('team_members')
export class TeamMemberEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  designation: string;

  @Column({ type: 'text' })
  description: string;

  /** The name, designation and description in other languages ({ hi: { name, ... } }); English is in the columns above. */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  translations: Translations<'name' | 'designation' | 'description'>;

  @Column({ name: 'image_key', type: 'varchar', length: 100, nullable: true })
  imageKey: string | null;

  @Column({ name: 'social_links', type: 'jsonb', default: () => "'{}'::jsonb" })
  socialLinks: SocialLinksValue;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
