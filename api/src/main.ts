import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import net from 'node:net';
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
  const db = await openDatabase({ url: config.databaseUrl, embeddedDir: path.join(config.dataDir, 'pgdata'), logger });
  logger.info(`database ready (${db.kind === 'pglite' ? `embedded, ${path.join(config.dataDir, 'pgdata')}` : 'postgres'})`);
  const services = createServices({ dataSource: db.dataSource, config, logger });
  if (await ensureAdminAccount(db.dataSource, config.adminEmail, config.adminPassword, config.bcryptCost)) logger.info(`admin account created for ${config.adminEmail}`);
  if (config.seedDemo && (await seedDemoData(services))) logger.info('demo events and team seeded');
  const app = await createApp(config, db.dataSource, services, logger);
  // Reminders, offers and cancellation mails: worked here unless a separate `npm run worker` does it.
  await services.jobs.start({ work: config.jobsWorker });
  if (config.jobsWorker) logger.info('background jobs: worked by this process (JOBS_WORKER=false when npm run worker runs them)');
  // Events written before reminders existed (or seeded) get their reminder job.
  await services.reminders.scheduleMissing().catch((err) => logger.warn('could not schedule the missing event reminders', { reason: (err as Error)?.message }));
  await services.feedback.scheduleMissing().catch((err) => logger.warn('could not schedule the missing feedback mails', { reason: (err as Error)?.message }));

  let draining = false;
  const server: Server = createServer((req, res) => {
    // While draining, every answer closes its connection, so keep-alive clients cannot hold the server open.
    if (draining) res.setHeader('Connection', 'close');
    app.handler(req, res);
  }).listen(config.apiPort, () => {
    logger.info(`API listening on http://localhost:${config.apiPort} (GraphQL /graphql, REST /api)`);
    if (config.nodeEnv !== 'production') {
      logger.info(`admin sign-in: ${config.adminEmail} / ${config.adminPasswordIsDefault ? config.adminPassword : '(ADMIN_PASSWORD)'}`);
    }
  });
  server.keepAliveTimeout = 65_000;
  // Requests Node itself rejects (oversized headers, garbage) get the documented error shape too.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const [status, reason, code, message] =
      err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large', 'PAYLOAD_TOO_LARGE', 'Request headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout', 'VALIDATION', 'The request took too long to arrive']
      : [400, 'Bad Request', 'VALIDATION', 'Malformed request'];
    const body = JSON.stringify({ success: false, code, msg: message, message, error: message });
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    draining = true;
    app.drain();
    logger.info(`${signal}: draining (readiness 503), finishing requests in flight`);
    const force = setTimeout(() => {
      logger.error('requests still running after 15 s; exiting anyway');
      process.exit(1);
    }, 15_000);
    force.unref();
    // Let a load balancer see /readyz fail before the listener goes away.
    if (config.shutdownGraceMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs));
    // Stop accepting. (net's close, not http's: http's would also drop connections accepted a moment ago
    // whose request has not been parsed yet, and their clients would see a reset instead of an answer.)
    // Timers run before I/O in each loop turn: after a busy stretch, connections already waiting in the
    // kernel's accept queue are accepted (poll phase) before the listener closes (check phase).
    await new Promise((resolve) => setImmediate(resolve));
    logger.info('listener closing: new connections are refused');
    const sweep = setInterval(() => server.closeIdleConnections(), 250);
    net.Server.prototype.close.call(server, async () => {
      clearInterval(sweep);
      await app.stop().catch(() => undefined);
      await services.jobs.stop().catch(() => undefined);
      await services.certificateRenderer.close().catch(() => undefined);
      // Confirmation mails queued after commit still go out before the database closes.
      await services.mail.idle().catch(() => undefined);
      services.mail.close();
      await db.close().catch(() => undefined);
      logger.info('stopped');
      process.exit(0);
    });
    // Connections still open are either answering (their answer closes them) or idle keep-alives, which
    // the sweep closes; a request already arriving on one is given a moment to be parsed first.
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('API failed to start:', err);
  process.exit(1);
});
