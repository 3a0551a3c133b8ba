import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * One code generation config for both apps: typed documents for each app's colocated operations,
 * from the schema the API emits (schema.graphql). CI regenerates and fails on drift.
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

const config: CodegenConfig = {
  schema: 'schema.graphql',
  ignoreNoDocuments: true,
  generates: {
    'public-site/src/gql/': clientTypes('public-site'),
    'admin-portal/src/gql/': clientTypes('admin-portal'),
  },
};

export default config;
