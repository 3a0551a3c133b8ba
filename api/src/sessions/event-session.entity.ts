import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One session of an event (every event has at least one); the events row's start and end follow the first and last. */
@Entity('event_sessions')
export class EventSessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId: string;

  /** 0-based, in time order. */
  @Column({ type: 'int' })
  position: number;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt: Date;

  /** Null when no end time was given (the session ends with its day). */
  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt: Date | null;

  /** Its own title and place, when it has one (else the event's). */
  @Column({ type: 'varchar', length: 200, nullable: true })
  title: string | null;

  @Column({ name: 'title_hi', type: 'varchar', length: 200, nullable: true })
  titleHi: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  location: string | null;

  @Column({ name: 'location_hi', type: 'varchar', length: 200, nullable: true })
  locationHi: string | null;

  /** Its own online meeting (https), overriding the event's for this session; null: the event's stands. Only for registrants and admins (meeting-links/). */
  @Column({ name: 'meeting_link', type: 'varchar', length: 500, nullable: true })
  meetingLink: string | null;
}

/** A person's attendance at one session (once per registration and session). */
@Entity('session_attendance')
export class SessionAttendanceEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'registration_id', type: 'uuid' })
  registrationId: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  @Column({ name: 'checked_in_at', type: 'timestamptz' })
  checkedInAt: Date;

  @Column({ name: 'checked_in_by', type: 'uuid', nullable: true })
  checkedInBy: string | null;
}
