import type { AccessLevel } from '../common/access';
import { httpStatusOf, type ErrorCode } from '../common/errors';
import { LANGUAGES } from '../i18n/languages';
import type { InputClass, QueryParamDoc, RouteDef, RouteDoc } from '../rest/route';
import { COMPONENT_PREFIX, InputSchemas } from './inputs';
import { object, oneOfValues, schemaName, string, type JsonSchema } from './schema';
import { ROUTE_TAGS } from './tags';
import { webhookDocs } from '../webhooks/webhook.openapi';

/**
 * The OpenAPI 3 document of the REST adapter, built from the route table (rest/routes.ts) when the
 * router is made: every route carries its RouteDoc, request bodies reference the class-validator
 * classes the services validate with (openapi/inputs.ts), responses the schemas written beside the
 * view functions. Served at GET /api/openapi.json and shown at GET /api/docs.
 */

export type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  servers: Array<{ url: string; description?: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, Operation>>;
  /** The webhook payloads (OpenAPI 3.1's `webhooks`, under an extension in 3.0). */
  'x-webhooks': Record<string, unknown>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, Record<string, unknown>>;
    responses: Record<string, Record<string, unknown>>;
    parameters: Record<string, Record<string, unknown>>;
  };
};

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  'x-access': AccessLevel;
  /** The API key scope that opens the operation to keys (docs/integrators.md). */
  'x-api-key-scope'?: string;
  parameters?: Array<Record<string, unknown>>;
  requestBody?: { required: boolean; description?: string; content: Record<string, { schema: JsonSchema; encoding?: Record<string, unknown> }> };
  responses: Record<string, Record<string, unknown>>;
}

/** An operation that declares an API key scope also takes a key (with that scope); a public one still takes nothing. */
export function securityOf(access: AccessLevel, scope: string | undefined): Array<Record<string, string[]>> {
  if (!scope) return SECURITY_OF[access];
  return [...(access === 'public' ? [{}] : SECURITY_OF[access]), { apiKey: [] }];
}

/** Which bearer tokens each access level takes (common/access.ts). */
export const SECURITY_OF: Record<AccessLevel, Array<Record<string, string[]>>> = {
  public: [],
  user: [{ userToken: [] }, { adminToken: [] }],
  teacher: [{ teacherToken: [] }, { adminToken: [] }],
  admin: [{ adminToken: [] }],
};

const SECURITY_SCHEMES = {
  userToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A person\'s token, from a sign-in or registration call of the Accounts section (valid 7 days). `Authorization: Bearer <token>`.',
  },
  teacherToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The token of a teacher account (category `primary`) an admin approved; a pending teacher gets 403.',
  },
  adminToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An admin token, from POST /api/admin/login or /api/auth/adminlogin (valid 8 hours). It is accepted wherever a person\'s token is.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'gjk_ API key',
    description: 'An integrator\'s API key (`gjk_` + 43 characters), made by an admin (POST /api/admin/api-keys). It opens only the operations that name one of its scopes (`x-api-key-scope`; events:read, registrations:read, attendance:write, certificates:read, messages:write): 403 elsewhere, 401 when unknown, revoked or expired, 429 past 600 requests a minute. See docs/integrators.md.',
  },
};

/** Express `:id` → OpenAPI `{id}`, under /api. */
export const openApiPath = (expressPath: string) => `/api${expressPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')}`;
const pathParams = (expressPath: string) => [...expressPath.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);

