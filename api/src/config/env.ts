import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The one reader of process.env: parsed, typed and checked once at start-up. */
export interface Config {
  nodeEnv: 'production' | 'development' | 'test';
  apiPort: number;
  publicPort: number;
  adminPort: number;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  adminEmail: string;
  adminPassword: string;
  adminPasswordIsDefault: boolean;
  publicOrigin: string;
  adminOrigin: string;
  seedDemo: boolean;
  trustProxy: boolean;
  /** LOG_LEVEL: fatal, error, warn, info (default), debug, trace or silent. */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** METRICS_TOKEN: GET /metrics answers (Prometheus text) only with `Authorization: Bearer <token>`; unset, /metrics is 404. */
  metricsToken: string | undefined;
  /** bcrypt cost: BCRYPT_COST, at least 10 outside tests (4 keeps the test suite fast). */
  bcryptCost: number;
  /** SHUTDOWN_GRACE_MS: after SIGTERM, how long /readyz answers 503 while new connections are still accepted (so a load balancer can stop routing) before the listener closes. */
  shutdownGraceMs: number;
  /** SQL_STATEMENT_HEADER: add X-SQL-Statements and Server-Timing to every response (benchmarks). */
  sqlStatementHeader: boolean;
  /** Whether this API process also works the background job queue (off when `npm run worker` runs apart). */
  jobsWorker: boolean;
  /** How long before an event its reminder mails go out. */
  reminderLeadHours: number;
  /** MAIL_QUEUE_CONCURRENCY: queued mails one process sends at once (and its SMTP connections for them); default 4. */
  mailQueueConcurrency: number;
  /** MAIL_QUEUE_TIMEOUT_MS: how long a queued mail's send may take in all (default 60000; under the queue's 120 s claim). */
  mailQueueTimeoutMs: number;
  /**
   * CERTIFICATE_RENDER_THREADS: worker threads that draw certificate PDFs, off the event loop (started when
   * needed, gone when idle); default one less than the cores, at most 2, at least 1. 0 draws them on the
   * event loop (tests).
   */
  certificateRenderThreads: number;
  /** API_KEY_RATE_LIMIT: requests per minute per API key, across replicas (default 600). */
  apiKeyRateLimit: number;
  /**
   * MESSAGE_RECIPIENTS_PER_HOUR: people one admin may message in an hour, across messages (default 2000).
   * Counted in people, not messages: a mistake's harm is the number of inboxes it reaches, and one
   * mistaken message to everyone is the mistake to stop.
   */
  messageRecipientsPerHour: number;
  /** WEBHOOK_ALLOW_PRIVATE: let webhook endpoints be http and resolve to loopback/private addresses (tests, local use only). */
  webhookAllowPrivate: boolean;
}

export class ConfigError extends Error {}

const DEFAULT_ADMIN_EMAIL = 'admin@example.org';
const DEFAULT_ADMIN_PASSWORD = 'ChangeMe!2026';

