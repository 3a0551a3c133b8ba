import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const SERIES_FREQUENCIES = ['weekly', 'monthly'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];

/** The rule an admin repeated an event by; its dates are events with this `series_id`. */
@Entity('event_series')
export class EventSeriesEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 10 })
  frequency: SeriesFrequency;

  /** The last date allowed (YYYY-MM-DD), when repeated "until". */
  @Column({ type: 'date', nullable: true })
  until: string | null;

  /** How many dates in all (the first included), when repeated "for a count". */
  @Column({ type: 'int', nullable: true })
  count: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