function operationId(def: RouteDef): string {
  const words = `${def.path}${def.path.endsWith('/') ? ' slash' : ''}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return def.method + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

const ERROR_CODES = Object.keys(httpStatusOf) as ErrorCode[];
const codesWithStatus = (status: number) => ERROR_CODES.filter((c) => httpStatusOf[c] === status);

const ERROR_SCHEMA = object(
  {
    success: { type: 'boolean', enum: [false] },
    code: string('What went wrong, for programs (see the status of each code in the description)', { enum: ERROR_CODES }),
    msg: string('The message for the person (the same text under three names the older clients read)'),
    message: string('The same message'),
    error: string('The same message'),
    fields: { type: 'object', description: 'VALIDATION: the message of each field that failed (dotted paths for nested fields)', additionalProperties: { type: 'string' } },
  },
  {
    optional: ['fields'],
    description: `Every error answer. Codes and statuses: ${ERROR_CODES.map((c) => `${c} ${httpStatusOf[c]}`).join(', ')}. 429 answers carry Retry-After (seconds).`,
  },
);

const ERROR_RESPONSES: Record<string, { description: string; codes: ErrorCode[] }> = {
  '400': { description: 'The request is malformed or a field is invalid (`fields` says which)', codes: codesWithStatus(400) },
  '401': { description: 'No token, or one that is invalid, expired or revoked', codes: ['UNAUTHENTICATED'] },
  '403': { description: 'The token does not give this access', codes: ['FORBIDDEN'] },
  '404': { description: 'No such record (or route)', codes: ['NOT_FOUND'] },
  '409': { description: 'The request conflicts with the current state', codes: codesWithStatus(409) },
  '413': { description: 'The body or file is too large (JSON bodies 100 KB, images 5 MB)', codes: ['PAYLOAD_TOO_LARGE'] },
  '429': { description: 'Too many attempts: wait the seconds in Retry-After', codes: ['RATE_LIMITED'] },
  '5XX': { description: 'A failure on the server\'s side: INTERNAL (500), or DATABASE_UNAVAILABLE / MAIL_UNAVAILABLE (503: try again shortly)', codes: ['INTERNAL', 'DATABASE_UNAVAILABLE', 'MAIL_UNAVAILABLE'] },
};
const responseName = (status: string) => `Error${status}`;

/**
 * An example message of each code, for the example answers of the error responses (each status shows
 * its own codes: without examples, Swagger UI drew every error from the schema's first code, VALIDATION).
 */
const ERROR_EXAMPLE_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION: 'Please enter a valid email address',
  UNSUPPORTED_MEDIA: 'Please upload a JPEG, PNG or WebP image',
  UNAUTHENTICATED: 'Please sign in to continue',
  FORBIDDEN: 'You do not have permission to do this',
  NOT_FOUND: 'Event not found',
  CONFLICT: 'An account with this email already exists',
  EVENT_FULL: 'This event is full',
  EVENT_PAST: 'Registration is closed for this event',
  EVENT_CANCELLED: 'This event has been cancelled.',
  CHECKIN_OTHER_EVENT: 'This code is for another event',
  ATTENDANCE_CLOSED: 'Attendance can be recorded from the day of the event',
  PAYLOAD_TOO_LARGE: 'Image is too large (5 MB at most)',
  RATE_LIMITED: 'Too many attempts. Please try again in 60 seconds.',
  INTERNAL: 'Something went wrong. Please try again.',
  DATABASE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
  MAIL_UNAVAILABLE: 'We could not send the e-mail right now. Please try again in a moment.',
};

/** The example answer of an error code, as the server writes it (the message under its three names). */
export function errorExample(code: ErrorCode): Record<string, unknown> {
  const message = ERROR_EXAMPLE_MESSAGES[code];
  return {
    success: false,
    code,
    msg: message,
    message,
    error: message,
    ...(code === 'VALIDATION' ? { fields: { email: message } } : {}),
  };
}

function errorStatuses(def: RouteDef): string[] {
  const doc = def.doc;
  const statuses = new Set<string>();
  const hasBody = !!doc.body || !!def.upload;
  if (hasBody || doc.query?.length || def.method !== 'get') statuses.add('400');
  if (def.access !== 'public') statuses.add('401');
  if (def.access === 'teacher' || def.access === 'admin') statuses.add('403');
  // An API key: 401 when unknown, revoked or expired, 403 without the scope, 429 past its rate limit.
  if (doc.scope) for (const s of ['401', '403', '429']) statuses.add(s);
  if (pathParams(def.path).length) statuses.add('404');
  if (hasBody) statuses.add('413');
  for (const code of doc.errors ?? []) statuses.add(String(httpStatusOf[code]).startsWith('5') ? '5XX' : String(httpStatusOf[code]));
  statuses.add('5XX');
  return [...statuses].sort();
}

export function buildOpenApiDocument(routes: readonly RouteDef[]): OpenApiDocument {
  const inputs = new InputSchemas();
  const named = new Map<string, JsonSchema>();
  const namedBy = new Map<JsonSchema, string>();

  /** Copies a schema, hoisting every published (named) schema inside it into components as a $ref. */
  const hoist = (schema: JsonSchema): JsonSchema => {
    const name = schemaName(schema);
    if (name) {
      const owner = named.get(name);
      if (owner === undefined) {
        named.set(name, {}); // claimed first: a schema may refer to itself
        namedBy.set(schema, name);
        named.set(name, copy(schema));
      } else if (namedBy.get(schema) !== name) {
        throw new Error(`Two different schemas are published as ${name}`);
      }
      return { $ref: COMPONENT_PREFIX + name };
    }
    return copy(schema);
  };
  const copy = (schema: JsonSchema): JsonSchema => {
    const out: JsonSchema = { ...schema };
    if (schema.properties) out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, hoist(v)]));
    if (schema.items) out.items = hoist(schema.items);
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') out.additionalProperties = hoist(schema.additionalProperties);
    for (const key of ['oneOf', 'anyOf', 'allOf'] as const) if (schema[key]) out[key] = schema[key]!.map(hoist);
    return out;
  };
  const ref = (cls: InputClass): JsonSchema => ({ $ref: COMPONENT_PREFIX + inputs.publish(cls) });

  const bodySchema = (body: NonNullable<RouteDoc['body']>): { schema: JsonSchema; required: boolean } => {
    if (typeof body === 'function') return { schema: ref(body), required: !!inputs.schemaOf(body).required?.length };
    if ('oneOf' in body) return { schema: { oneOf: body.oneOf.map(ref) }, required: true };
    if ('from' in body) {
      const source = inputs.schemaOf(body.from);
      const properties = Object.fromEntries(body.pick.map((k) => {
        if (!source.properties?.[k]) throw new Error(`${body.from.name} has no property ${k}`);
        return [k, source.properties[k]];
      }));
      const required = (source.required ?? []).filter((k) => body.pick.includes(k));
      return { schema: { type: 'object', description: `Validated with ${body.from.name}`, properties, ...(required.length ? { required } : {}) }, required: required.length > 0 };
    }
    return { schema: hoist(body.schema), required: !!body.schema.required?.length };
  };

  const queryParameters = (query: RouteDoc['query'] = []) => {
    const params = new Map<string, Record<string, unknown>>();
    for (const entry of query) {
      if (typeof entry === 'function') {
        for (const [name, prop] of Object.entries(inputs.schemaOf(entry).properties ?? {})) {
          const { description, ...schema } = prop;
          params.set(name, { name, in: 'query', required: false, ...(description ? { description } : {}), schema });
        }
        continue;
      }
      const param = entry as QueryParamDoc;
      const before = params.get(param.name);
      params.set(param.name, {
        ...(before ?? { name: param.name, in: 'query', required: false, schema: { type: 'string' } }),
        ...(param.description ? { description: param.description } : {}),
        ...(param.schema ? { schema: hoist(param.schema) } : {}),
      });
    }
    return [...params.values()];
  };

  const paths: OpenApiDocument['paths'] = {};
  const ids = new Set<string>();
  for (const def of routes) {
    const doc = def.doc;
    const where = `${def.method.toUpperCase()} /api${def.path}`;
    if (!doc?.summary?.trim()) throw new Error(`${where} has no summary in its RouteDoc`);
    if (!(doc.tag in ROUTE_TAGS)) throw new Error(`${where}: unknown tag ${doc.tag}`);
    const names = pathParams(def.path);
    const described = Object.keys(doc.params ?? {});
    const undocumented = names.filter((n) => !described.includes(n));
    const stray = described.filter((n) => !names.includes(n));
    if (undocumented.length || stray.length) throw new Error(`${where}: path parameters ${names.join(', ') || '(none)'} but documented ${described.join(', ') || '(none)'}`);

    const parameters: Array<Record<string, unknown>> = names.map((name) => {
      const p = doc.params![name];
      return typeof p === 'string'
        ? { name, in: 'path', required: true, description: p, schema: { type: 'string' } }
        : { name, in: 'path', required: true, description: p.description, schema: hoist(p.schema) };
    });
    parameters.push(...queryParameters(doc.query));
    if (doc.localized) parameters.push({ $ref: '#/components/parameters/Lang' }, { $ref: '#/components/parameters/AcceptLanguage' });

    let id = operationId(def);
    while (ids.has(id)) id += '_';
    ids.add(id);

    const keyNote = doc.scope ? `API keys: needs the \`${doc.scope}\` scope.` : '';
    const description = [doc.description, keyNote].filter(Boolean).join('\n\n');
    const op: Operation = {
      operationId: id,
      summary: doc.summary,
      ...(description ? { description } : {}),
      tags: [doc.tag],
      security: securityOf(def.access, doc.scope),
      'x-access': def.access,
      ...(doc.scope ? { 'x-api-key-scope': doc.scope } : {}),
      ...(parameters.length ? { parameters } : {}),
      responses: {},
    };

    if (doc.body || def.upload) {
      const json = doc.body ? bodySchema(doc.body) : null;
      const content: NonNullable<Operation['requestBody']>['content'] = {};
      if (json) content['application/json'] = { schema: json.schema };
      if (def.upload) {
        const files = object(Object.fromEntries(def.upload.fields.map((f) => [f, string(`The image file (JPEG, PNG or WebP, at most 5 MB)${def.upload!.fields.length > 1 ? `; send it under one of ${def.upload!.fields.join(', ')}` : ''}`, { format: 'binary' })])), {
          optional: json || def.upload.fields.length > 1 ? def.upload.fields : [],
        });
        content['multipart/form-data'] = { schema: json ? { allOf: [json.schema, files] } : files };
      }
      op.requestBody = {
        required: json ? json.required : true,
        ...(def.upload ? { description: json ? 'JSON, or a multipart form with the same fields as text and the image file' : 'A multipart form with the image file' } : {}),
        content,
      };
    }

    const status = String(doc.response.status ?? 200);
    const contentType = doc.response.contentType ?? 'application/json';
    op.responses[status] = {
      description: doc.response.description,
      content: {
        [contentType]: {
          schema: doc.response.schema ? hoist(doc.response.schema) : string(undefined, { format: 'binary' }),
          ...(doc.response.example !== undefined ? { example: doc.response.example } : {}),
        },
      },
    };
    for (const s of errorStatuses(def)) op.responses[s] = { $ref: `#/components/responses/${responseName(s)}` };

    const path = openApiPath(def.path);
    paths[path] ??= {};
    if (paths[path][def.method]) throw new Error(`${where} is declared twice`);
    paths[path][def.method] = op;
  }

  const responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, r]) => [
      responseName(status),
      {
        description: `${r.description}. Codes: ${r.codes.join(', ')}.`,
        ...(status === '429' ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } } : {}),
        content: {
          'application/json': {
            schema: { $ref: `${COMPONENT_PREFIX}Error` },
            examples: Object.fromEntries(r.codes.map((code) => [code, { summary: `${code} (${httpStatusOf[code]})`, value: errorExample(code) }])),
          },
        },
      },
    ]),
  );

  const usedTags = new Set(routes.map((r) => r.doc.tag));
  const hooks = webhookDocs();
  return {
    openapi: '3.0.3',
    info: {
      title: 'Gyan Jyoti Education Mission — REST API',
      version: '1.0.0',
      description: [
        'The REST adapter under `/api` (the same services as `POST /graphql`). Built from the route table at start-up: every route the server answers is listed here, and a test fails when one is not.',
        '',
        '**Answers** are JSON: `{ "success": true, ... }` with the data under `data` (and, for older clients, sometimes also under another name such as `user`). A few calls answer a plain array, a file (PDF, CSV, iCalendar) or HTML; each says so.',
        '',
        '**Errors** are `{ "success": false, "code", "msg", "message", "error", "fields"? }` with the HTTP status of the code (see the Error schema). A validation error names each failing field under `fields`.',
        '',
        '**Access**: public calls need nothing; others take `Authorization: Bearer <token>` (see the security schemes: a person\'s token, an approved teacher\'s, or an admin token). A missing or bad token answers 401, a token without the access 403. Integrators use an API key (`Authorization: Bearer gjk_…`) on the operations marked with its scope (`x-api-key-scope`), and receive signed webhooks: see the [guide for integrators](/api/docs/integrators.md) (docs/integrators.md in the repository) and the `x-webhooks` section.',
        '',
        `**Languages**: calls marked with \`lang\` answer their content in the language asked by \`?lang=\` or \`Accept-Language\` (${LANGUAGES.join(', ')}; English otherwise), with every language under \`translations\`. Messages are in English.`,
        '',
        '**Caching**: signed-out public reads (events, an event, the team) are shared answers with an ETag; send If-None-Match to get 304.',
      ].join('\n'),
    },
    servers: [{ url: '/', description: 'This server (the API, or the site proxying /api to it)' }],
    tags: Object.entries(ROUTE_TAGS).filter(([name]) => usedTags.has(name as RouteDoc['tag'])).map(([name, description]) => ({ name, description })),
    paths,
    'x-webhooks': hooks.webhooks,
    components: {
      schemas: { Error: ERROR_SCHEMA, ...inputs.components(), ...Object.fromEntries([...named.entries()].sort(([a], [b]) => a.localeCompare(b))), ...hooks.schemas },
      securitySchemes: SECURITY_SCHEMES,
      responses,
      parameters: {
        Lang: { name: 'lang', in: 'query', required: false, description: 'The language of the content (wins over Accept-Language)', schema: oneOfValues(LANGUAGES) },
        AcceptLanguage: { name: 'Accept-Language', in: 'header', required: false, description: 'The language of the content when `lang` is absent (q-values honoured; hi-IN counts as hi)', schema: { type: 'string' } },
      },
    },
  };
}

