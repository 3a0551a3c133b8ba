import { existsSync, readFileSync } from 'node:fs';
import type { CodegenConfig } from '@graphql-codegen/cli';

// The API owns ../schema.graphql. Until it carries the admin operations (adminMe is the marker),
// codegen runs against ./schema.draft.graphql: the public schema plus the admin contract the API
// team is implementing. Set ADMIN_SCHEMA=draft|api to force one.
const real = '../schema.graphql';
const realHasAdmin = existsSync(real) && /\badminMe\b/.test(readFileSync(real, 'utf8'));
const choice = process.env.ADMIN_SCHEMA ?? (realHasAdmin ? 'api' : 'draft');
const schema = choice === 'api' ? real : choice === 'draft' ? './schema.draft.graphql' : choice;
console.log(`admin-portal codegen: schema ${schema}`);

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
        scalars: { DateTimeISO: 'string', JSON: 'unknown' },
      },
    },
  },
};

export default config;
