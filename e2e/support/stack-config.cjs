const path = require('node:path');

const dataDir = path.resolve(__dirname, '../.stack-data');

/** Ports and credentials of the stack the browser tests run against (not the dev defaults). */
const STACK = {
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

module.exports = { STACK };
