// Starts the whole product as `npm start` does, on its own ports and a fresh data directory,
// with outgoing mail delivered to a real SMTP server that writes each message to a folder.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import stackConfig from './support/stack-config.cjs';

const { STACK } = stackConfig;

const here = path.dirname(fileURLToPath(import.meta.url));
rmSync(STACK.dataDir, { recursive: true, force: true });
mkdirSync(STACK.mailDir, { recursive: true });

let counter = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
      writeFileSync(path.join(STACK.mailDir, `${Date.now()}-${String(++counter).padStart(5, '0')}-${to.replace(/[^a-z0-9@.,_-]/g, '_')}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
smtp.listen(STACK.smtpPort, '127.0.0.1');

const child = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: path.resolve(here, '..'),
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: STACK.dataDir,
    SMTP_URL: `smtp://127.0.0.1:${STACK.smtpPort}`,
    API_PORT: String(STACK.apiPort),
    PUBLIC_PORT: String(STACK.publicPort),
    ADMIN_PORT: String(STACK.adminPort),
    ADMIN_EMAIL: STACK.adminEmail,
    ADMIN_PASSWORD: STACK.adminPassword,
    SEED_DEMO: 'true',
    // The lowest cost allowed outside tests, as the contract run and the soak use: the journeys sign the
    // admin in for nearly every API call they make (~0.4 s of a core each at cost 12 on this machine).
    BCRYPT_COST: process.env.BCRYPT_COST || '10',
    // Warnings and errors only: an access line per request would bury them in the run's output.
    LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
  },
});
const stop = () => {
  child.kill('SIGTERM');
  smtp.close();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  smtp.close();
  process.exit(code ?? 0);
});
