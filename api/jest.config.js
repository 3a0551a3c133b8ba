/**
 * API tests run on a real database: embedded PGlite, or Postgres when TEST_DATABASE_URL is set.
 *
 * The slow suites (races and storms, throughput and latency figures, the SIGTERM, database-outage and
 * malformed-request resilience runs, backups) are kept out of the everyday `npm test`; `npm run test:slow`
 * runs them alone and `.ci/run` runs both, on both databases. JEST_SUITES=fast|slow|all picks the set.
 */
const SLOW = [
  '\\.race\\.test\\.ts$',
  '-throughput\\.test\\.ts$',
  '-latency\\.test\\.ts$',
  '/resilience/(sigterm|database-outage|malformed-requests)\\.test\\.ts$',
  '/ops/__tests__/backup\\.test\\.ts$',
];
const suites = process.env.JEST_SUITES || 'fast';
if (!['fast', 'slow', 'all'].includes(suites)) throw new Error('JEST_SUITES must be fast, slow or all');

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  ...(suites === 'slow' ? { testRegex: SLOW } : { testMatch: ['**/__tests__/**/*.test.ts'] }),
  testPathIgnorePatterns: ['/node_modules/', ...(suites === 'fast' ? SLOW : [])],
  transform: {
    '^.+\\.ts$': ['@swc/jest', {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    }],
  },
  setupFiles: ['reflect-metadata'],
  testTimeout: 30000,
};
