// One lint configuration for every workspace: TypeScript's recommended rules, React hooks rules for the
// two apps, and a ban on the imports that would break the architecture's boundaries.
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', '**/src/gql/**', 'e2e/artifacts/**', 'e2e/.stack-data*/**', '**/coverage/**'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['api/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      // Services hold the rules; transports never import each other.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/*.resolver', '**/*.rest'], message: 'Import services, not resolvers or REST handlers.' }] }],
    },
  },
  {
    files: ['api/**/*.resolver.ts', 'api/**/*.rest.ts', 'api/**/*.module.ts', 'api/src/modules.ts', 'api/src/rest/**', 'api/src/graphql/**', 'api/src/app.ts', 'api/**/__tests__/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['public-site/**/*.{ts,tsx}', 'admin-portal/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/api/src/**', '../../api/**'], message: 'The apps share only schema.graphql with the API.' }] }],
    },
  },
  {
    // The page server: Node only, and no import of the apps' or the API's sources (it loads the built renderer).
    files: ['site-server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/api/src/**', '**/public-site/src/**', '**/admin-portal/src/**'], message: 'The site server loads the built renderer (dist-ssr), never the sources.' }] }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', 'e2e/**/*.ts', '**/scripts/**', '**/*.config.*', '**/jest.*'],
    languageOptions: { globals: globals.node },
  },
);
