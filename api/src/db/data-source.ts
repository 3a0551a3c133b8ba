import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';
import type { Logger } from '../common/logger';
import { ChangeFeed } from './change-feed';
import { entities, migrations } from './entities';
import { statementCountingLogger } from './statement-counter';

export interface DatabaseOptions {
  /** Postgres URL; when absent the embedded PGlite database under dataDir is used. */
  url?: string;
  /** Directory for the embedded database; 'memory://' keeps it in memory (tests). */
  embeddedDir?: string;
  poolSize?: number;
  /** A PGlite data-directory dump to start from (tests start from a migrated snapshot). */
  loadDataDir?: Blob;
  /** Where the change feed reports a lost LISTEN connection. */
  logger?: Logger;
}

export interface Database {
  dataSource: DataSource;
  kind: 'postgres' | 'pglite';
  /** The Postgres URL, when kind is postgres. */
  url?: string;
  /** The embedded engine, when kind is pglite. */
  pglite?: import('@electric-sql/pglite').PGlite;
  /** Committed writes' topics, heard from every process on this database (see change-feed.ts). */
  changes: ChangeFeed;
  close(): Promise<void>;
}

/** Connects, runs pending migrations, and returns the data source. Schema changes only through migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const dataSource = new DataSource({
      type: 'postgres',
      url: options.url,
      entities,
      migrations,
      synchronize: false,
      migrationsRun: false,
      logger: statementCountingLogger,
      extra: {
        max: options.poolSize ?? 20,
        connectionTimeoutMillis: 3000,
        // Bound every statement so a stuck database answers 503 instead of hanging requests.
        statement_timeout: 10_000,
        // Client-side bound too: statement_timeout cannot fire when the network, not the query, is stuck.
        query_timeout: 12_000,
        // A session left inside a transaction (its client vanished) releases its locks and rolls back.
        idle_in_transaction_session_timeout: 15_000,
        // Idle clients are closed (and reconnected on demand), so a pool never sits on many stale sockets;
        // TCP keep-alive notices a peer that went away silently. Broken clients are dropped by pg-pool
        // (TypeORM releases them with their error; an idle client's error removes it).
        idleTimeoutMillis: 10_000,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      },
    });
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    const changes = new ChangeFeed(dataSource, options.url, options.logger);
    await changes.start();
    return {
      dataSource,
      kind: 'postgres',
      url: options.url,
      changes,
      close: async () => {
        await changes.stop();
        await dataSource.destroy();
      },
    };
  }

  // PGlite runs the real Postgres engine in-process; its node-postgres adapter gives TypeORM
  // a genuine single connection, so transactions are isolated (one at a time).
  const { PGlite } = await import('@electric-sql/pglite');
  const { uuid_ossp } = await import('@electric-sql/pglite/contrib/uuid_ossp');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  const dir = options.embeddedDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const pglite = await PGlite.create(dir.startsWith('memory://') ? undefined : dir, { extensions: { uuid_ossp }, loadDataDir: options.loadDataDir });
  const pgConfig = createPgConfig(pglite);
  const dataSource = new DataSource({
    type: 'postgres',
    entities,
    migrations,
    synchronize: false,
    logger: statementCountingLogger,
    extra: { ...pgConfig, connection: pgConfig.connection, max: 1 },
  });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return {
    dataSource,
    kind: 'pglite',
    pglite: pglite as unknown as Database['pglite'],
    // One process owns the embedded database: its own commits are all there is to hear.
    changes: new ChangeFeed(dataSource, undefined, options.logger),
    close: async () => {
      await dataSource.destroy();
      await pglite.close();
    },
  };
}
