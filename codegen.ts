import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * One code generation config for both apps: typed documents for each app's colocated operations,
 * and the API's error codes as values (src/gql/error-codes.ts), from the schema the API emits
 * (schema.graphql). CI regenerates and fails on drift.
 */
const clientTypes = (app: 'public-site' | 'admin-portal') => ({
  documents: [`${app}/src/**/*.graphql`],
  preset: 'client' as const,
  presetConfig: { fragmentMasking: false },
  config: {
    useTypeImports: true,
    enumsAsTypes: true,
    scalars: { DateTimeISO: 'string' },
  },
});

/** The client preset emits an enum only as a type and only when an operation uses it. */
const errorCodes = { plugins: ['./scripts/codegen-enum-values.cjs'], config: { enums: ['ErrorCode'] } };

const config: CodegenConfig = {
  schema: 'schema.graphql',
  ignoreNoDocuments: true,
  generates: {
    'public-site/src/gql/': clientTypes('public-site'),
    'admin-portal/src/gql/': clientTypes('admin-portal'),
    'public-site/src/gql/error-codes.ts': errorCodes,
    'admin-portal/src/gql/error-codes.ts': errorCodes,
  },
};

export default config;
