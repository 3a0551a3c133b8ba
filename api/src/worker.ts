import 'reflect-metadata';
import path from 'node:path';
import { createLogger } from './common/logger';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/data-source';
import { createServices } from './services';

/**
 * `npm run worker`: the background job queue (reminders, waitlist offers, queued mails) in a process of
 * its own, for deployments that run several API replicas with JOBS_WORKER=false. It needs Postgres: the
 * embedded database belongs to the API process, which works the queue itself.
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, { name: 'worker' });
  if (!config.databaseUrl) {
    console.error('npm run worker needs DATABASE_URL (Postgres). With the embedded database the API process works the queue itself.');
    process.exit(1);
  }
  const db = await openDatabase({ url: config.databaseUrl, embeddedDir: path.join(config.dataDir, 'pgdata'), logger });
  const services = createServices({ dataSource: db.dataSource, config, logger, serving: false });
  await services.jobs.start({ work: true });
  logger.info('worker: working the background job queue');
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: finishing the jobs in hand`);
    await services.jobs.stop();
    await services.certificateRenderer.close().catch(() => undefined);
    await services.mail.idle().catch(() => undefined);
    services.mail.close();
    await db.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('worker failed to start:', err);
  process.exit(1);
});