function port(name: string, value: string | undefined, fallback: number, problems: string[]): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) problems.push(`${name} must be a port number (got "${value}")`);
  return n;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** JWT secret outside production: generated once and kept in DATA_DIR so tokens survive restarts. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const dataDir = path.resolve(env.DATA_DIR || './.data');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) problems.push('SMTP_URL must start with smtp:// or smtps://');

  let jwtSecret = env.JWT_SECRET || '';
  if (jwtSecret && Buffer.byteLength(jwtSecret) < 32) problems.push('JWT_SECRET must be at least 32 bytes');
  if (!jwtSecret) {
    if (nodeEnv === 'production') problems.push('JWT_SECRET is required when NODE_ENV=production');
    else jwtSecret = localSecret(dataDir);
  }

  const adminEmail = (env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const adminPassword = env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD;
  const adminPasswordIsDefault = !env.ADMIN_PASSWORD;
  if (nodeEnv === 'production' && adminPasswordIsDefault) problems.push('ADMIN_PASSWORD is required when NODE_ENV=production');
  if (adminPassword.length < 8) problems.push('ADMIN_PASSWORD must be at least 8 characters');

  const apiPort = port('API_PORT', env.API_PORT, 4000, problems);
  const publicPort = port('PUBLIC_PORT', env.PUBLIC_PORT, 3000, problems);
  const adminPort = port('ADMIN_PORT', env.ADMIN_PORT, 3001, problems);

  const bcryptCost = env.BCRYPT_COST ? Number(env.BCRYPT_COST) : nodeEnv === 'test' ? 4 : 12;
  if (!Number.isInteger(bcryptCost) || bcryptCost < (nodeEnv === 'test' ? 4 : 10) || bcryptCost > 15) problems.push('BCRYPT_COST must be a whole number from 10 to 15');

  const reminderLeadHours = env.REMINDER_LEAD_HOURS ? Number(env.REMINDER_LEAD_HOURS) : 24;
  if (!Number.isInteger(reminderLeadHours) || reminderLeadHours < 1 || reminderLeadHours > 336) problems.push('REMINDER_LEAD_HOURS must be a whole number of hours from 1 to 336');
  const apiKeyRateLimit = env.API_KEY_RATE_LIMIT ? Number(env.API_KEY_RATE_LIMIT) : 600;
  if (!Number.isInteger(apiKeyRateLimit) || apiKeyRateLimit < 1 || apiKeyRateLimit > 1_000_000) problems.push('API_KEY_RATE_LIMIT must be a whole number of requests a minute from 1 to 1000000');
  const messageRecipientsPerHour = env.MESSAGE_RECIPIENTS_PER_HOUR ? Number(env.MESSAGE_RECIPIENTS_PER_HOUR) : 2000;
  if (!Number.isInteger(messageRecipientsPerHour) || messageRecipientsPerHour < 1 || messageRecipientsPerHour > 1_000_000) problems.push('MESSAGE_RECIPIENTS_PER_HOUR must be a whole number of people from 1 to 1000000');
  const shutdownGraceMs = env.SHUTDOWN_GRACE_MS ? Number(env.SHUTDOWN_GRACE_MS) : 0;
  if (!Number.isInteger(shutdownGraceMs) || shutdownGraceMs < 0 || shutdownGraceMs > 60_000) problems.push('SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 0 to 60000');

  const mailQueueConcurrency = env.MAIL_QUEUE_CONCURRENCY ? Number(env.MAIL_QUEUE_CONCURRENCY) : 4;
  if (!Number.isInteger(mailQueueConcurrency) || mailQueueConcurrency < 1 || mailQueueConcurrency > 32) problems.push('MAIL_QUEUE_CONCURRENCY must be a whole number from 1 to 32');
  const mailQueueTimeoutMs = env.MAIL_QUEUE_TIMEOUT_MS ? Number(env.MAIL_QUEUE_TIMEOUT_MS) : 60_000;
  if (!Number.isInteger(mailQueueTimeoutMs) || mailQueueTimeoutMs < 1000 || mailQueueTimeoutMs > 110_000) problems.push('MAIL_QUEUE_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 110000');
  const certificateRenderThreads = env.CERTIFICATE_RENDER_THREADS ? Number(env.CERTIFICATE_RENDER_THREADS) : Math.max(1, Math.min(2, os.availableParallelism() - 1));
  if (!Number.isInteger(certificateRenderThreads) || certificateRenderThreads < 0 || certificateRenderThreads > 16) problems.push('CERTIFICATE_RENDER_THREADS must be a whole number from 0 to 16');

  const logLevel = (env.LOG_LEVEL || 'info').toLowerCase() as Config['logLevel'];
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) problems.push('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken && (metricsToken.length < 16 || /\s/.test(metricsToken))) problems.push('METRICS_TOKEN must be at least 16 characters, without spaces');

  if (problems.length) throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  return {
    nodeEnv,
    apiPort,
    publicPort,
    adminPort,
    databaseUrl,
    dataDir,
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'Gyan Jyoti Education Mission <no-reply@gyanjyoti.local>',
    jwtSecret,
    adminEmail,
    adminPassword,
    adminPasswordIsDefault,
    publicOrigin: env.PUBLIC_ORIGIN || `http://localhost:${publicPort}`,
    adminOrigin: env.ADMIN_ORIGIN || `http://localhost:${adminPort}`,
    seedDemo: bool(env.SEED_DEMO, !databaseUrl),
    trustProxy: bool(env.TRUST_PROXY, false),
    logLevel,
    metricsToken,
    bcryptCost,
    shutdownGraceMs,
    sqlStatementHeader: bool(env.SQL_STATEMENT_HEADER, false),
    jobsWorker: bool(env.JOBS_WORKER, true),
    reminderLeadHours,
    mailQueueConcurrency,
    mailQueueTimeoutMs,
    certificateRenderThreads,
    apiKeyRateLimit,
    messageRecipientsPerHour,
    webhookAllowPrivate: bool(env.WEBHOOK_ALLOW_PRIVATE, false),
  };
}
