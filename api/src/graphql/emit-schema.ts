import 'reflect-metadata';
import { createSchema, SCHEMA_FILE } from './schema';

/** Writes schema.graphql at the repository root from the type-graphql classes. */
createSchema(process.argv[2] ?? SCHEMA_FILE)
  .then(() => console.log(`schema written to ${process.argv[2] ?? SCHEMA_FILE}`))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
