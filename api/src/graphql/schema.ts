import path from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, getMetadataStorage, type NonEmptyArray } from 'type-graphql';
import { modules } from '../modules';
import { ErrorExtensions } from '../common/error.types';

/** Every domain's resolver classes (src/modules.ts); the authorization test checks each of their operations declares access. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers = modules.flatMap((m): Function[] => ('resolvers' in m ? [...m.resolvers] : [])) as unknown as NonEmptyArray<Function>;

/** `ResolverClass.method` behind a root field of the schema (the key of its declared access), if any. */
export function operationKey(kind: 'query' | 'mutation', field: string): string | undefined {
  const storage = getMetadataStorage();
  const meta = (kind === 'query' ? storage.queries : storage.mutations).find((m) => m.schemaName === field && resolvers.includes(m.target));
  return meta && `${meta.target.name}.${meta.methodName}`;
}

/** The committed schema lives at the repository root; CI fails when it drifts. */
export const SCHEMA_FILE = path.resolve(__dirname, '../../../schema.graphql');

export function createSchema(emitFile?: string): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers,
    // Not returned by any operation: it carries the ErrorCode enum into schema.graphql for the apps' codegen.
    orphanedTypes: [ErrorExtensions],
    // Services validate their input (the same rules serve REST); no second pass here.
    validate: false,
    emitSchemaFile: emitFile ? { path: emitFile, sortedSchema: true } : false,
  });
}
