import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = path.resolve(here, '../.stack-data');

/** Ports and credentials of the stack the browser tests run against (not the dev defaults). */
export const STACK = {
  apiPort: 4400,
  publicPort: 3400,
  adminPort: 3401,
  smtpPort: 2626,
  dataDir,
  mailDir: path.join(dataDir, 'captured-mail'),
  adminEmail: 'e2e-admin@example.org',
  adminPassword: 'E2e-Admin-Password!',
  publicUrl: 'http://localhost:3400',
  adminUrl: 'http://localhost:3401',
  apiUrl: 'http://localhost:4400',
};
