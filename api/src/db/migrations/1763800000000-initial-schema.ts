import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The whole first data model (accounts, events, registrations, team, contact messages, visitors), plus one-time codes, rate-limit counters and the audit log. */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(10),
        category varchar(20) NOT NULL CHECK (category IN ('primary','secondary','graduate','admin','student','superadmin')),
        status varchar(20) NOT NULL DEFAULT 'pending' CHECK (status IN ('active','pending','approved','rejected')),
        father_name varchar(100),
        school_name varchar(150),
        district varchar(100),
        area varchar(100),
        password_hash varchar(100),
        primary_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_by_id uuid REFERENCES users(id) ON DELETE SET NULL,
        token_version int NOT NULL DEFAULT 0,
        email_verified_at timestamptz,
        failed_logins int NOT NULL DEFAULT 0,
        locked_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_email_lowercase CHECK (email = lower(email))
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_unique ON users (email)`);
    await q.query(`CREATE INDEX users_category_created ON users (category, created_at DESC)`);
    await q.query(`CREATE INDEX users_status ON users (status)`);
    await q.query(`CREATE INDEX users_created_at ON users (created_at DESC)`);
    await q.query(`CREATE INDEX users_primary_user ON users (primary_user_id) WHERE primary_user_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title varchar(200) NOT NULL,
        description text NOT NULL,
        date date NOT NULL,
        time varchar(5) NOT NULL CHECK (time ~ '^[0-2][0-9]:[0-5][0-9]$'),
        end_date date,
        end_time varchar(5) CHECK (end_time IS NULL OR end_time ~ '^[0-2][0-9]:[0-5][0-9]$'),
        starts_at timestamptz NOT NULL,
        location varchar(200) NOT NULL,
        category varchar(20) NOT NULL DEFAULT 'general' CHECK (category IN ('general','primary','secondary','graduate')),
        external_link varchar(500),
        max_participants int CHECK (max_participants IS NULL OR max_participants >= 1),
        speaker varchar(120),
        image_key varchar(100),
        registered_count int NOT NULL DEFAULT 0 CHECK (registered_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_capacity CHECK (max_participants IS NULL OR registered_count <= max_participants)
      )`);
    await q.query(`CREATE INDEX events_date ON events (date, time)`);
    await q.query(`CREATE INDEX events_category_date ON events (category, date)`);

    await q.query(`
      CREATE TABLE registrations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT registrations_event_user_unique UNIQUE (event_id, user_id)
      )`);
    await q.query(`CREATE INDEX registrations_user ON registrations (user_id)`);

    await q.query(`
      CREATE TABLE contact_submissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(10),
        subject varchar(200) NOT NULL,
        message text NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'new' CHECK (status IN ('new','in-progress','resolved')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX contact_submissions_created ON contact_submissions (created_at DESC)`);

    await q.query(`
      CREATE TABLE team_members (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        designation varchar(100) NOT NULL,
        description text NOT NULL,
        image_key varchar(100),
        social_links jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE visitor_counter (
        id smallint PRIMARY KEY CHECK (id = 1),
        count bigint NOT NULL DEFAULT 0
      )`);
    await q.query(`INSERT INTO visitor_counter (id, count) VALUES (1, 0)`);

    await q.query(`
      CREATE TABLE otp_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        purpose varchar(20) NOT NULL,
        user_id uuid REFERENCES users(id) ON DELETE CASCADE,
        code_hash varchar(128) NOT NULL,
        expires_at timestamptz NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        consumed_at timestamptz,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX otp_codes_email_live ON otp_codes (email, created_at DESC) WHERE consumed_at IS NULL`);

    await q.query(`
      CREATE TABLE rate_limit_counters (
        key varchar(200) PRIMARY KEY,
        window_start timestamptz NOT NULL,
        count int NOT NULL
      )`);

    await q.query(`
      CREATE TABLE audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        actor_id uuid,
        actor_email varchar(254),
        action varchar(60) NOT NULL,
        entity_type varchar(40) NOT NULL,
        entity_id varchar(100),
        before jsonb,
        after jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_log_created ON audit_log (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['audit_log', 'rate_limit_counters', 'otp_codes', 'visitor_counter', 'team_members', 'contact_submissions', 'registrations', 'events', 'users']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
