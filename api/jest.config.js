/** API tests run on a real database: embedded PGlite, or Postgres when TEST_DATABASE_URL is set. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/__tests__/**/*.test.ts'],
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
