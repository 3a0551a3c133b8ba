/**
 * Every operation the API offers, enumerated from the built schema (plus type-graphql's metadata) and
 * from the REST route table, for tests that must walk all of them (authorization, cache invalidation).
 */
import {
  getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isObjectType, isScalarType,
  type GraphQLField, type GraphQLInputType, type GraphQLSchema,
} from 'graphql';
import type { AccessLevel } from '../common/access';
import { graphqlAccess } from '../graphql/access';
import { operationKey } from '../graphql/schema';
import type { RouteDef } from '../rest/route';
import { restRoutes } from '../rest/routes';

export const DUMMY_ID = '00000000-0000-4000-8000-000000000000';

export interface GqlOperation {
  kind: 'query' | 'mutation';
  name: string;
  /** `ResolverClass.method`, the key of its declared access. */
  key: string;
  access: AccessLevel | undefined;
  field: GraphQLField<unknown, unknown>;
}

/** A value of the type that passes GraphQL's own checks (the services may still refuse it). */
export function dummyValue(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return dummyValue(type.ofType);
  if (isListType(type)) return [dummyValue(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0].name;
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) if (isNonNullType(f.type) && f.defaultValue === undefined) out[f.name] = dummyValue(f.type);
    return out;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'ID': return DUMMY_ID;
      case 'Int': case 'Float': return 1;
      case 'Boolean': return true;
      case 'DateTimeISO': return '2026-01-01T00:00:00.000Z';
      default: return 'x';
    }
  }
  return null;
}

/** Every query and mutation of the schema, with the resolver method behind it and its declared access. */
export function graphqlOperations(schema: GraphQLSchema): GqlOperation[] {
  const out: GqlOperation[] = [];
  for (const [kind, root] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const key = operationKey(kind, field.name) ?? `?.${field.name}`;
      out.push({ kind, name: field.name, key, access: graphqlAccess.get(key), field });
    }
  }
  return out;
}

/** A document calling the operation with dummy values for its required arguments. */
export function probeDocument(op: GqlOperation): { query: string; variables: Record<string, unknown> } {
  const required = op.field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
  const variables = Object.fromEntries(required.map((a) => [a.name, dummyValue(a.type)]));
  const decl = required.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = required.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isObjectType(getNamedType(op.field.type)) ? ' { __typename }' : '';
  return { query: `${op.kind} Probe${decl ? `(${decl})` : ''} { ${op.name}${args ? `(${args})` : ''}${selection} }`, variables };
}

/** A route's path under /api with every parameter filled with DUMMY_ID. */
export const concretePath = (path: string) => `/api${path.replace(/:[A-Za-z_]+/g, DUMMY_ID)}`;

/** How a REST route is named in test tables: `DELETE /api/events/:id`. */
export const restRouteName = (def: Pick<RouteDef, 'method' | 'path'>) => `${def.method.toUpperCase()} /api${def.path}`;

/** Every route that may write: any method but GET. */
export const mutatingRestRoutes = (): RouteDef[] => restRoutes.filter((r) => r.method !== 'get');
