import type { Language } from '../i18n/languages';
import type { Request, Response } from 'express';
import type { AccessLevel, ApiScope, Viewer } from '../common/access';
import type { Services } from '../services';
import type { ErrorCode } from '../common/errors';
import type { JsonSchema } from '../openapi/schema';
import type { RouteTag } from '../openapi/tags';

export interface RestContext {
  req: Request;
  res: Response;
  viewer: Viewer | null;
  services: Services;
  params: Record<string, string>;
  body: Record<string, unknown>;
  ip: string;
  /** The request's language (`?lang=` or Accept-Language, else English): content answers in it. */
  lang: Language;
  /** The uploaded file, on routes that accept one. */
  file?: { buffer: Buffer; fieldname: string; originalname: string; size: number };
}

/** A handler returns the JSON body (200) or a Reply for another status. */
export class Reply {
  constructor(readonly status: number, readonly body: unknown) {}
}
export const created = (body: unknown) => new Reply(201, body);

/** A class-validator class a service validates input with (its schema is generated from its decorators). */
export type InputClass = abstract new () => object;

/** A query-string parameter written out by hand (the ones a validated class does not describe). */
export interface QueryParamDoc {
  name: string;
  description?: string;
  schema?: JsonSchema;
}

/**
 * What the REST reference (GET /api/openapi.json, GET /api/docs) says about a route. Every route has one:
 * the reference is built from the route table, so a route cannot exist without its entry.
 */
export interface RouteDoc {
  /** One line: what the call does. */
  summary: string;
  description?: string;
  /** The reference's section. */
  tag: RouteTag;
  /** Each `:name` of the path: its description, or a description and schema. */
  params?: Record<string, string | { description: string; schema: JsonSchema }>;
  /** Query parameters: the properties of the classes the service validates them with, and hand-written ones (a later entry refines an earlier one of the same name). */
  query?: Array<InputClass | QueryParamDoc>;
  /**
   * The body: the class the service validates it with (its component schema is referenced), several
   * (one of them), that class with only some of its properties (the others come from the path), or a
   * hand-written schema for the bodies no class validates.
   */
  body?: InputClass | { oneOf: InputClass[] } | { from: InputClass; pick: string[] } | { schema: JsonSchema };
  /** The successful answer: its status (200 unless said), and its JSON schema or its media type. */
  response: { status?: 200 | 201; description: string; schema?: JsonSchema; contentType?: string; example?: unknown };
  /** Error codes the call answers besides those its access, path, query and body imply. */
  errors?: ErrorCode[];
  /** Answers in the request's language (`?lang=`, Accept-Language). */
  localized?: boolean;
  /** The API key scope that opens this (non-public) route to keys; without one, keys get 403 here. */
  scope?: ApiScope;
}

export interface RouteDef {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  access: AccessLevel;
  doc: RouteDoc;
  /** Multipart routes name the file field(s) they accept. */
  upload?: { fields: string[] };
  handler: (ctx: RestContext) => Promise<unknown>;
}

/** Declares a REST route under /api with the access it requires and its entry in the REST reference. */
export function route(method: RouteDef['method'], path: string, access: AccessLevel, doc: RouteDoc, handler: RouteDef['handler'], upload?: RouteDef['upload']): RouteDef {
  return { method, path, access, doc, handler, upload };
}
