import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { createApp } from './app';
import { createLogger } from './common/logger';
import { ConfigError, loadConfig } from './config/env';
import { ensureAdminAccount } from './db/bootstrap-admin';
import { openDatabase } from './db/data-source';
import { seedDemoData } from './db/seed';
import { createServices } from './services';

/** config → database (migrated) → admin account and demo seed → app → listen → graceful shutdown. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = await openDatabase({ url: config.databaseUrl, embeddedDir: path.join(config.dataDir, 'pgdata') });
  logger.info(`database ready (${db.kind === 'pglite' ? `embedded, ${path.join(config.dataDir, 'pgdata')}` : 'postgres'})`);
  const services = createServices({ dataSource: db.dataSource, config, logger });
  if (await ensureAdminAccount(db.dataSource, config.adminEmail, config.adminPassword)) logger.info(`admin account created for ${config.adminEmail}`);
  if (config.seedDemo && (await seedDemoData(services))) logger.info('demo events and team seeded');
  const { handler, stop } = await createApp(config, db.dataSource, services, logger);

  const server: Server = createServer(handler).listen(config.apiPort, () => {
    logger.info(`API listening on http://localhost:${config.apiPort} (GraphQL /graphql, REST /api)`);
    if (config.nodeEnv !== 'production') {
      logger.info(`admin sign-in: ${config.adminEmail} / ${config.adminPasswordIsDefault ? config.adminPassword : '(ADMIN_PASSWORD)'}`);
    }
  });
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: finishing requests in flight`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server.close(async () => {
      await stop().catch(() => undefined);
      // Confirmation mails queued after commit still go out before the database closes.
      await services.mail.idle().catch(() => undefined);
      await db.close().catch(() => undefined);
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('API failed to start:', err);
  process.exit(1);
});
