/**
 * JSON schemas (the OpenAPI 3.0 dialect) for the REST reference, and small builders for them.
 *
 * Response shapes are written next to the view functions that produce them (toRestEvent, toRestUser, ...)
 * with `viewSchema<ReturnType<typeof view>>()`, whose property list must name exactly the view's keys, so
 * a field added to or dropped from a view fails the typecheck until its schema says so. Request bodies are
 * not written here at all: they are generated from the class-validator classes the services validate with
 * (openapi/inputs.ts).
 */

export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  example?: unknown;
  default?: unknown;
  [extension: `x-${string}`]: unknown;
}

/** The component name a schema is published under (the document replaces it with a $ref). */
const NAME = Symbol('openapi.schemaName');

/** Publishes a schema as `#/components/schemas/<name>`: every use of this object becomes a $ref to it. */
export function named<S extends JsonSchema>(name: string, schema: S): S {
  Object.defineProperty(schema, NAME, { value: name, enumerable: false });
  return schema;
}
export const schemaName = (schema: JsonSchema): string | undefined => (schema as { [NAME]?: string })[NAME];

export const string = (description?: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...(description ? { description } : {}), ...extra });
export const integer = (description?: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...(description ? { description } : {}), ...extra });
export const number = (description?: string): JsonSchema => ({ type: 'number', ...(description ? { description } : {}) });
export const boolean = (description?: string): JsonSchema => ({ type: 'boolean', ...(description ? { description } : {}) });
export const uuid = (description?: string): JsonSchema => string(description, { format: 'uuid' });
/** A Date as JSON writes it (toISOString). */
export const dateTime = (description?: string): JsonSchema => string(description, { format: 'date-time' });
export const nullable = (schema: JsonSchema): JsonSchema => (schema.$ref || schemaName(schema) ? { allOf: [schema], nullable: true } : { ...schema, nullable: true });
export const arrayOf = (items: JsonSchema, description?: string): JsonSchema => ({ type: 'array', items, ...(description ? { description } : {}) });
export const oneOfValues = (values: readonly string[], description?: string): JsonSchema => string(description, { enum: [...values] });
/** Any JSON value (the OpenAPI 3.0 way to say it: a schema without a type). */
/**
 * A JSON object or array of any shape, or null (an audited record or list of records, a job's input).
 * Typed: `nullable` without a `type` is invalid for tools that turn OpenAPI 3.0 into JSON Schema
 * (Portman's schema checks skipped these answers).
 */
export const anyValue = (description?: string): JsonSchema => ({
  ...(description ? { description } : {}),
  anyOf: [{ type: 'object', additionalProperties: true, nullable: true }, { type: 'array', items: {} }],
});

/** An object with these properties, all of them required unless listed in `optional`. */
export function object(properties: Record<string, JsonSchema>, options: { optional?: readonly string[]; description?: string } = {}): JsonSchema {
  const required = Object.keys(properties).filter((k) => !options.optional?.includes(k));
  return { type: 'object', ...(options.description ? { description: options.description } : {}), properties, ...(required.length ? { required } : {}) };
}

/** Every key of every member of a union (keyof of a union is only the keys they share). */
export type AllKeys<T> = T extends unknown ? keyof T : never;

/**
 * The schema of what a view function returns: `properties` must name exactly the keys of T (the view's
 * return type), no more and no fewer. `optional` names the keys that some answers leave out.
 */
export function viewSchema<T>(
  name: string,
  properties: { [K in AllKeys<T> & string]-?: JsonSchema },
  options: { optional?: ReadonlyArray<AllKeys<T> & string>; description?: string } = {},
): JsonSchema {
  return named(name, object(properties as Record<string, JsonSchema>, options));
}

// ---------- the REST envelopes ----------

export const MESSAGE: JsonSchema = string('What happened, in words for the person (English)');
export const SUCCESS: JsonSchema = { type: 'boolean', enum: [true] };

/** `{ success: true, ...fields }`. */
export const ok = (fields: Record<string, JsonSchema>, options: { optional?: readonly string[]; description?: string } = {}): JsonSchema =>
  object({ success: SUCCESS, ...fields }, options);
/** `{ success: true, data }`. */
export const okData = (data: JsonSchema, fields: Record<string, JsonSchema> = {}): JsonSchema => ok({ data, ...fields });
/** `{ success: true, message, data }`. */
export const okMessageData = (data: JsonSchema, fields: Record<string, JsonSchema> = {}): JsonSchema => ok({ message: MESSAGE, ...fields, data });
/** A page of a list: `{ success: true, data: [...], total, offset, limit }`. */
export const okPage = (item: JsonSchema): JsonSchema =>
  ok({
    data: arrayOf(item),
    total: integer('How many items match, over all pages'),
    offset: integer('How many matching items were skipped'),
    limit: integer('The page size used'),
  });

export const REF_ID = named('IdRef', object({ _id: uuid(), id: uuid() }, { description: 'The id of the record concerned, twice (`_id` is the legacy name)' }));
/** `{ success: true, message, data: { _id, id } }`: what a delete answers. */
export const DELETED = named('Deleted', okMessageData(REF_ID));
export const MESSAGE_ONLY = named('Message', ok({ message: MESSAGE }));
export const COUNT = named('Count', ok({ count: integer() }));
export const BINARY: JsonSchema = string(undefined, { format: 'binary' });

// ---------- content written in several languages ----------

/**
 * The `translations` object of a REST record (i18n/translations.ts restText): every language, each with
 * every text field as written there (null where that language has none).
 */
export function translationsSchema(name: string, languages: readonly string[], fields: readonly string[]): JsonSchema {
  const texts = object(Object.fromEntries(fields.map((f) => [f, nullable(string())])));
  return named(name, object(Object.fromEntries(languages.map((l) => [l, texts])), { description: 'Every language as written (no fallback), English first' }));
}

/** A path parameter that is a record's id. */
export const idParam = (description: string) => ({ description, schema: uuid() });
