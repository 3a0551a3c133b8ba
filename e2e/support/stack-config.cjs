const path = require('node:path');

/** E2E_PORT_OFFSET moves every port, so that two checkouts (or two parts of one run) can run their journeys side by side. */
const offset = Number(process.env.E2E_PORT_OFFSET || 0);
if (!Number.isInteger(offset) || offset < 0 || offset > 1000) throw new Error('E2E_PORT_OFFSET must be a whole number from 0 to 1000');

/** Each stack's own data directory and mail folder (e2e/.stack-data-<offset>): the stack and the tests of one offset share them. */
const dataDir = path.resolve(__dirname, `../.stack-data-${offset}`);

/** Ports and credentials of the stack the browser tests run against (not the dev defaults). */
const STACK = {
  apiPort: 4400 + offset,
  publicPort: 3400 + offset,
  adminPort: 3401 + offset,
  smtpPort: 2626 + offset,
  dataDir,
  mailDir: path.join(dataDir, 'captured-mail'),
  adminEmail: 'e2e-admin@example.org',
  adminPassword: 'E2e-Admin-Password!',
  publicUrl: `http://localhost:${3400 + offset}`,
  adminUrl: `http://localhost:${3401 + offset}`,
  apiUrl: `http://localhost:${4400 + offset}`,
};

module.exports = { STACK };
