import type { CodegenConfig } from '@graphql-codegen/cli';

// The API owns the schema (generated from its type-graphql classes, committed at the root).
const schema = '../schema.graphql';

const config: CodegenConfig = {
  schema,
  documents: ['src/**/*.graphql'],
  ignoreNoDocuments: true,
  generates: {
    './src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTimeISO: 'string' },
      },
    },
  },
};

export default config;
