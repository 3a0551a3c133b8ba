import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Translations } from '../i18n/translations';
import type { Question } from '../questions/question-rules';

export const EVENT_CATEGORIES = ['general', 'primary', 'secondary', 'graduate'] as const;
export type EventCategoryValue = (typeof EVENT_CATEGORIES)[number];

@Entity('events')
export class EventEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text' })
  description: string;

  /** Local (India) calendar date, YYYY-MM-DD. */
  @Column({ type: 'date' })
  date: string;

  /** Local start time, HH:MM. */
  @Column({ type: 'varchar', length: 5 })
  time: string;

  @Column({ name: 'end_date', type: 'date', nullable: true })
  endDate: string | null;

  @Column({ name: 'end_time', type: 'varchar', length: 5, nullable: true })
  endTime: string | null;

  /** date + time as an instant, kept in step by the service; used for "has it started". */
  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt: Date;

  @Column({ type: 'varchar', length: 200 })
  location: string;

  @Column({ type: 'varchar', length: 20, default: 'general' })
  category: EventCategoryValue;

  @Column({ name: 'external_link', type: 'varchar', length: 500, nullable: true })
  externalLink: string | null;

  @Column({ name: 'max_participants', type: 'int', nullable: true })
  maxParticipants: number | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  speaker: string | null;

  /** The title, description, location and speaker in other languages ({ hi: { title, ... } }); English is in the columns above. */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  translations: Translations<'title' | 'description' | 'location' | 'speaker'>;

  /** Key of an image in storage (renditions key-320.webp ...), or null. */
  @Column({ name: 'image_key', type: 'varchar', length: 100, nullable: true })
  imageKey: string | null;

  /** Kept equal to the number of rows in registrations by the registration service (one conditional update). */
  /** When an admin cancelled it: the public page says so and offers no registration. */
  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  @Column({ name: 'registered_count', type: 'int', default: 0 })
  registeredCount: number;

  /** Places held by live waiting-list offers (registration ledger); registered + offered never exceeds the capacity. */
  @Column({ name: 'offered_count', type: 'int', default: 0 })
  offeredCount: number;

  /** How long an offered place is held for a person from the waiting list (1-168 hours). */
  @Column({ name: 'waitlist_offer_hours', type: 'int', default: 24 })
  waitlistOfferHours: number;

  /** The certificate's rule: attended at least this many of its sessions (null: all of them). */
  @Column({ name: 'certificate_min_sessions', type: 'int', nullable: true })
  certificateMinSessions: number | null;
  /** Registration questions, in the admin's order, both languages (questions/question-rules.ts). */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  questions: Question[];
  /** The series this date belongs to (series/), or null. */
  @Column({ name: 'series_id', type: 'uuid', nullable: true })
  seriesId: string | null;

  /** The online meeting's https address; shown only to registrants and admins (meeting-links/meeting-link-access.ts). */
  @Column({ name: 'meeting_link', type: 'varchar', length: 500, nullable: true })
  meetingLink: string | null;
  /** Hours after the event's end when attendees get the feedback mail (feedback module, 0-168). */
  @Column({ name: 'feedback_delay_hours', type: 'smallint', default: 2 })
  feedbackDelayHours: number;

  /** Extra questions of the event's feedback form (feedback/feedback-questions.ts). */
  @Column({ name: 'feedback_questions', type: 'jsonb', default: () => "'[]'::jsonb" })
  feedbackQuestions: unknown[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
