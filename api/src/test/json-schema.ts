/**
 * A small checker of JSON values against the OpenAPI 3.0 schemas of the REST reference, for tests that
 * hold real answers against the documented shapes. Objects are closed: a property the schema does not
 * name is an error, so a field added to an answer without its schema fails the test.
 */
import type { JsonSchema } from '../openapi/schema';

type Components = Record<string, JsonSchema>;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** The problems of `value` against `schema` (empty when it conforms), each with its JSON path. */
export function schemaProblems(value: unknown, schema: JsonSchema, components: Components, path = '$'): string[] {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = components[name];
    if (!target) return [`${path}: unresolved ${schema.$ref}`];
    return schemaProblems(value, target, components, path);
  }
  if (value === null) {
    // OpenAPI 3.0: null is allowed by `nullable`, also on one of the alternatives of anyOf/oneOf.
    const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
    const allowed = schema.nullable || alternatives.some((s) => schemaProblems(null, s, components, path).length === 0);
    return allowed ? [] : [`${path}: null where ${schema.type ?? 'a value'} is documented`];
  }
  const problems: string[] = [];
  if (schema.allOf) for (const s of schema.allOf) problems.push(...schemaProblems(value, s, components, path));
  if (schema.oneOf) {
    const matching = schema.oneOf.filter((s) => schemaProblems(value, s, components, path).length === 0).length;
    if (matching !== 1) problems.push(`${path}: matches ${matching} of the oneOf alternatives (exactly one expected)`);
  }
  if (schema.anyOf && !schema.anyOf.some((s) => schemaProblems(value, s, components, path).length === 0)) problems.push(`${path}: matches none of anyOf`);
  if (schema.enum && !schema.enum.some((e) => e === value)) problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  const actual = typeOf(value);
  switch (schema.type) {
    case undefined:
      break;
    case 'integer':
      if (actual !== 'number' || !Number.isInteger(value)) problems.push(`${path}: ${JSON.stringify(value)} is not an integer`);
      break;
    case 'number':
    case 'string':
    case 'boolean':
    case 'object':
    case 'array':
      if (actual !== schema.type) problems.push(`${path}: ${actual} where ${schema.type} is documented`);
      break;
  }
  if (problems.length) return problems;
  if (typeof value === 'string') {
    if (schema.format === 'date-time' && !ISO_DATE_TIME.test(value)) problems.push(`${path}: ${value} is not an ISO date-time`);
    if (schema.format === 'uuid' && !UUID.test(value)) problems.push(`${path}: ${value} is not a uuid`);
    if (schema.pattern && !new RegExp(schema.pattern).test(value)) problems.push(`${path}: ${value} does not match ${schema.pattern}`);
    if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`${path}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${path}: longer than ${schema.maxLength}`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${path}: below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${path}: above ${schema.maximum}`);
  }
  if (Array.isArray(value) && schema.items) value.forEach((item, i) => problems.push(...schemaProblems(item, schema.items!, components, `${path}[${i}]`)));
  if (actual === 'object' && (schema.properties || schema.additionalProperties !== undefined)) {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in record)) problems.push(`${path}.${key}: missing (documented as required)`);
    for (const [key, v] of Object.entries(record)) {
      const prop = schema.properties?.[key];
      if (prop) problems.push(...schemaProblems(v, prop, components, `${path}.${key}`));
      else if (typeof schema.additionalProperties === 'object') problems.push(...schemaProblems(v, schema.additionalProperties, components, `${path}.${key}`));
      else if (schema.additionalProperties !== true) problems.push(`${path}.${key}: not documented`);
    }
  }
  return problems;
}
